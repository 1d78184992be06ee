import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNAL_STATUSES, TRADE_FILTER_STATUSES, TRADE_STATUSES } from '@shared/constants';
import { maskSecret } from '@shared/format-secret';
import { accountSettingsSchema } from '@shared/schemas/account';
import { tradeDetailSchema } from '@shared/schemas/trade-detail';
import { tradeSchema, type Trade } from '@shared/schemas/trades';
import { verifyPassword } from '@server/auth/passwords';
import { accounts, algos, algoSubscriptions, members, signals, trades as tradesTable, users } from '@server/db/schema';
import { productOf, tradeLegCharges } from '@server/trading/charges';
import { istDay } from '@shared/ist';
import type { Side } from '@server/trading/charge-rates';
import { readEquityList } from '@server/instruments/equity-list';
import { seedDemoIfEmpty, type SeedResult } from '@server/demo/seed';
import { createUser } from '@server/services/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

const near = (actual: number | null, expected: number, tolerance = 0.011) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(tolerance);
};

async function seed(t: TestApp): Promise<{ result: SeedResult; printed: string[] }> {
  const printed: string[] = [];
  const result = await seedDemoIfEmpty(t.deps, { print: (line) => printed.push(line) });
  return { result, printed };
}

describe('demo seed of an empty database', () => {
  let t: TestApp;
  let result: SeedResult;
  let printed: string[];
  let trades: Trade[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ result, printed } = await seed(t));
    if (!result.seeded) throw new Error('expected the empty database to be seeded');
    const client = t.client();
    expect((await client.login(result.member.email, result.member.password)).status).toBe(200);
    const res = await client.request('/api/account-trades?status=active');
    expect(res.status).toBe(200);
    trades = tradeSchema.array().parse(await res.json());
  });
  afterAll(() => t.close());

  it('prints a boxed block with both logins and the URL, with generated passwords', () => {
    if (!result.seeded) throw new Error('not seeded');
    const text = printed.join('\n');
    expect(printed[0]).toMatch(/^╔═+╗$/);
    expect(printed.at(-1)).toMatch(/^╚═+╝$/);
    expect(new Set(printed.map((line) => line.length)).size).toBe(1);
    expect(text).toContain('http://localhost:3000');
    for (const login of [result.member, result.admin]) {
      expect(text).toContain(login.email);
      expect(text).toContain(login.password);
      expect(login.passwordFrom).toBeNull();
      expect(login.password).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    }
    expect(result.member.email).toBe('member@trabot.example');
    expect(result.admin.email).toBe('admin@trabot.example');
    expect(result.member.password).not.toBe(result.admin.password);
  });

  it('creates a member login on the demo account and a superadmin without a member', async () => {
    if (!result.seeded) throw new Error('not seeded');
    const rows = await t.deps.db.select().from(users);
    expect(rows).toHaveLength(2);
    const member = rows.find((u) => u.role === 'member')!;
    const admin = rows.find((u) => u.role === 'superadmin')!;
    expect(await verifyPassword(member.password_hash!, result.member.password)).toBe(true);
    expect(await verifyPassword(admin.password_hash!, result.admin.password)).toBe(true);
    expect(admin).toMatchObject({ member_id: null, account_id: null });

    const [profile] = await t.deps.db.select().from(members).where(eq(members.trabot_client_id, member.member_id!));
    expect(profile!.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(member.name).toBe(profile!.name);
    expect(profile!.phone_no).toMatch(/^\+91[6-9]\d{9}$/);
    const today = new Date().toISOString().slice(0, 10);
    expect(profile!.activation_date! < today && today < profile!.expiry_date!).toBe(true);

    const adminLogin = await t.client().login(result.admin.email, result.admin.password);
    expect(adminLogin.status).toBe(200);
  });

  it('gives the account Zerodha details with an encrypted access key, balances and both subscriptions', async () => {
    const [account] = await t.deps.db.select().from(accounts);
    expect(account).toMatchObject({ broker_name: 'zerodha', access_key_valid: true, account_status: 'active' });
    expect(account!.broker_client_id).toMatch(/^[A-Z]{2}\d{4}$/);
    const key = t.deps.secrets.decrypt(account!.broker_access_key_enc!);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(account!.broker_access_key_enc).not.toContain(key);
    for (const balance of [
      account!.equity_amount_balance,
      account!.commodity_amount_balance,
      account!.currency_amount_balance,
    ]) {
      expect(balance).toBeGreaterThan(0);
    }

    const subscriptions = await t.deps.db.select().from(algoSubscriptions);
    const algoRows = await t.deps.db.select().from(algos);
    expect(subscriptions.map((s) => s.algo_id).sort()).toEqual(algoRows.map((a) => a.algo_id).sort());
    expect(subscriptions.every((s) => s.trabot_account_id === account!.trabot_account_id)).toBe(true);

    // What the member's settings page gets.
    const client = t.client();
    if (!result.seeded) throw new Error('not seeded');
    await client.login(result.member.email, result.member.password);
    const settings = accountSettingsSchema.parse(await (await client.request('/api/account-details')).json());
    expect(settings).toMatchObject({
      broker_name: 'zerodha',
      broker_access_key: maskSecret(key),
      access_key_valid: true,
    });
  });

  it('has two described algos, one switched on, with signals in every status on known NSE symbols', async () => {
    const algoRows = await t.deps.db.select().from(algos);
    expect(algoRows).toHaveLength(2);
    expect(algoRows.filter((a) => a.algo_switch)).toHaveLength(1);
    for (const algo of algoRows) expect(algo.algo_desc.length).toBeGreaterThan(120);

    const signalRows = await t.deps.db.select().from(signals);
    const listed = new Map(readEquityList().map((equity) => [equity.symbol, equity]));
    expect(new Set(signalRows.map((s) => s.trade_status))).toEqual(new Set(SIGNAL_STATUSES));
    for (const signal of signalRows) {
      const instrument = listed.get(signal.instrument_symbol);
      expect(instrument, signal.instrument_symbol).toBeDefined();
      expect(signal.instrument_type).toBe(instrument!.series);
      expect(signal.exchange).toBe('NSE');
      const expected =
        Math.round(((signal.target_level - signal.entry_level) / (signal.entry_level - signal.stop_loss_level)) * 100) /
        100;
      expect(signal.risk_reward).toBe(expected);
      expect(signal.risk_reward!).toBeGreaterThan(1);
      // Long levels sit stop < entry < target, short ones the other way round.
      const ordered =
        signal.trade_direction === 'long'
          ? [signal.stop_loss_level, signal.entry_level, signal.target_level]
          : [signal.target_level, signal.entry_level, signal.stop_loss_level];
      expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
    }
  });

  it('has trades in every status, several running, all shaped as the API promises', async () => {
    // Stored: every status, the admin's open and closed too; the member reads those as running and completed.
    const stored = await t.deps.db.selectDistinct({ status: tradesTable.trade_status }).from(tradesTable);
    expect(new Set(stored.map((r) => r.status))).toEqual(new Set(TRADE_STATUSES));
    expect(new Set(trades.map((trade) => trade.trade_status))).toEqual(new Set(TRADE_FILTER_STATUSES));
    expect(trades.filter((trade) => trade.trade_status === 'running').length).toBeGreaterThanOrEqual(3);
  });

  it('keeps every trade consistent: fills, averages, remaining quantity, MTM, risk and charges', () => {
    for (const trade of trades) {
      const label = `${trade.trade_instrument} (${trade.trade_status})`;
      const entered = trade.trade_entries.reduce((sum, e) => sum + e.trade_entry_quantity, 0);
      const exited = trade.trade_exits.reduce((sum, e) => sum + e.trade_exit_quantity, 0);
      const sign = trade.trade_direction === 'long' ? 1 : -1;
      expect(trade.trade_quantity, label).toBeGreaterThan(0);

      if (['pending', 'approved', 'cancelled'].includes(trade.trade_status)) {
        expect(trade.trade_entries, label).toEqual([]);
        expect(trade.avg_entry_price, label).toBeNull();
        expect(trade.remaining_quantity, label).toBeNull();
        continue;
      }
      expect(entered, label).toBe(trade.trade_quantity);
      expect(trade.remaining_quantity, label).toBe(entered - exited);
      if (['completed', 'closed'].includes(trade.trade_status)) {
        expect(trade.remaining_quantity, label).toBe(0);
        expect(trade.trade_risk, label).toBe(0);
      } else {
        expect(trade.remaining_quantity!, label).toBeGreaterThan(0);
        expect(trade.trade_risk!, label).toBeGreaterThan(0);
      }

      const avgEntry =
        trade.trade_entries.reduce((sum, e) => sum + e.trade_entry_quantity * e.trade_entry_price, 0) / entered;
      near(trade.avg_entry_price, avgEntry, 0.005);
      if (exited) {
        near(
          trade.avg_exit_price,
          trade.trade_exits.reduce((sum, e) => sum + e.trade_exit_quantity * e.trade_exit_price, 0) / exited,
          0.005,
        );
      }
      const realised = trade.trade_exits.reduce(
        (sum, e) => sum + sign * e.trade_exit_quantity * (e.trade_exit_price - avgEntry),
        0,
      );
      const unrealised = trade.remaining_quantity! > 0 ? sign * trade.remaining_quantity! * (trade.ltp! - avgEntry) : 0;
      near(trade.current_mtm, realised + unrealised);

      const product = productOf(trade.trade_type);
      const entrySide: Side = trade.trade_direction === 'long' ? 'buy' : 'sell';
      const exitSide: Side = entrySide === 'buy' ? 'sell' : 'buy';
      const day = (at: string) => istDay(new Date(at));
      const legs = [
        ...trade.trade_entries.map((e) => ({
          side: entrySide,
          quantity: e.trade_entry_quantity,
          price: e.trade_entry_price,
          day: day(e.trade_entry_timestamp),
          leg: e,
        })),
        ...trade.trade_exits.map((e) => ({
          side: exitSide,
          quantity: e.trade_exit_quantity,
          price: e.trade_exit_price,
          day: day(e.trade_exit_timestamp),
          leg: e,
        })),
      ];
      const charges = tradeLegCharges(product, legs);
      for (const [i, { side, leg }] of legs.entries()) {
        expect(leg).toMatchObject(charges[i]!);
        near(
          leg.service_tax,
          0.18 * (leg.brokerage_charges! + leg.exchange_transaction_charges! + leg.sebi_tax! + leg.dp_charges!),
          0.02,
        );
        expect(leg.stamp_duty! > 0, `${label} stamp duty is charged on buys only`).toBe(side === 'buy');
        expect(leg.order_id).toMatch(/^\d{15}$/);
      }
    }
  });

  it("tells each trade's story: the signal received and approved by the admin, every fill's order, the P&L after charges", async () => {
    if (!result.seeded) throw new Error('seeded above');
    const client = t.client();
    expect((await client.login(result.member.email, result.member.password)).status).toBe(200);
    const story = async (symbol: string) => {
      const res = await client.request(
        `/api/account-trades/${trades.find((tr) => tr.trade_instrument === symbol)!.trabot_trade_id}`,
      );
      expect(res.status).toBe(200);
      return tradeDetailSchema.strict().parse(await res.json());
    };
    const hdfc = await story('HDFCBANK');
    expect(hdfc.timeline.map((s) => [s.title, s.by])).toEqual([
      ['Signal received', null],
      ['Target moved', 'Trabot Admin'],
      ['Approved', 'Trabot Admin'],
      ['Entry order placed', null],
      ['Entry filled', null],
      ['Manual exit ordered', 'Trabot Admin'],
      ['Manual exit order placed', null],
      ['Manual exit filled', null],
      ['Target exit order placed', null],
      ['Target exit filled', null],
    ]);
    expect(
      hdfc.timeline
        .filter((s) => s.kind === 'order_filled')
        .every((s) => /^TB\d+L\d+$/.test(s.client_order_id!) && s.charges! > 0),
    ).toBe(true);
    expect(hdfc.pnl.net).toBeCloseTo(hdfc.pnl.realized - hdfc.pnl.charges, 2);
    expect(hdfc.pnl.realized).toBeGreaterThan(0);
    expect((await story('ITC')).timeline.map((s) => s.title).slice(-2)).toEqual([
      'Square-off order placed',
      'Square-off filled',
    ]);
    expect((await story('MARUTI')).timeline.map((s) => [s.title, s.note])).toEqual([
      ['Signal received', "From the algo's webhook"],
      ['Approved', null],
      ['Signal cancelled', 'opened at 13,212.50, more than 1% above the entry (no-chase rule)'],
    ]);
    expect((await story('SBIN')).timeline.map((s) => s.title)).toEqual(['Signal received']);
  });

  it('does nothing the second time', async () => {
    const again = await seed(t);
    expect(again.result).toEqual({ seeded: false });
    expect(again.printed).toEqual([]);
    expect(await t.deps.db.select().from(algos)).toHaveLength(2);
  });
});

// Each test builds its own database(s): slow on a busy machine.
describe('demo seed guards', { timeout: 120_000 }, () => {
  it('never seeds a database that already has a user', async () => {
    const t = await createTestApp();
    try {
      await createUser(t.deps.db, { email: 'owner@example.com', password: 'long enough', role: 'superadmin' });
      const { result, printed } = await seed(t);
      expect(result).toEqual({ seeded: false });
      expect(printed).toEqual([]);
      expect(await t.deps.db.select().from(algos)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('uses the DEMO_* logins when set and does not echo their passwords', async () => {
    const env = {
      DEMO_MEMBER_EMAIL: 'priya@example.in',
      DEMO_MEMBER_PASSWORD: 'member-pass-2024',
      DEMO_ADMIN_EMAIL: 'ops@example.in',
      DEMO_ADMIN_PASSWORD: 'admin-pass-2024',
      PORT: '8080',
    };
    const t = await createTestApp({ env });
    try {
      const { result, printed } = await seed(t);
      expect(result).toMatchObject({
        seeded: true,
        member: { email: 'priya@example.in', passwordFrom: 'DEMO_MEMBER_PASSWORD' },
      });
      const text = printed.join('\n');
      expect(text).toContain('http://localhost:8080');
      expect(text).toContain('priya@example.in');
      expect(text).toContain('(the value of DEMO_ADMIN_PASSWORD)');
      expect(text).not.toContain('member-pass-2024');
      expect(text).not.toContain('admin-pass-2024');
      expect((await t.client().login('priya@example.in', 'member-pass-2024')).status).toBe(200);
      expect((await t.client().login('ops@example.in', 'admin-pass-2024')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('seeds once when two seeders race, and generates different passwords per database', async () => {
    const t = await createTestApp();
    const other = await createTestApp();
    try {
      const [a, b] = await Promise.all([seed(t), seed(t)]);
      expect([a.result.seeded, b.result.seeded].sort()).toEqual([false, true]);
      expect(await t.deps.db.select().from(users)).toHaveLength(2);
      const first = (a.result.seeded ? a.result : b.result) as Extract<SeedResult, { seeded: true }>;
      const second = (await seed(other)).result as Extract<SeedResult, { seeded: true }>;
      expect(second.member.password).not.toBe(first.member.password);
      expect(second.admin.password).not.toBe(first.admin.password);
    } finally {
      await Promise.all([t.close(), other.close()]);
    }
  });
});
