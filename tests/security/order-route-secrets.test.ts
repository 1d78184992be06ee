/**
 * Issue 44, "secrets in logs and answers": the password of an account's order proxy
 * (`http://user:password@proxy:3128`) is in no table in clear, in no API answer (the masked view
 * `user:••••@` only), in no log line, and never comes back from GET /api/logs, not even from a line
 * written the way the server logged it before the fix. An override stored in clear before the fix
 * is sealed at start-up.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts } from '@server/db/schema';
import { createLogger, logFilePath } from '@server/lib/logger';
import { textLikeValues } from './support/db-snapshot';
import { leaksIn } from './support/secret-search';
import { createAccount, createMember } from '../factories/accounts';
import { createAlgo } from '../factories/algos';
import { createSubscription } from '../factories/subscriptions';
import { adminTest, expectError, post, type AdminTest } from '../integration/admin/setup';

const PASSWORD = `proxy-pw-${randomBytes(9).toString('hex')}`;
const PROXY = `http://trader7:${PASSWORD}@198.51.100.3:3128`;
const MASKED = 'http://trader7:••••@198.51.100.3:3128';

/** Where `text` holds the password: whole, percent-encoded, base64, or any 8-character piece of it. */
const leaks = (text: string) => leaksIn(text, [PASSWORD, encodeURIComponent(PASSWORD)]);

let a: AdminTest;
let accountId: number;
let memberId: number;
/** The answer to saving the proxy URL. */
let saved: Response;
const orderSourceUrl = () => `/api/admin/accounts/${accountId}/order-source`;

beforeAll(async () => {
  a = await adminTest({ env: { LIVE_TRADING: '1', KITE_API_KEY: 'kitekey', KITE_API_SECRET: 'kitesecret' } });
  const member = await createMember(a.t.deps);
  memberId = member.trabot_client_id;
  const account = await createAccount(a.t.deps, memberId, { broker_name: 'zerodha', trading_mode: 'live' });
  accountId = account.trabot_account_id;
  await createSubscription(a.t.deps, (await createAlgo(a.t.deps)).algo_id, accountId);
  saved = await post(a.admin, orderSourceUrl(), { order_source: PROXY });
  expect(saved.status).toBe(200);
});
afterAll(() => a.t.close());

const storedOrderSource = async () =>
  (
    await a.t.deps.db
      .select({ order_source: accounts.order_source })
      .from(accounts)
      .where(eq(accounts.trabot_account_id, accountId))
  )[0]!.order_source;

describe('at rest', () => {
  it('the override is sealed: it decrypts to the URL, and the password is in no column of any table', async () => {
    expect(a.t.deps.secrets.decrypt((await storedOrderSource())!)).toBe(PROXY);
    const values = await textLikeValues(a.t.deps.db);
    expect(values.flatMap((v) => leaks(v.value).map((l) => `${v.table}.${v.column}: ${l}`))).toEqual([]);
  });

  it('an override stored in clear before the fix is sealed by the start-up step, once', async () => {
    const old = await createAccount(a.t.deps, memberId, { order_source: `https://ops:${PASSWORD}@203.0.113.80:8443` });
    const { sealPlainOrderSources } = await import('@server/records/order-sources');
    expect(await sealPlainOrderSources(a.t.deps)).toBe(1);
    const [row] = await a.t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, old.trabot_account_id));
    expect(leaks(row!.order_source!)).toEqual([]);
    expect(a.t.deps.secrets.decrypt(row!.order_source!)).toBe(`https://ops:${PASSWORD}@203.0.113.80:8443`);
    expect(await sealPlainOrderSources(a.t.deps)).toBe(0);
    const list = await a.admin.request(`/api/admin/members/${memberId}/accounts`);
    expect(((await list.json()) as { order_source: string | null }[]).map((x) => x.order_source)).toContain(
      'https://ops:••••@203.0.113.80:8443',
    );
  });
});

describe('in answers', () => {
  it('saving the proxy answers the masked view', async () => {
    expect(await saved.json()).toMatchObject({ order_source: MASKED, order_address: 'proxy http://198.51.100.3:3128' });
  });

  it('the accounts list, the account and the readiness board show the masked view or the proxy host only', async () => {
    for (const url of [
      `/api/admin/members/${memberId}/accounts`,
      `/api/${accountId}/account-details`,
      '/api/admin/readiness',
    ]) {
      const text = await (await a.admin.request(url)).text();
      expect(leaks(text), url).toEqual([]);
      if (url.includes('members')) expect(text).toContain(MASKED);
      if (url.includes('readiness')) expect(text).toContain('proxy http://198.51.100.3:3128');
    }
  });

  it('saving the masked view back keeps the stored password; the masked one at another address is refused', async () => {
    const kept = await post(a.admin, orderSourceUrl(), { order_source: MASKED });
    expect(kept.status).toBe(200);
    expect(leaks(await kept.text())).toEqual([]);
    expect(a.t.deps.secrets.decrypt((await storedOrderSource())!)).toBe(PROXY);
    const moved = await expectError(
      await post(a.admin, orderSourceUrl(), { order_source: 'http://trader7:••••@198.51.100.99:3128' }),
      400,
    );
    expect(Object.keys(moved.fields ?? {})).toEqual(['order_source']);
    expect(a.t.deps.secrets.decrypt((await storedOrderSource())!)).toBe(PROXY);
  });
});

describe('in logs', () => {
  it("the app's audit line of the change shows the masked view", () => {
    const lines = a.t.logLines.filter((l) => l.includes('account order source set'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(MASKED);
    expect(leaks(a.t.logLines.join('\n'))).toEqual([]);
  });

  it("the server's logger masks a URL's password in any field or message (file and stdout)", async () => {
    const dataDir = fs.mkdtempSync(path.join(a.t.deps.env.DATA_DIR, 'logger-'));
    const log = createLogger({ level: 'info', dataDir, stdout: false });
    log.info({ route: PROXY, nested: { url: `postgres://db:${PASSWORD}@db.internal:5432/x` } }, `via ${PROXY}`);
    const text = await vi.waitFor(
      () => {
        const file = fs.readFileSync(logFilePath(dataDir), 'utf8');
        expect(file).toContain('via http://trader7:');
        return file;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(text).toContain(MASKED);
    expect(leaks(text)).toEqual([]);
  });

  it('GET /api/logs masks the password in lines written before the fix, and a search for it finds nothing', async () => {
    // The line as the server wrote it before the fix: the body's order_source verbatim, a quote escaped.
    const oldLine = JSON.stringify({
      level: 30,
      time: Date.parse('2026-12-01T04:00:00Z'),
      userId: a.adminUserId,
      userEmail: 'ops@trabot.test',
      accountId,
      order_source: `http://trader7:${PASSWORD}"x@198.51.100.3:3128`,
      msg: 'account order source set',
    });
    const file = logFilePath(a.t.deps.env.DATA_DIR);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${oldLine}\n${JSON.stringify({ level: 30, msg: `proxy ${PROXY} unreachable` })}\n`);
    const found = await a.admin.request('/api/logs?search=order%20source%20set&lines=50');
    const lines = ((await found.json()) as { lines: string[] }).lines;
    expect(lines.some((l) => l.includes('"order_source":"http://trader7:••••@198.51.100.3:3128"'))).toBe(true);
    const all = await (await a.admin.request('/api/logs?lines=500')).text();
    expect(all).toContain(`proxy ${MASKED} unreachable`);
    expect(leaks(all)).toEqual([]);
    const searched = await a.admin.request(`/api/logs?search=${PASSWORD.slice(0, 12)}&lines=50`);
    expect(((await searched.json()) as { lines: string[] }).lines).toEqual([]);
  });
});
