/**
 * API under load on loopback (autocannon, 50 connections): our server's requests/s, p50, p99 and
 * errors per endpoint, then a bare node:http server (ceiling-server.mjs) answering the same status,
 * headers and body from memory, and our throughput as a share of that ceiling. Both are asked with
 * a browser's Accept-Encoding, so both send the bytes a browser would get (compressed when we compress),
 * and with the cookies of 50 sessions in turn, as from 50 clients.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { freePort, waitForAnswer } from '../tests/support/real-server';
import { ROOT } from '../tests/support/child-processes';
import { stopChild, type BenchServer } from './server';

export const CONNECTIONS = 50;
export const POSTGRES_BUDGET = { p99Ms: 50, ceilingShare: 0.3 };
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
/** What Chromium sends with every request. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export const ENDPOINTS = [
  {
    name: 'check-session',
    path: '/api/check-session',
    check: (body: unknown) => (body as { status?: string }).status === 'success',
  },
  {
    name: 'account-trades',
    path: '/api/account-trades?status=active',
    check: (body: unknown) => Array.isArray(body) && body.length === 1000,
  },
] as const;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface EndpointLoad {
  endpoint: string;
  acceptEncoding: string;
  /** Content-Encoding of the answer, `identity` when none. */
  contentEncoding: string;
  /** Body bytes on the wire, as encoded. */
  responseBytes: number;
  ours: LoadFigures;
  ceiling: LoadFigures;
  ceilingShare: number;
}

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request as autocannon sends it, kept byte for byte. */
function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          const kept = Object.entries(res.headers).filter(
            ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name),
          );
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(kept.map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(parts),
          });
        });
      })
      .on('error', reject);
  });
}

/** Each request carries the next of the sessions' cookies, as from that many clients. */
async function load(url: string, headers: Record<string, string>, cookies: string[]): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        setupRequest: (request) => {
          request.headers = { ...request.headers, cookie: cookies[next++ % cookies.length]! };
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

function decodedJson(recorded: Recorded): unknown {
  const encoding = recorded.headers['content-encoding'];
  const body =
    encoding === 'br'
      ? zlib.brotliDecompressSync(recorded.body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(recorded.body)
        : recorded.body;
  return JSON.parse(body.toString('utf8'));
}

async function ceilingLoad(
  recorded: Recorded,
  headers: Record<string, string>,
  cookies: string[],
): Promise<LoadFigures> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-ceiling-')), 'response.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ status: recorded.status, headers: recorded.headers, body: recorded.body.toString('base64') }),
  );
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'ceiling-server.mjs'), file, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitForAnswer(url, child);
    return await load(url, headers, cookies);
  } finally {
    await stopChild(child);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

export async function measureApiLoad(server: BenchServer): Promise<EndpointLoad[]> {
  const headers = { 'accept-encoding': ACCEPT_ENCODING };
  const results: EndpointLoad[] = [];
  for (const endpoint of ENDPOINTS) {
    const url = `${server.url}${endpoint.path}`;
    const recorded = await record(url, { ...headers, cookie: server.cookie });
    if (recorded.status !== 200 || !endpoint.check(decodedJson(recorded))) {
      throw new Error(
        `${endpoint.path} answered ${recorded.status} with an unexpected body: ${recorded.body.toString('utf8').slice(0, 200)}`,
      );
    }
    const contentEncoding = recorded.headers['content-encoding'] ?? 'identity';
    console.log(
      `${endpoint.path}: ${recorded.body.length} bytes (${contentEncoding}) for Accept-Encoding: ${ACCEPT_ENCODING}`,
    );
    const ours = await load(url, headers, server.cookies);
    const ceiling = await ceilingLoad(recorded, headers, server.cookies);
    results.push({
      endpoint: endpoint.path,
      acceptEncoding: ACCEPT_ENCODING,
      contentEncoding,
      responseBytes: recorded.body.length,
      ours,
      ceiling,
      ceilingShare: Number((ours.requestsPerSecond / ceiling.requestsPerSecond).toFixed(3)),
    });
  }
  return results;
}

export function meetsPostgresBudget(load: EndpointLoad): boolean {
  return (
    load.ours.p99Ms < POSTGRES_BUDGET.p99Ms &&
    load.ceilingShare >= POSTGRES_BUDGET.ceilingShare &&
    load.ours.errors === 0 &&
    load.ours.non2xx === 0
  );
}
