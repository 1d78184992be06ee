/**
 * The peer the browser figures are compared with (issue 27): OpenAlgo's React + Vite frontend, the
 * files its `/login` page loads, as built and committed in its repository (bench/peer/README.md).
 * Served from loopback as a static host serves a single-page app: files by path, brotli or gzip as
 * the browser asks (as Trabot's server does), any other path answered with index.html.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../tests/support/child-processes';

export const PEER_DIR = path.join(ROOT, 'bench', 'peer', 'openalgo');
export const PEER_PAGE = '/login';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

interface Encoded {
  type: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Every file once, encoded at start so no request pays for compression. */
function loadFiles(): Map<string, Encoded> {
  const files = new Map<string, Encoded>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TYPES[path.extname(entry.name)]) {
        const plain = fs.readFileSync(full);
        files.set(`/${path.relative(PEER_DIR, full).split(path.sep).join('/')}`, {
          type: TYPES[path.extname(entry.name)]!,
          plain,
          br: zlib.brotliCompressSync(plain),
          gzip: zlib.gzipSync(plain, { level: 9 }),
        });
      }
    }
  };
  walk(PEER_DIR);
  return files;
}

export interface PeerServer {
  url: string;
  stop(): Promise<void>;
}

export async function startPeerServer(): Promise<PeerServer> {
  const files = loadFiles();
  const index = files.get('/index.html')!;
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://peer');
    const found = files.get(pathname);
    // An asset that is not there is a 404, as on a static host; a route is the app's index.html.
    if (!found && path.extname(pathname)) {
      res.writeHead(404).end();
      return;
    }
    const file = found ?? index;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : undefined;
    const body = encoding ? file[encoding] : file.plain;
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
