/** JSON answers are gzipped for clients that accept it only when they are worth it (1 KB or more). */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createUser } from '../factories/accounts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

let t: TestApp;
let admin: TestClient;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 20; i++) await createMember(t.deps);
  const user = await createUser(t.deps, { role: 'superadmin' });
  admin = t.client();
  expect((await admin.login(user.email, user.password)).status).toBe(200);
});
afterAll(() => t.close());

describe('JSON compression', () => {
  it('leaves a small answer as it is, with its length', async () => {
    const res = await admin.request('/api/check-session', { headers: BROWSER });
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(body.length).toBeLessThan(1024);
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({ status: 'success' });
  });

  it('gzips an answer of 1 KB or more for a client that accepts it, and not for one that does not', async () => {
    const zipped = await admin.request('/api/members', { headers: BROWSER });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const members = JSON.parse(zlib.gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')) as unknown[];
    expect(members.length).toBeGreaterThanOrEqual(20);

    const plain = await admin.request('/api/members', { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(body.length).toBeGreaterThanOrEqual(1024);
    expect(JSON.parse(body.toString('utf8'))).toEqual(members);
  });
});
