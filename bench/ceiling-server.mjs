// The throughput ceiling: a bare node:http server answering one recorded response from memory.
// Reads { status, headers, body (base64) } from the file in argv[2]; listens on 127.0.0.1:argv[3].
import fs from 'node:fs';
import http from 'node:http';

const recorded = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };
http
  .createServer((_req, res) => res.writeHead(recorded.status, headers).end(body))
  .listen(Number(process.argv[3]), '127.0.0.1');
