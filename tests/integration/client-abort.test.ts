/**
 * Regression: a client that hangs up in the middle of its request body was
 * logged as "database unavailable" and answered 503, counted as a server error. It is the client
 * going away: logged at info as such, never a 5xx.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** Sends the headers and part of a body that promises `length` bytes, then hangs up. */
async function hangUpMidBody(path: string, length: number): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"type":"Research Enq`,
  );
  await new Promise((r) => setTimeout(r, 50));
  socket.destroy();
}

it('a body cut short by the client is logged as the client closing, at info, never as the database or a 5xx', async () => {
  const before = t.logLines.length;
  for (const path of ['/api/contact-us', '/api/login', '/api/workshop-enquiry']) await hangUpMidBody(path, 2000);
  await expect.poll(() => t.logLines.slice(before).filter((l) => l.includes('"msg":"request"')).length).toBe(3);
  const lines = t.logLines.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string; status?: number });
  expect(lines.filter((l) => l.msg === 'database unavailable' || l.level >= 50)).toEqual([]);
  expect(lines.filter((l) => l.msg === 'client closed the request')).toHaveLength(3);
  expect(lines.filter((l) => l.msg === 'request').every((l) => l.status !== undefined && l.status < 500)).toBe(true);
  // The server is fine.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
});
