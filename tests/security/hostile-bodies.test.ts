/**
 * Regression (outside sweep): one unauthenticated POST /api/contact-us whose field
 * was an array nested 130,000 deep (260 KB) froze the whole server for 347 s, because the NUL walk
 * over the parsed body copied its path at every level. Against a real server process: absurd bodies
 * are refused at once (size per route, then depth, before any parse) while /api/health keeps
 * answering, and the walk over a deep value a route does accept is linear.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan, parseWith } from '@server/http/api-errors';
import { PUBLIC_BODY_LIMITS } from '@server/security/body-limits';
import { ApiClient } from '../faults/support/api-client';
import { FAULT_LOGINS, startFaultServer } from '../faults/support/server-process';
import type { ServerProcess } from '../support/real-server';
import { removeTempDirs, tempDir } from '../support/child-processes';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** The sweep's body: 260,000 bytes, under the old 256 KiB limit for every route. */
const SWEEP_BODY = `{"type":"Research Enquiry","formString":${nested(130_000)}}`;

let server: ServerProcess;
beforeAll(async () => {
  server = await startFaultServer({ dataDir: tempDir('trabot-security-bodies-') });
});
afterAll(async () => {
  // Undefined if beforeAll failed before assigning it.
  await (server as ServerProcess | undefined)?.stop('SIGKILL');
  removeTempDirs();
});

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/**
 * One request on a connection of its own (fetch would reuse a socket the server closes after
 * refusing a body it did not read, as it should).
 */
function send(method: string, pathname: string, body?: string, cookie = ''): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${pathname}`,
      {
        method,
        agent: false,
        timeout: 10_000,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${pathname} got no answer in 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls /api/health every 20 ms while `work` runs; returns the slowest answer and how many came. */
async function healthDuring<T>(work: () => Promise<T>): Promise<{ result: T; slowestMs: number; answers: number }> {
  let done = false;
  let slowestMs = 0;
  let answers = 0;
  const poller = (async () => {
    // `done` is set by the finally below while this loop awaits; TypeScript follows an immediately
    // invoked function as part of the code around it, where `done` is still false.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    while (!done) {
      const started = performance.now();
      expect((await send('GET', '/api/health')).status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answers++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work(), slowestMs, answers };
  } finally {
    done = true;
    await poller;
  }
}

describe('hostile bodies against a running server', () => {
  it("the sweep's 130,000-deep body to a public form: 413 at once, health answers throughout", async () => {
    const { result, slowestMs, answers } = await healthDuring(async () => {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await send('POST', '/api/contact-us', SWEEP_BODY));
      return answers;
    });
    for (const answer of result) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ error: expect.stringMatching(/^Request body too large/) });
      expect(answer.ms).toBeLessThan(1000);
    }
    expect(answers).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1000);
  });

  it('a deep body within the size limit: 400 naming the depth limit, in well under a second', async () => {
    const depth = Math.floor(PUBLIC_BODY_LIMITS['/api/contact-us']! / 2) - 100;
    const answer = await send('POST', '/api/contact-us', `{"type":"Research Enquiry","formString":${nested(depth)}}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: `JSON body nests deeper than ${MAX_JSON_DEPTH} levels` });
    expect(answer.ms).toBeLessThan(1000);
  });

  it('the same for a logged-in superadmin on a route with the 256 KB limit', async () => {
    const admin = new ApiClient(server.url);
    await admin.login(FAULT_LOGINS.admin.email, FAULT_LOGINS.admin.password);
    const { result, slowestMs } = await healthDuring(() =>
      send('PUT', '/api/members', `{"name":${nested(130_000)}}`, admin.cookieHeader),
    );
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: `JSON body nests deeper than ${MAX_JSON_DEPTH} levels` });
    expect(slowestMs).toBeLessThan(1000);
  });
});

describe('the body checks themselves', () => {
  it('counts depth outside strings only', () => {
    expect(jsonNestsDeeperThan(nested(64), 64)).toBe(false);
    expect(jsonNestsDeeperThan(nested(65), 64)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: [{ b: [1] }] }), 3)).toBe(true);
  });

  it('finds a NUL character at the bottom of a 200,000-deep value and names its path (one pass)', () => {
    let value: unknown = { leaf: 'bad\u0000' };
    for (let i = 0; i < 200_000; i++) value = [value];
    const started = performance.now();
    let fields: Record<string, string> | undefined;
    try {
      parseWith(z.unknown(), value, 'body');
    } catch (err) {
      fields = (err as { fields?: Record<string, string> }).fields;
    }
    expect(performance.now() - started).toBeLessThan(2000);
    const [path] = Object.keys(fields ?? {});
    expect(path).toBe(`${'0.'.repeat(200_000)}leaf`);
  });
});
