/**
 * GET /api/account-tax-statement with worked examples for FY 2026-27: intraday long and
 * short (speculative), a delivery trade with two exits (short-term), one held exactly a year
 * (long-term) and one a day less (short-term), the year's edges at midnight in India, a running
 * trade left out; totals per class and the intraday turnover; the CSV's P&L equal to the summary's
 * net for the same year; access as account-trades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPnlSchema } from '@shared/schemas/pnl';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createTrade } from '../factories/trades';
import { loggedIn } from './admin/setup';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let admin: TestClient;
let aliceAccount: number;
const ids: Record<string, number> = {};

const at = (day: string, hhmm = '10:00') => new Date(`${day}T${hhmm}:00+05:30`);
type Leg = { day: string; hhmm?: string; quantity: number; price: number; charges: number };

/** A trade with its entries and exits, each leg's charges as STT. */
async function trade(
  accountId: number,
  name: string,
  over: Parameters<typeof createTrade>[2],
  entries: Leg[],
  exits: Leg[],
) {
  const entered = entries.reduce((sum, e) => sum + e.quantity, 0);
  const made = await createTrade(
    t.deps,
    accountId,
    {
      trade_instrument: name,
      trade_quantity: entered,
      remaining_quantity: 0,
      trade_status: 'completed',
      avg_entry_price: entries.reduce((s, e) => s + e.quantity * e.price, 0) / entered,
      ...over,
    },
    {
      entries: entries.map((e, i) => ({
        trade_entry_sequence: i + 1,
        trade_entry_quantity: e.quantity,
        trade_entry_price: e.price,
        trade_entry_timestamp: at(e.day, e.hhmm),
        stt: e.charges,
      })),
      exits: exits.map((x, i) => ({
        trade_exit_sequence: i + 1,
        trade_exit_quantity: x.quantity,
        trade_exit_price: x.price,
        trade_exit_timestamp: at(x.day, x.hhmm),
        stt: x.charges,
      })),
    },
  );
  ids[name] ??= made.trabot_trade_id; // Alice's, made first
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMemberLogin(t.deps);
  const b = await createMemberLogin(t.deps);
  const superadmin = await createUser(t.deps, { role: 'superadmin' });
  aliceAccount = a.account.trabot_account_id;
  const bobAccount = b.account.trabot_account_id;

  // Alice: the year's three classes.
  await trade(
    aliceAccount,
    'INTRALONG',
    { trade_type: 'intraday' },
    [{ day: '2026-06-10', quantity: 100, price: 200, charges: 5 }],
    [{ day: '2026-06-10', hhmm: '15:00', quantity: 100, price: 205, charges: 6 }],
  );
  await trade(
    aliceAccount,
    'INTRASHORT',
    { trade_type: 'intraday', trade_direction: 'short' },
    [{ day: '2026-06-11', quantity: 50, price: 300, charges: 4 }],
    [{ day: '2026-06-11', hhmm: '15:00', quantity: 50, price: 310, charges: 4 }],
  );
  await trade(
    aliceAccount,
    'SWINGSHORTTERM',
    {},
    [{ day: '2026-05-04', quantity: 10, price: 1000, charges: 12 }],
    [
      { day: '2026-09-01', quantity: 4, price: 1100, charges: 5 },
      { day: '2026-10-01', quantity: 6, price: 1050, charges: 6 },
    ],
  );
  await trade(
    aliceAccount,
    'HELDAYEAR',
    {},
    [{ day: '2025-04-15', quantity: 10, price: 500, charges: 6 }],
    [{ day: '2026-04-15', quantity: 10, price: 700, charges: 8 }],
  );
  await trade(
    aliceAccount,
    'HELDADAYLESS',
    {},
    [{ day: '2025-06-01', quantity: 10, price: 100, charges: 1 }],
    [{ day: '2026-05-31', quantity: 10, price: 110, charges: 1 }],
  );
  // The year's last minutes and the next year's first ones, in India.
  await trade(
    aliceAccount,
    'LASTMINUTE',
    {},
    [{ day: '2027-03-20', quantity: 1, price: 100, charges: 0 }],
    [{ day: '2027-03-31', hhmm: '23:50', quantity: 1, price: 101, charges: 0 }],
  );
  await trade(
    aliceAccount,
    'NEXTYEAR',
    {},
    [{ day: '2027-03-20', quantity: 1, price: 100, charges: 0 }],
    [{ day: '2027-04-01', hhmm: '00:10', quantity: 1, price: 101, charges: 0 }],
  );
  // Running: partly sold in the year, not closed, so not in the statement.
  await trade(
    aliceAccount,
    'STILLRUNNING',
    { trade_status: 'running', remaining_quantity: 5 },
    [{ day: '2026-07-01', quantity: 10, price: 100, charges: 1 }],
    [{ day: '2026-07-02', quantity: 5, price: 120, charges: 1 }],
  );

  // Bob: trades wholly inside the year, to hold the statement against the summary.
  await trade(
    bobAccount,
    'INTRALONG',
    { trade_type: 'intraday' },
    [{ day: '2026-06-10', quantity: 100, price: 200, charges: 5 }],
    [{ day: '2026-06-10', hhmm: '15:00', quantity: 100, price: 205, charges: 6 }],
  );
  await trade(
    bobAccount,
    'INTRASHORT',
    { trade_type: 'intraday', trade_direction: 'short' },
    [{ day: '2026-06-11', quantity: 50, price: 300, charges: 4 }],
    [{ day: '2026-06-11', hhmm: '15:00', quantity: 50, price: 310, charges: 4 }],
  );
  await trade(
    bobAccount,
    'SWINGSHORTTERM',
    {},
    [{ day: '2026-05-04', quantity: 10, price: 1000, charges: 12 }],
    [
      { day: '2026-09-01', quantity: 4, price: 1100, charges: 5 },
      { day: '2026-10-01', quantity: 6, price: 1050, charges: 6 },
    ],
  );

  alice = await loggedIn(t, a.user.email, a.user.password);
  bob = await loggedIn(t, b.user.email, b.user.password);
  admin = await loggedIn(t, superadmin.email, superadmin.password);
});
afterAll(() => t.close());

async function statement(client: TestClient, query: string) {
  const res = await client.request(`/api/account-tax-statement?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { res, lines: (await res.text()).trimEnd().split('\n') };
}

describe('the tax P&L statement', () => {
  it('lists the closed trades of the year with their class, then the totals per class and the intraday turnover', async () => {
    const { res, lines } = await statement(alice, 'fy=2026-27');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="tax-pnl-FY2026-27-account-${aliceAccount}.csv"`,
    );
    expect(lines.slice(0, 7)).toEqual([
      'Trade ID,Symbol,Buy date,Sell date,Quantity,Buy value,Sell value,Charges,P&L after charges,Class',
      `${ids.INTRALONG},INTRALONG,2026-06-10,2026-06-10,100,20000.00,20500.00,11.00,489.00,Speculative business income (intraday)`,
      `${ids.INTRASHORT},INTRASHORT,2026-06-11,2026-06-11,50,15500.00,15000.00,8.00,-508.00,Speculative business income (intraday)`,
      `${ids.SWINGSHORTTERM},SWINGSHORTTERM,2026-05-04,2026-10-01,10,10000.00,10700.00,23.00,677.00,Short-term capital gain`,
      `${ids.HELDAYEAR},HELDAYEAR,2025-04-15,2026-04-15,10,5000.00,7000.00,14.00,1986.00,Long-term capital gain`,
      `${ids.HELDADAYLESS},HELDADAYLESS,2025-06-01,2026-05-31,10,1000.00,1100.00,2.00,98.00,Short-term capital gain`,
      `${ids.LASTMINUTE},LASTMINUTE,2027-03-20,2027-03-31,1,100.00,101.00,0.00,1.00,Short-term capital gain`,
    ]);
    expect(lines.slice(7)).toEqual([
      '',
      'Totals for FY 2026-27,Trades,Buy value,Sell value,Charges,P&L after charges',
      'Speculative business income (intraday),2,35500.00,35500.00,19.00,-19.00',
      'Short-term capital gain,3,11100.00,11901.00,25.00,776.00',
      'Long-term capital gain,1,5000.00,7000.00,14.00,1986.00',
      'Intraday turnover (sum of absolute P&L),997.00',
    ]);
    expect(lines.join('\n')).not.toContain('NEXTYEAR');
    expect(lines.join('\n')).not.toContain('STILLRUNNING');
    expect((await statement(alice, 'fy=2027-28')).lines[1]).toContain('NEXTYEAR');
  });

  it("its P&L adds up to the summary's net for the same year", async () => {
    const { lines } = await statement(bob, 'fy=2026-27');
    const pnlOfRows = lines.slice(1, 4).reduce((sum, line) => sum + Number(line.split(',')[8]), 0);
    const summary = accountPnlSchema.parse(
      await (await bob.request('/api/account-pnl?from=2026-04-01&to=2027-03-31')).json(),
    );
    expect(pnlOfRows).toBeCloseTo(658, 2);
    expect(summary.net).toBeCloseTo(pnlOfRows, 2);
  });

  it('defaults to the current financial year in India', async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const start = Number(today.slice(0, 4)) - (today.slice(5) < '04-01' ? 1 : 0);
    const { res } = await statement(alice, '');
    expect(res.headers.get('content-disposition')).toContain(
      `FY${start}-${String((start + 1) % 100).padStart(2, '0')}`,
    );
  });

  it("a superadmin downloads any account's with adminAccountId; a member gets 403 for it; a bad year is a 400 naming fy", async () => {
    expect((await statement(admin, `fy=2026-27&adminAccountId=${aliceAccount}`)).lines[1]).toContain('INTRALONG');
    expect((await bob.request(`/api/account-tax-statement?adminAccountId=${aliceAccount}`)).status).toBe(403);
    for (const fy of ['2026', '2026-28', '26-27', '0000-01', '1999-00', '2100-01']) {
      const res = await alice.request(`/api/account-tax-statement?fy=${fy}`);
      expect(res.status, fy).toBe(400);
      expect(((await res.json()) as { fields?: Record<string, string> }).fields, fy).toHaveProperty('fy');
    }
  });
});
