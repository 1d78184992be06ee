/**
 * Failed stops and rejected exits at Kite (issue 41; docs/engine.md, "Failed stops and rejected
 * exits"), the engine against the local Kite (tests/support/fake-kite.ts) on simulated time: a GTT
 * whose triggered order Kite could not place (its RMS refuses the sell: holdings not authorised
 * through CDSL TPIN) is warned within 30 s, naming account, symbol and Kite's words, the member and
 * the superadmins pushed, the protection `failed` and the trade "stop failed"; a standing refusal is
 * not sent again before its retry time; an exit Kite rejects for a passing reason is tried again a
 * handful of times a minute at most, backing off, not at every tick.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signals, warnings } from '@server/db/schema';
import type { StopFailedEvent } from '@server/context';
import { getTradeDetail } from '@server/services/trade-detail';
import type { FakeKite } from '../../support/fake-kite';
import type { TestApp } from '../helpers/test-app';
import { appOnFakeKite, liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
/** The RMS's refusal of a CNC sell of holdings the member has not authorised (no DDPI on the account). */
const TPIN = 'Holdings not authorised for sale: authorise them through CDSL TPIN (no DDPI on the account)';
/** A refusal that may pass. */
const BUSY = 'The exchange is busy, the order was not accepted; place it again';

let kite: FakeKite;
let t: TestApp;
const pushes: StopFailedEvent[] = [];
const notifier = stubNotifier({ stopFailed: (event) => void pushes.push(event) });
let users = 0;

let close: () => Promise<void>;
beforeAll(async () => ({ t, kite, close } = await appOnFakeKite()));
afterAll(() => close());

/** A live Zerodha swing trade on a symbol of its own at 250 (stop 245, target 262.5), filled at T0. */
async function liveTrade(symbol: string, stop?: number) {
  kite.setLtp(symbol, 250);
  const userId = `ZF${1000 + ++users}`;
  const { account, signal } = await liveSignal(t, {
    broker: 'zerodha',
    clientId: userId,
    accessKey: kite.newAccessToken(userId),
    symbol,
  });
  if (stop !== undefined)
    await t.deps.db.update(signals).set({ stop_loss_level: stop }).where(eq(signals.signal_id, signal.signal_id));
  const engine = scriptedEngine(t, new ScriptedFeed(), { notifier });
  await engine.tick(new Date(T0));
  const trade = await checks.tradeOfSignal(t, signal.signal_id);
  expect(trade).toMatchObject({ trade_status: 'running', remaining_quantity: 320 });
  return { account, signal, engine, trade, userId };
}

const sellsAtKite = (symbol: string) =>
  kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'SELL');
const warningsLike = (start: string, tradeId: number) =>
  t.deps.db
    .select()
    .from(warnings)
    .where(and(like(warnings.warning_message, `${start}%`), like(warnings.warning_message, `% trade ${tradeId} %`)));

describe('a stop that fails at Kite', () => {
  it('a GTT whose order failed is warned within 30 s, pushed to both, the protection failed, the trade "stop failed"', async () => {
    const symbol = 'TPINA';
    const { account, engine, trade } = await liveTrade(symbol);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'active', kind: 'oco' });
    pushes.length = 0;
    // Kite's price goes through the stop: the GTT triggers, and Kite cannot place its sell.
    kite.refuseSells(symbol, TPIN);
    kite.setLtp(symbol, 244.5);
    const gtt = kite.gtts.find((g) => g.condition.tradingsymbol === symbol)!;
    expect(gtt.status).toBe('triggered');
    expect(gtt.orders[0]!.result!.order_result).toEqual({ status: 'failed', order_id: '', rejection_reason: TPIN });

    let warnedAt: number | null = null;
    for (let at = T0 + 1_000; at <= T0 + 30_000 && warnedAt === null; at += 1_000) {
      await engine.tick(new Date(at));
      if ((await warningsLike('Stop failed', trade.trabot_trade_id)).length) warnedAt = at;
    }
    expect(warnedAt, 'warned within 30 s').not.toBeNull();
    const [warned, ...more] = await warningsLike('Stop failed', trade.trabot_trade_id);
    expect(more).toEqual([]);
    expect(warned!.warning_message).toContain(`account ${account.trabot_account_id}`);
    expect(warned!.warning_message).toContain(symbol);
    expect(warned!.warning_message).toContain(TPIN);
    // A standing refusal: what is retried, and when (15 minutes on), said.
    expect(warned!.warning_message).toMatch(/tries the exit again at \d\d:\d\d:\d\d IST, then every 15 minutes/);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({
      state: 'failed',
      reason: TPIN,
      executed_leg: 'stop',
    });
    expect(await checks.tradeOfSignal(t, trade.signal_id!)).toMatchObject({
      trade_status: 'running',
      stop_failed: TPIN,
    });
    expect(pushes).toEqual([
      expect.objectContaining({ trabot_trade_id: trade.trabot_trade_id, symbol, broker: 'zerodha', reason: TPIN }),
    ]);
    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    expect(detail!.timeline.map((s) => s.title)).toContain('Stop-loss failed at Zerodha: its order was not placed');

    // Not sent again before its retry time, though the price stays beyond the stop.
    for (let at = warnedAt! + 5_000; at <= T0 + 5 * 60_000; at += 20_000) await engine.tick(new Date(at));
    expect(sellsAtKite(symbol)).toEqual([]);
    // At its retry time Trabot's own exit goes, once; Kite refuses it again: warned, not pushed again.
    await engine.tick(new Date(warnedAt! + 15 * 60_000 + 1_000));
    await engine.tick(new Date(warnedAt! + 15 * 60_000 + 6_000));
    expect(sellsAtKite(symbol).map((o) => [o.status, o.status_message])).toEqual([['REJECTED', TPIN]]);
    expect(await warningsLike('Exit rejected', trade.trabot_trade_id)).toHaveLength(1);
    expect(pushes).toHaveLength(1);
  }, 120_000);

  it('an exit Kite rejects for a passing reason is tried again a handful of times a minute at most, then fills', async () => {
    const symbol = 'BUSYA';
    // Kite refuses a trigger within 0.25 % of the last price: no GTT, Trabot watches the levels itself.
    const { engine, trade } = await liveTrade(symbol, 249.8);
    expect((await checks.protectionOfTrade(t, trade.trabot_trade_id))!.state).toBe('rejected');
    pushes.length = 0;
    kite.refuseSells(symbol, BUSY);
    kite.setLtp(symbol, 249);
    // A tick every 2 s for 80 s, the price beyond the stop all along.
    const tries: number[] = [];
    for (let at = T0 + 2_000; at <= T0 + 80_000; at += 2_000) {
      const before = sellsAtKite(symbol).length;
      await engine.tick(new Date(at));
      if (sellsAtKite(symbol).length > before) tries.push(at);
    }
    const inAnyMinute = Math.max(...tries.map((from) => tries.filter((at) => at >= from && at < from + 60_000).length));
    expect(tries.length).toBeGreaterThanOrEqual(2);
    expect(inAnyMinute).toBeLessThanOrEqual(4);
    // Backing off: each wait longer than the one before.
    const waits = tries.slice(1).map((at, i) => at - tries[i]!);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
    // Each refusal warned with its try and its next time; the member and the superadmins pushed once.
    const rejected = await warningsLike('Exit rejected', trade.trabot_trade_id);
    expect(rejected).toHaveLength(tries.length);
    expect(rejected[0]!.warning_message).toContain(BUSY);
    expect(rejected[0]!.warning_message).toMatch(/tries the exit again at \d\d:\d\d:\d\d IST while the level holds/);
    expect(pushes).toHaveLength(1);
    expect(await checks.tradeOfSignal(t, trade.signal_id!)).toMatchObject({ stop_failed: BUSY });

    // Kite takes sells again: the next try fills, and the trade no longer says "stop failed".
    kite.refuseSells(symbol, null);
    for (let at = T0 + 90_000; at <= T0 + 420_000; at += 15_000) await engine.tick(new Date(at));
    expect(await checks.tradeOfSignal(t, trade.signal_id!)).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      stop_failed: null,
    });
  }, 120_000);
});
