/**
 * A Dhan forever order whose triggered leg's order the RMS rejects (issue 41; docs/engine.md,
 * "Failed stops and rejected exits"), the engine against the local Dhan (tests/support/fake-dhan.ts)
 * on simulated time: warned within 30 s naming account, symbol and Dhan's words, pushed, the
 * protection `failed` (not booked as an exit), the trade "stop failed"; Trabot's own exit waits for
 * its retry time instead of going at every tick.
 */
import { and, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warnings } from '@server/db/schema';
import type { StopFailedEvent } from '@server/context';
import type { FakeDhan } from '@tests/support/fake-dhan';
import { REST_BROKER_WORLDS } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOL = 'FAILA';
/** The RMS's words for a CNC sell beyond what the account may sell (no eDIS/TPIN authorisation). */
const REASON = 'RMS:Rule: Check holdings including T1 Holdings, EDIS authorisation pending';
let t: TestApp;
let fake: FakeDhan;
const pushes: StopFailedEvent[] = [];

beforeAll(async () => {
  const world = REST_BROKER_WORLDS.find((w) => w.broker === 'dhan')!;
  const started = await world.start('http://localhost:3000/api/brokers/dhan/callback');
  fake = started.fake as FakeDhan;
  fake.setLtp(SYMBOL, 250);
  fake.registerAddresses(['127.0.0.2']);
  t = await createTestApp({ env: { LIVE_TRADING: '1', BROKER_SOURCE_ADDRESS: '127.0.0.2', ...started.env } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('a Dhan forever order whose triggered order is rejected', () => {
  it('is warned within 30 s, pushed, the protection failed, and the exit is not sent at every tick', async () => {
    const { account, signal } = await liveSignal(t, {
      broker: 'dhan',
      clientId: 'FF1001',
      accessKey: fake.newAccessToken('FF1001'),
      symbol: SYMBOL,
    });
    const engine = scriptedEngine(t, new ScriptedFeed(), {
      notifier: stubNotifier({ stopFailed: (e) => void pushes.push(e) }),
    });
    await engine.tick(new Date(T0));
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'active', kind: 'oco' });

    // Dhan's price goes through the stop: the stop leg triggers and its sell is rejected by the RMS.
    fake.refuseSells(SYMBOL, REASON);
    fake.setLtp(SYMBOL, 244.5);
    fake.match();
    const [oco] = fake.forever.filter((f) => f.symbol === SYMBOL);
    const statusOf = (name: string) => oco!.legs.find((l) => l.legName === name)!.status;
    expect([statusOf('STOP_LOSS_LEG'), statusOf('TARGET_LEG')]).toEqual(['TRADED', 'CANCELLED']);
    const sells = () => fake.exchange.orders.filter((o) => o.symbol === SYMBOL && o.side === 'sell');
    expect(sells().map((o) => [o.status, o.message])).toEqual([['rejected', REASON]]);

    const stopFailed = () =>
      t.deps.db
        .select()
        .from(warnings)
        .where(
          and(
            like(warnings.warning_message, 'Stop failed%'),
            like(warnings.warning_message, `% trade ${trade.trabot_trade_id} %`),
          ),
        );
    let warnedAt: number | null = null;
    for (let at = T0 + 1_000; at <= T0 + 30_000 && warnedAt === null; at += 1_000) {
      await engine.tick(new Date(at));
      if ((await stopFailed()).length) warnedAt = at;
    }
    expect(warnedAt, 'warned within 30 s').not.toBeNull();
    const [warned] = await stopFailed();
    expect(warned!.warning_message).toContain(`account ${account.trabot_account_id}`);
    expect(warned!.warning_message).toContain(SYMBOL);
    expect(warned!.warning_message).toContain(REASON);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'failed', reason: REASON });
    expect(await checks.tradeOfSignal(t, signal.signal_id)).toMatchObject({
      trade_status: 'running',
      stop_failed: REASON,
    });
    expect(pushes.map((p) => [p.trabot_account_id, p.symbol, p.reason])).toEqual([
      [account.trabot_account_id, SYMBOL, REASON],
    ]);

    // A standing refusal: no exit of Trabot's own in the next minutes, though the price stays beyond the stop.
    for (let at = warnedAt! + 5_000; at <= warnedAt! + 3 * 60_000; at += 15_000) await engine.tick(new Date(at));
    expect(sells()).toHaveLength(1);
    expect(await checks.exitsOf(t, trade.trabot_trade_id)).toEqual([]);
  }, 120_000);
});
