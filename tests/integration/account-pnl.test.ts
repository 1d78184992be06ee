/**
 * GET /api/account-pnl with worked examples: a long with two partial exits over three
 * days, a short, a losing day trade, a running trade's MTM, a range cutting through a trade, a leg
 * on either side of midnight in India, the access rule of account-trades, and its refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPnlSchema } from '@shared/schemas/pnl';
import { createAlgo } from '../factories/algos';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createTrade } from '../factories/trades';
import { loggedIn } from './admin/setup';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let bobAccount: number;
let admin: TestClient;
let aliceAccount: number;
let algoX: number;
let algoY: number;

/** 10:00 in India on a day of April 2026. */
const april = (day: number, hhmm = '10:00') => new Date(`2026-04-${String(day).padStart(2, '0')}T${hhmm}:00+05:30`);

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMemberLogin(t.deps);
  const b = await createMemberLogin(t.deps);
  bobAccount = b.account.trabot_account_id;
  const superadmin = await createUser(t.deps, { role: 'superadmin' });
  aliceAccount = a.account.trabot_account_id;
  algoX = (await createAlgo(t.deps, { algo_desc: 'Momentum X' })).algo_id;
  algoY = (await createAlgo(t.deps, { algo_desc: 'Reversal Y' })).algo_id;

  // T1, long 100 @ 200 (charges 25), out 40 @ 210 (12.50) and 60 @ 195 (14): realised 400 - 300.
  await createTrade(
    t.deps,
    aliceAccount,
    {
      algo_id: algoX,
      trade_status: 'completed',
      trade_direction: 'long',
      trade_quantity: 100,
      avg_entry_price: 200,
      remaining_quantity: 0,
      current_mtm: 0,
    },
    {
      entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 100,
          trade_entry_price: 200,
          trade_entry_timestamp: april(6),
          stt: 20,
          exchange_transaction_charges: 3,
          stamp_duty: 2,
        },
      ],
      exits: [
        {
          trade_exit_sequence: 1,
          trade_exit_quantity: 40,
          trade_exit_price: 210,
          trade_exit_timestamp: april(7),
          stt: 8.4,
          brokerage_charges: 4.1,
        },
        {
          trade_exit_sequence: 2,
          trade_exit_quantity: 60,
          trade_exit_price: 195,
          trade_exit_timestamp: april(8),
          stt: 11.7,
          service_tax: 2.3,
        },
      ],
    },
  );
  // T2, short 50 @ 300 (charges 10), covered 50 @ 290 (8): realised +500.
  await createTrade(
    t.deps,
    aliceAccount,
    {
      algo_id: algoY,
      trade_status: 'completed',
      trade_direction: 'short',
      trade_quantity: 50,
      avg_entry_price: 300,
      remaining_quantity: 0,
      current_mtm: 0,
    },
    {
      entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 50,
          trade_entry_price: 300,
          trade_entry_timestamp: april(7),
          stt: 10,
        },
      ],
      exits: [
        {
          trade_exit_sequence: 1,
          trade_exit_quantity: 50,
          trade_exit_price: 290,
          trade_exit_timestamp: april(9),
          stt: 8,
        },
      ],
    },
  );
  // T3, running: 10 @ 100 (charges 2), MTM 35.
  await createTrade(
    t.deps,
    aliceAccount,
    {
      algo_id: algoX,
      trade_status: 'running',
      trade_quantity: 10,
      avg_entry_price: 100,
      remaining_quantity: 10,
      current_mtm: 35,
    },
    {
      entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 10,
          trade_entry_price: 100,
          trade_entry_timestamp: april(8),
          stt: 2,
        },
      ],
    },
  );
  // T4, a losing day trade: 10 @ 100 in and 10 @ 90 out (1 + 1): realised -100.
  await createTrade(
    t.deps,
    aliceAccount,
    {
      algo_id: algoX,
      trade_type: 'intraday',
      trade_status: 'completed',
      trade_quantity: 10,
      avg_entry_price: 100,
      remaining_quantity: 0,
      current_mtm: 0,
    },
    {
      entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 10,
          trade_entry_price: 100,
          trade_entry_timestamp: april(9, '09:20'),
          brokerage_charges: 1,
        },
      ],
      exits: [
        {
          trade_exit_sequence: 1,
          trade_exit_quantity: 10,
          trade_exit_price: 90,
          trade_exit_timestamp: april(9, '15:10'),
          brokerage_charges: 1,
        },
      ],
    },
  );
  // Bob's trade straddles midnight in India: in at 23:30 IST on 30 April (1), out at 00:15 IST on 1 May (1.50).
  await createTrade(
    t.deps,
    b.account.trabot_account_id,
    {
      algo_id: algoY,
      trade_status: 'completed',
      trade_quantity: 10,
      avg_entry_price: 100,
      remaining_quantity: 0,
      current_mtm: 0,
    },
    {
      entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 10,
          trade_entry_price: 100,
          trade_entry_timestamp: new Date('2026-04-30T18:00:00Z'),
          stt: 1,
        },
      ],
      exits: [
        {
          trade_exit_sequence: 1,
          trade_exit_quantity: 10,
          trade_exit_price: 110,
          trade_exit_timestamp: new Date('2026-04-30T18:45:00Z'),
          stt: 1.5,
        },
      ],
    },
  );

  alice = await loggedIn(t, a.user.email, a.user.password);
  bob = await loggedIn(t, b.user.email, b.user.password);
  admin = await loggedIn(t, superadmin.email, superadmin.password);
});
afterAll(() => t.close());

async function pnl(client: TestClient, query: string) {
  const res = await client.request(`/api/account-pnl?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return accountPnlSchema.strict().parse(await res.json());
}

describe('the P&L summary', () => {
  it('adds up a month: realised per exit against the average entry (reversed for a short), every charge, net, MTM, wins and losses, by day and by algo', async () => {
    expect(await pnl(alice, 'from=2026-04-01&to=2026-04-30')).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      realized: 500,
      charges: 73.5,
      net: 426.5,
      unrealized: 35,
      unpriced_trades: 0,
      trades: 3,
      wins: 2,
      losses: 1,
      by_day: [
        { date: '2026-04-06', realized: 0, charges: 25, net: -25 },
        { date: '2026-04-07', realized: 400, charges: 22.5, net: 377.5 },
        { date: '2026-04-08', realized: -300, charges: 16, net: -316 },
        { date: '2026-04-09', realized: 400, charges: 10, net: 390 },
      ],
      by_algo: [
        { algo_id: algoX, algo_desc: 'Momentum X', realized: 0, charges: 55.5, net: -55.5, trades: 2 },
        { algo_id: algoY, algo_desc: 'Reversal Y', realized: 500, charges: 18, net: 482, trades: 1 },
      ],
    });
  });

  it('a range cutting through trades counts only the legs inside it; a trade counts where it exited', async () => {
    expect(await pnl(alice, 'from=2026-04-07&to=2026-04-08')).toMatchObject({
      realized: 100,
      charges: 38.5,
      net: 61.5,
      trades: 1,
      wins: 1,
      losses: 0,
    });
  });

  it('puts each leg on its day in India, either side of midnight', async () => {
    expect(await pnl(bob, 'from=2026-04-01&to=2026-04-30')).toMatchObject({
      realized: 0,
      charges: 1,
      net: -1,
      trades: 0,
      by_day: [{ date: '2026-04-30', realized: 0, charges: 1, net: -1 }],
    });
    expect(await pnl(bob, 'from=2026-05-01&to=2026-05-31')).toMatchObject({
      realized: 100,
      charges: 1.5,
      net: 98.5,
      trades: 1,
      wins: 1,
      by_day: [{ date: '2026-05-01', realized: 100, charges: 1.5, net: 98.5 }],
    });
  });

  it('one end given: the rest of its month; none: this month in India', async () => {
    expect(await pnl(alice, 'from=2026-04-07')).toMatchObject({ from: '2026-04-07', to: '2026-04-30', realized: 500 });
    expect(await pnl(alice, 'to=2026-02-10')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-10',
      realized: 0,
      by_day: [],
    });
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    expect(await pnl(alice, '')).toMatchObject({
      from: `${month}-01`,
      to: expect.stringMatching(new RegExp(`^${month}-(28|29|30|31)$`)),
    });
  });
});

describe('the open MTM', () => {
  it('leaves out the running trades without a live price (MTM unknown, not invented) and counts them', async () => {
    const before = await pnl(bob, 'from=2026-05-01&to=2026-05-31');
    expect(before).toMatchObject({ unrealized: 0, unpriced_trades: 0 });
    // Two live running trades: one priced by its broker (MTM 12.50), one without a live price (MTM unknown).
    const running = {
      trade_status: 'running' as const,
      broker: 'zerodha',
      trade_quantity: 5,
      avg_entry_price: 100,
      remaining_quantity: 5,
    };
    await createTrade(t.deps, bobAccount, { ...running, current_mtm: 12.5, ltp: 102.5 });
    await createTrade(t.deps, bobAccount, { ...running, current_mtm: null, ltp: 101, ltp_stale: true });
    expect(await pnl(bob, 'from=2026-05-01&to=2026-05-31')).toEqual({
      ...before,
      unrealized: 12.5,
      unpriced_trades: 1,
    });
  });
});

describe('who may ask', () => {
  it("a superadmin reads any account's with adminAccountId; a member gets 403 for it, even their own; an unknown account is 404", async () => {
    expect(await pnl(admin, `from=2026-04-01&to=2026-04-30&adminAccountId=${aliceAccount}`)).toMatchObject({
      realized: 500,
      net: 426.5,
    });
    expect((await bob.request(`/api/account-pnl?adminAccountId=${aliceAccount}`)).status).toBe(403);
    expect((await alice.request(`/api/account-pnl?adminAccountId=${aliceAccount}`)).status).toBe(403);
    expect((await admin.request('/api/account-pnl?adminAccountId=999999')).status).toBe(404);
    expect((await t.client().request('/api/account-pnl')).status).toBe(401);
    // A login without an account (the superadmin here) has nothing to add up.
    expect(await pnl(admin, 'from=2026-04-01&to=2026-04-30')).toMatchObject({
      realized: 0,
      charges: 0,
      net: 0,
      unrealized: 0,
      trades: 0,
      by_day: [],
      by_algo: [],
    });
  });

  it('refuses bad days with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=2026-4-1', 'from'],
      ['from=2026-02-30', 'from'],
      ['from=2026-05-01&to=2026-04-01', 'from'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      // Years the database cannot hold or nobody means (the shared 2000-2100 rule).
      ['from=0000-01-01&to=0000-01-31', 'from'],
      ['from=0000-02-01', 'from'],
      ['to=0000-12-31', 'to'],
      ['from=1999-12-31', 'from'],
      ['to=2101-01-01', 'to'],
    ] as const) {
      const res = await alice.request(`/api/account-pnl?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { fields?: Record<string, string> }).fields, query).toHaveProperty(field);
    }
  });
});
