/** One app per test file with a superadmin, a member and an anonymous client; response checks and request helpers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { z } from 'zod';
import { createMemberLogin, createUser } from '../../factories/accounts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

export interface AdminTest {
  t: TestApp;
  admin: TestClient;
  member: TestClient;
  anonymous: TestClient;
  adminUserId: number;
  /** The member login's own member, account and user. */
  memberLogin: Awaited<ReturnType<typeof createMemberLogin>>;
}

/** A client of the app logged in as this user. */
export async function loggedIn(t: TestApp, email: string, password: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.login(email, password)).status).toBe(200);
  return client;
}

/** DATA_DIR is a fresh folder (the log file lives there), removed on close. */
export async function adminTest(options: { env?: Record<string, string> } = {}): Promise<AdminTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-admin-'));
  const app = await createTestApp({ env: { DATA_DIR: dataDir, ...options.env } });
  const t: TestApp = {
    ...app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const adminUser = await createUser(t.deps, { role: 'superadmin', name: 'Ops Admin' });
  const memberLogin = await createMemberLogin(t.deps, { brokerAccessKey: 'kite-0a1b2c3d4e5f6a7b8c9d' });
  return {
    t,
    admin: await loggedIn(t, adminUser.email, adminUser.password),
    member: await loggedIn(t, memberLogin.user.email, memberLogin.user.password),
    anonymous: t.client(),
    adminUserId: adminUser.id,
    memberLogin,
  };
}

/** The response's JSON after checking its status (and, given a schema, its exact shape). */
export async function expectJson<T>(res: Response, status: number, schema: z.ZodType<T>): Promise<T> {
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

/** A 4xx with the API's error shape; returns `{error, fields}`. */
export async function expectError(
  res: Response,
  status: number,
): Promise<{ error: string; fields?: Record<string, string> }> {
  const body = (await res.json()) as { error: string; fields?: Record<string, string> };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(typeof body.error).toBe('string');
  return body;
}

/** A JSON request the way the admin screens send it: PUT creates, POST updates. */
export const put = (client: TestClient, url: string, json: unknown) => client.request(url, { method: 'PUT', json });
export const post = (client: TestClient, url: string, json: unknown) => client.request(url, { method: 'POST', json });
