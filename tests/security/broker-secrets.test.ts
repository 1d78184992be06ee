/**
 * Broker secrets: after a member saves a broker access key, the superadmin saves one for another
 * account, the engine keeps a broker session token and daily Zerodha, Fyers, Upstox, Angel One and Dhan logins
 * (against their local servers) store their sessions, no plaintext (nor the brokers' one-time codes
 * and app secrets), (nor its base64 or hex, nor
 * any 8-character piece of it) is in any text/json/bytea column of any table, in a dump of the
 * database, in the log output, or in any API response: the views show only the masked value.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, logFilePath } from '@server/lib/logger';
import { setToken, tokenName } from '@server/records/tokens';
import { maskSecret } from '@shared/format-secret';
import { textLikeValues } from './support/db-snapshot';
import { databaseDump, leaksIn } from './support/secret-search';
import { stats } from './support/inspect';
import { apiRoutes, urlFor, type ApiRoute } from './support/route-table';
import { createAccount } from '../factories/accounts';
import { startFakeKite, type FakeKite } from '../support/fake-kite';
import { REST_BROKER_WORLDS, type RestFake } from '../support/rest-broker-worlds';
import { createWorld, jsonPayload, PRINCIPALS, send, type World } from './support/world';

let w: World;
let routes: ApiRoute[];
const started = performance.now();

const MEMBER_KEY = `member-key-${randomBytes(12).toString('hex')}`;
const ADMIN_KEY = `admin-key-${randomBytes(12).toString('hex')}`;
/** A broker session token the engine keeps for an account (Tokens screen, masked). */
const SESSION_TOKEN = `session-token-${randomBytes(12).toString('hex')}`;
let kite: FakeKite;
const restBrokers: { world: (typeof REST_BROKER_WORLDS)[number]; fake: RestFake; env: Record<string, string> }[] = [];
/** The daily logins' sessions and one-time codes, and the firm's app secrets. */
const dailyLogin: string[] = [];
/** The two keys saved through the API, the engine's token, the keys the factories stored, and the daily login's. */
const secrets = () => [
  MEMBER_KEY,
  ADMIN_KEY,
  SESSION_TOKEN,
  'kite-a-0a1b2c3d4e5f',
  'kite-b-0a1b2c3d4e5f',
  ...dailyLogin,
];

const leaks = (text: string) => leaksIn(text, secrets());

/** A superadmin connects a Zerodha account of the member through Kite's login. */
async function connectZerodha() {
  const account = await createAccount(w.t.deps, w.ids.member.member, { broker_name: 'zerodha' });
  const link = await send(
    w.clients.superadmin,
    'GET',
    `/api/brokers/zerodha/login-url?account_id=${account.trabot_account_id}`,
  );
  expect(link.status, link.text).toBe(200);
  const back = await kite.logIn((link.json as { url: string }).url);
  const done = await w.clients.superadmin.request(back.pathname + back.search);
  expect(done.headers.get('location')).toContain('broker_login=connected');
  const funds = kite.requests.findLast((r) => r.path === '/user/margins/equity')!;
  dailyLogin.push(funds.headers.authorization!.split(':')[1]!, back.searchParams.get('request_token')!, kite.apiSecret);
}

/** A superadmin connects an account of the member to a broker reached through its REST API. */
async function connectRestBroker({ world, fake, env }: (typeof restBrokers)[number]) {
  const account = await createAccount(w.t.deps, w.ids.member.member, {
    broker_name: world.broker,
    broker_client_id: `SEC${world.broker}`,
  });
  const link = await send(
    w.clients.superadmin,
    'GET',
    `/api/brokers/${world.broker}/login-url?account_id=${account.trabot_account_id}`,
  );
  expect(link.status, link.text).toBe(200);
  const back = await fake.logIn((link.json as { url: string }).url);
  const done = await w.clients.superadmin.request(back.pathname + back.search);
  expect(done.headers.get('location')).toContain('broker_login=connected');
  const funds = fake.requests.findLast((r) => r.path === world.fundsPath)!;
  dailyLogin.push(
    world.tokenOf(funds.headers),
    ...world.secretParams.map((p) => back.searchParams.get(p)!),
    ...Object.entries(env)
      .filter(([name]) => name.includes('SECRET'))
      .map(([, value]) => value),
  );
}

beforeAll(async () => {
  kite = await startFakeKite({ redirectUrl: 'http://localhost:3000/api/brokers/zerodha/callback' });
  for (const world of REST_BROKER_WORLDS)
    restBrokers.push({ world, ...(await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`)) });
  w = await createWorld({
    env: {
      KITE_API_KEY: kite.apiKey,
      KITE_API_SECRET: kite.apiSecret,
      KITE_API_ROOT: kite.root,
      KITE_LOGIN_URL: kite.loginUrl,
      ...Object.assign({}, ...restBrokers.map((b) => b.env)),
    },
  });
  routes = apiRoutes(w.t.app);
  const byMember = await send(
    w.clients.member,
    'POST',
    '/api/update-broker-details',
    jsonPayload({ broker_name: 'zerodha', broker_client_id: 'ZX4821', broker_access_key: MEMBER_KEY }),
  );
  expect(byMember.status, byMember.text).toBe(200);
  const byAdmin = await send(
    w.clients.superadmin,
    'POST',
    `/api/${w.ids.otherMember.account}/update-broker-details`,
    jsonPayload({ broker_name: 'angelone', broker_client_id: 'AB1234', broker_access_key: ADMIN_KEY }),
  );
  expect(byAdmin.status, byAdmin.text).toBe(200);
  await setToken(w.t.deps, { name: 'zerodha.access_token', accountId: w.ids.member.account, value: SESSION_TOKEN });
  await connectZerodha();
  for (const broker of restBrokers) await connectRestBroker(broker);
});
afterAll(async () => {
  console.info(`[security] broker secrets: ${stats.requests} requests, ${Math.round(performance.now() - started)} ms`);
  await w.close();
  await kite.close();
  for (const { fake } of restBrokers) await fake.close();
});

describe('broker access keys at rest', () => {
  it('are stored, encrypted: the saved keys decrypt from the accounts table', async () => {
    const rows = (await w.t.deps.db.execute(
      sql`select trabot_account_id, broker_access_key_enc from accounts order by 1`,
    )) as unknown as {
      rows: { trabot_account_id: number; broker_access_key_enc: string | null }[];
    };
    const stored = Object.fromEntries(rows.rows.map((r) => [r.trabot_account_id, r.broker_access_key_enc]));
    expect(w.t.deps.secrets.decrypt(stored[w.ids.member.account]!)).toBe(MEMBER_KEY);
    expect(w.t.deps.secrets.decrypt(stored[w.ids.otherMember.account]!)).toBe(ADMIN_KEY);
  });

  it('appear in no text, varchar, json or bytea column of any table', async () => {
    const values = await textLikeValues(w.t.deps.db);
    expect(new Set(values.map((v) => v.table)).size).toBeGreaterThan(10);
    const found = values.flatMap((v) => leaks(v.value).map((l) => `${v.table}.${v.column}: ${l}`));
    expect(found).toEqual([]);
  });

  it('appear nowhere in a dump of the database', async () => {
    const dump = await databaseDump(w.t);
    expect(dump.length).toBeGreaterThan(10_000);
    // The dump holds the data at all: a member's email is in it.
    expect(dump.includes(Buffer.from(w.logins.member.email))).toBe(true);
    expect(leaks(dump.toString('latin1'))).toEqual([]);
    expect(leaks(dump.toString('utf8'))).toEqual([]);
  });
});

describe('broker access keys in logs', () => {
  it("are not in the app's log output", () => {
    const log = w.t.logLines.join('\n');
    expect(log).toContain('broker details updated');
    expect(log).toContain('broker details updated by an admin');
    expect(log).toContain('broker connected');
    expect(leaks(log)).toEqual([]);
  });

  it("are redacted by the server's logger (file and stdout) even when a body is logged by mistake", async () => {
    const dataDir = fs.mkdtempSync(path.join(w.dataDir, 'logger-'));
    const log = createLogger({ level: 'info', dataDir, stdout: false });
    log.info({ broker_access_key: MEMBER_KEY, body: { broker_access_key: ADMIN_KEY } }, 'a careless log line');
    // The file destination writes asynchronously.
    const file = await vi.waitFor(
      () => {
        const text = fs.readFileSync(logFilePath(dataDir), 'utf8');
        expect(text).toContain('a careless log line');
        return text;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(leaks(file)).toEqual([]);
  });
});

describe('broker access keys in API responses', () => {
  it('the member and the admin see only the masked key', async () => {
    const own = await send(w.clients.member, 'GET', '/api/account-details');
    expect((own.json as { broker_access_key: string }).broker_access_key).toBe(maskSecret(MEMBER_KEY));
    const asAdmin = await send(w.clients.superadmin, 'GET', `/api/${w.ids.member.account}/account-details`);
    expect((asAdmin.json as { broker_access_key: string }).broker_access_key).toBe(maskSecret(MEMBER_KEY));
    const list = await send(w.clients.superadmin, 'GET', `/api/admin/members/${w.ids.otherMember.member}/accounts`);
    expect((list.json as { broker_access_key: string }[]).map((a) => a.broker_access_key)).toEqual([
      maskSecret(ADMIN_KEY),
    ]);
    const tokens = await send(w.clients.superadmin, 'GET', '/api/admin/tokens');
    expect((tokens.json as Record<string, string>)[tokenName('zerodha.access_token', w.ids.member.account)]).toContain(
      maskSecret(SESSION_TOKEN),
    );
  });

  it('no GET route, for any principal and either member’s ids, returns a key in plaintext', async () => {
    let checked = 0;
    for (const principal of PRINCIPALS) {
      for (const ids of [w.ids.member, w.ids.otherMember]) {
        for (const r of routes.filter((x) => x.method === 'GET')) {
          const res = await send(w.clients[principal], 'GET', urlFor(r, ids));
          expect(leaks(res.text), `${principal} ${r.key}`).toEqual([]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('saving a key answers with the masked view only', async () => {
    const key = `rotated-${randomBytes(12).toString('hex')}`;
    const res = await send(
      w.clients.member,
      'POST',
      '/api/update-broker-details',
      jsonPayload({ broker_name: 'zerodha', broker_client_id: 'ZX4821', broker_access_key: key }),
    );
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(key);
    expect((res.json as { broker_access_key: string }).broker_access_key).toBe(maskSecret(key));
  });
});
