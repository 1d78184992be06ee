/** Static serving of a prerendered build: each public page its own HTML file, every other path the plain shell. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body><div id="root" data-prerendered="">${name}</div></body></html>`;
const SHELL = '<!doctype html><html><head><title>Trabot</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-prerendered-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), page('home'));
  fs.writeFileSync(path.join(clientDir, 'trabot-membership.html'), page('membership'));
  fs.writeFileSync(path.join(clientDir, 'app.html'), SHELL);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('a prerendered build', () => {
  it('answers / with the prerendered home page and /<page> with <page>.html, revalidated on every load', async () => {
    for (const [pathname, body] of [
      ['/', page('home')],
      ['/trabot-membership', page('membership')],
      ['/trabot-membership?ref=x', page('membership')],
    ] as const) {
      const res = await t.client().request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await res.text(), pathname).toBe(body);
    }
  });

  it('answers every other path with the plain shell app.html, never with a page that is not its own', async () => {
    for (const pathname of ['/dashboard/trades', '/workshops', '/no/such/page', '/trabot-membership/x', '/home']) {
      const res = await t.client().request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await res.text(), pathname).toBe(SHELL);
    }
  });
});
