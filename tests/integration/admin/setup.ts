/** One app per test file with a superadmin, a member and an anonymous client; admin-area factories. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { z } from 'zod';
import { algos, algoSubscriptions, signals } from '../../../src/server/db/schema';
import type { AppDeps } from '../../../src/server/context';
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

async function loggedIn(t: TestApp, email: string, password: string): Promise<TestClient> {
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
export async function expectError(res: Response, status: number): Promise<{ error: string; fields?: Record<string, string> }> {
  const body = (await res.json()) as { error: string; fields?: Record<string, string> };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(typeof body.error).toBe('string');
  return body;
}

/** A JSON request the way the admin screens send it: PUT creates, POST updates. */
export const put = (client: TestClient, url: string, json: unknown) => client.request(url, { method: 'PUT', json });
export const post = (client: TestClient, url: string, json: unknown) => client.request(url, { method: 'POST', json });

type Deps = Pick<AppDeps, 'db'>;

export async function createAlgo(deps: Deps, overrides: Partial<typeof algos.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(algos)
    .values({ algo_desc: 'Swing momentum, NSE cash', algo_switch: false, ...overrides })
    .returning();
  return row!;
}

export async function createSignal(deps: Deps, algoId: number, overrides: Partial<typeof signals.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(signals)
    .values({
      algo_id: algoId,
      instrument_symbol: 'RELIANCE',
      instrument_type: 'EQ',
      trade_type: 'swing',
      trade_direction: 'long',
      trade_gen_ts: new Date('2026-11-20T10:15:00+05:30'),
      entry_level: 2950.5,
      stop_loss_level: 2890,
      target_level: 3080,
      trade_status: 'pending',
      algo_process_ind: true,
      portion_in_trade: 100,
      risk_reward: 2.14,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSubscription(deps: Deps, algoId: number, accountId: number, overrides: Partial<typeof algoSubscriptions.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(algoSubscriptions)
    .values({
      algo_id: algoId,
      trabot_account_id: accountId,
      max_total_capital: 400000,
      risk_percent_pertrade: 1,
      max_percent_allocation_pertrade: 20,
      min_percent_allocation_pertrade: 5,
      min_required_risk_reward: 1.5,
      max_acceptable_loss: 20000,
      subscription_status: 'active',
      ...overrides,
    })
    .returning();
  return row!;
}
