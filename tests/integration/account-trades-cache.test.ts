/**
 * GET /api/account-trades serves encoded answers from memory, keyed by the account's trades version
 * that database triggers change on every write. Each writer (the engine, an admin edit, raw SQL on
 * trades, entries and exits, another app process) must show on the very next request.
 */
import { eq, sql } from 'drizzle-orm';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { instruments, tradeEntries, tradeExits, trades } from '@server/db/schema';
import { listAccountTrades } from '@server/services/trades';
import type { Trade } from '@shared/schemas/trades';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createTrade } from '../factories/trades';
import { engineScenario } from './engine/scenario';
import type { TestClient } from './helpers/test-app';

const { t, at, newEngine, newAlgo, newSignal, subscriber } = engineScenario();

const BROWSER = 'gzip, deflate, br, zstd';

function decode(body: Buffer, encoding: string | null): Trade[] {
  const plain =
    encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
  return JSON.parse(plain.toString('utf8')) as Trade[];
}

async function getTrades(client: TestClient, query = '', acceptEncoding = BROWSER) {
  const res = await client.request(`/api/account-trades?status=active${query}`, {
    headers: { 'accept-encoding': acceptEncoding },
  });
  expect(res.status).toBe(200);
  return { res, trades: decode(Buffer.from(await res.arrayBuffer()), res.headers.get('content-encoding')) };
}

/** An admin trade edit body (adminTradeEditBodySchema) of the test's main trade. */
const tradeEdit = (changes: Record<string, unknown>) => ({
  trade_date: '2026-11-05',
  trade_status: 'open',
  trade_quantity: 40,
  current_mtm: 350,
  trade_risk: 620,
  remaining_quantity: 30,
  broker_trade_number: null,
  stoploss_trade_number: null,
  ltp: 790,
  ...changes,
});

const find = (list: Trade[], id: number) => list.find((trade) => trade.trabot_trade_id === id);

let member: Awaited<ReturnType<typeof createMemberLogin>>;
let memberClient: TestClient;
let adminClient: TestClient;
let accountId: number;
let tradeId: number;

async function loggedIn(email: string, password: string) {
  const client = t.client();
  expect((await client.login(email, password)).status).toBe(200);
  return client;
}

beforeAll(async () => {
  member = await createMemberLogin(t.deps);
  accountId = member.account.trabot_account_id;
  tradeId = (
    await createTrade(
      t.deps,
      accountId,
      { trade_date: '2026-11-05' },
      { entries: [{ trade_entry_sequence: 1, trade_entry_quantity: 40, trade_entry_price: 742.35 }] },
    )
  ).trabot_trade_id;
  await createTrade(t.deps, accountId, { trade_date: '2026-11-04', trade_status: 'completed' });
  memberClient = await loggedIn(member.user.email, member.user.password);
  const admin = await createUser(t.deps, { role: 'superadmin' });
  adminClient = await loggedIn(admin.email, admin.password);
});

describe('account-trades answers', () => {
  it('are the same list in br, gzip and plain JSON, with Vary and no-store, and equal to the database', async () => {
    const expected = JSON.parse(
      JSON.stringify(await listAccountTrades(t.deps.db, accountId, 'active', 'member')),
    ) as Trade[];
    const br = await getTrades(memberClient);
    expect(br.res.headers.get('content-encoding')).toBe('br');
    const gzip = await getTrades(memberClient, '', 'gzip, deflate');
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip');
    const plain = await getTrades(memberClient, '', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    for (const { res, trades: list } of [br, gzip, plain]) {
      expect(list).toEqual(expected);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(expected.map((trade) => trade.trade_date)).toEqual(['2026-11-05', '2026-11-04']);
  });

  it('come from memory while the version stands (a write with the triggers off is not seen)', async () => {
    await getTrades(memberClient);
    await t.deps.db.execute(sql`alter table trades disable trigger trades_update_account_trade_versions`);
    try {
      await t.deps.db.update(trades).set({ trade_instrument: 'UNSEEN' }).where(eq(trades.trabot_trade_id, tradeId));
      expect(find((await getTrades(memberClient)).trades, tradeId)?.trade_instrument).toBe('TATAMOTORS');
    } finally {
      await t.deps.db.update(trades).set({ trade_instrument: 'TATAMOTORS' }).where(eq(trades.trabot_trade_id, tradeId));
      await t.deps.db.execute(sql`alter table trades enable trigger trades_update_account_trade_versions`);
    }
  });
});

describe('a write shows on the next request', () => {
  it('raw SQL on a trade', async () => {
    await getTrades(memberClient);
    await t.deps.db.execute(sql`update trades set ltp = 777.5 where trabot_trade_id = ${tradeId}`);
    expect(find((await getTrades(memberClient)).trades, tradeId)?.ltp).toBe(777.5);
  });

  it('an entry added, changed and deleted', async () => {
    await getTrades(memberClient);
    await t.deps.db
      .insert(tradeEntries)
      .values({ trabot_trade_id: tradeId, trade_entry_sequence: 2, trade_entry_quantity: 5, trade_entry_price: 750 });
    expect(
      find((await getTrades(memberClient)).trades, tradeId)?.trade_entries.map((e) => e.trade_entry_quantity),
    ).toEqual([40, 5]);
    await t.deps.db.execute(
      sql`update trade_entries set stt = 1.25 where trabot_trade_id = ${tradeId} and trade_entry_sequence = 2`,
    );
    expect(find((await getTrades(memberClient)).trades, tradeId)?.trade_entries[1]?.stt).toBe(1.25);
    await t.deps.db.delete(tradeEntries).where(eq(tradeEntries.trade_entry_sequence, 2));
    expect(find((await getTrades(memberClient)).trades, tradeId)?.trade_entries).toHaveLength(1);
  });

  it('an exit added and changed, in every encoding', async () => {
    for (const encoding of [BROWSER, 'gzip', 'identity']) await getTrades(memberClient, '', encoding);
    await t.deps.db
      .insert(tradeExits)
      .values({ trabot_trade_id: tradeId, trade_exit_sequence: 1, trade_exit_quantity: 10, trade_exit_price: 760 });
    for (const encoding of [BROWSER, 'gzip', 'identity']) {
      expect(
        find((await getTrades(memberClient, '', encoding)).trades, tradeId)?.trade_exits.map((e) => e.trade_exit_price),
      ).toEqual([760]);
    }
    await t.deps.db.execute(sql`update trade_exits set trade_exit_price = 761 where trabot_trade_id = ${tradeId}`);
    expect(find((await getTrades(memberClient)).trades, tradeId)?.trade_exits[0]?.trade_exit_price).toBe(761);
  });

  it('an admin edit, seen by the member and by the admin listing the account', async () => {
    await getTrades(memberClient);
    await getTrades(adminClient, `&adminAccountId=${accountId}`);
    expect(
      (
        await adminClient.json(
          `/api/admin/trades/${tradeId}`,
          tradeEdit({ current_mtm: 1234.5, broker_trade_number: 'BRK-1' }),
        )
      ).status,
    ).toBe(200);
    expect(find((await getTrades(memberClient)).trades, tradeId)?.current_mtm).toBe(1234.5);
    expect(
      find((await getTrades(adminClient, `&adminAccountId=${accountId}`)).trades, tradeId)?.broker_trade_number,
    ).toBe('BRK-1');
  });

  it('a write through another app over the same database (another server process)', async () => {
    const other = t.withEnv({});
    await getTrades(memberClient);
    // The admin logged in through the first app; the edit goes through the second, sharing only the database.
    const res = await other.request(`http://localhost:3000/api/admin/trades/${tradeId}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...adminClient.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(tradeEdit({ broker_trade_number: 'BRK-2' })),
    });
    expect(res.status).toBe(200);
    expect(find((await getTrades(memberClient)).trades, tradeId)?.broker_trade_number).toBe('BRK-2');
  });

  it('a trade moved to another account leaves the one and reaches the other', async () => {
    const other = await createMemberLogin(t.deps);
    const otherClient = await loggedIn(other.user.email, other.user.password);
    const moved = (await createTrade(t.deps, accountId, { trade_instrument: 'INFY' })).trabot_trade_id;
    expect(find((await getTrades(memberClient)).trades, moved)).toBeDefined();
    expect((await getTrades(otherClient)).trades).toEqual([]);
    await t.deps.db
      .update(trades)
      .set({ trabot_account_id: other.account.trabot_account_id })
      .where(eq(trades.trabot_trade_id, moved));
    expect(find((await getTrades(memberClient)).trades, moved)).toBeUndefined();
    expect((await getTrades(otherClient)).trades.map((trade) => trade.trabot_trade_id)).toEqual([moved]);
    await t.deps.db.delete(trades).where(eq(trades.trabot_trade_id, moved));
    expect((await getTrades(otherClient)).trades).toEqual([]);
  });

  it('the engine opening a trade and marking it to market', async () => {
    const { engine } = newEngine();
    await t.deps.db.insert(instruments).values({ symbol: 'INFY', series: 'EQ', close: null }).onConflictDoNothing();
    const algoId = await newAlgo();
    const subscribed = await subscriber(algoId, {});
    const listing = `&adminAccountId=${subscribed}`;
    expect((await getTrades(adminClient, listing)).trades).toEqual([]);
    await newSignal(algoId);
    await engine.tick(at(1));
    const [opened] = (await getTrades(adminClient, listing)).trades;
    expect(opened?.trade_status).toBe('running');
    let ltp = opened!.ltp;
    for (let tick = 2; tick < 12 && ltp === opened!.ltp; tick++) {
      await engine.tick(at(tick));
      ltp = (await getTrades(adminClient, listing)).trades[0]!.ltp;
    }
    expect(ltp).not.toBe(opened!.ltp);
  });

  it('a TRUNCATE of the trades', async () => {
    expect((await getTrades(memberClient)).trades.length).toBeGreaterThan(0);
    await t.deps.db.execute(sql`truncate trades cascade`);
    expect((await getTrades(memberClient)).trades).toEqual([]);
  });
});
