/**
 * A delivery trade's protective day orders at Fyers, Upstox and Angel One (the REST brokers without
 * an order that outlives the session for an open position) across a close and an open, on NSE's calendar and an injected clock (issue 24;
 * docs/engine.md, "Protective orders at the broker"): the SL order (a delivery position's stop
 * rests alone there; Trabot watches the target) lapses at the
 * broker's close, the engine records the protection `expired` ("lapsed at the close") without
 * placing anything while the market is shut, and at the next session's first ticks places them
 * again once, whatever the ticks and a restart repeat; a trade closed meanwhile is not protected
 * again. The member's timeline says "placed again for the new session".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeExits } from '@server/db/schema';
import { nseCalendar } from '@server/engine/market-hours';
import { getTradeDetail } from '@server/services/trade-detail';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveSignal, scriptedEngine } from './live-infy-signal';
import { protectionOfTrade, queueManualOrder, tradeOfSignal } from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const at = (iso: string) => new Date(iso);
const MONDAY_0930 = at('2026-04-06T09:30:00+05:30');
const DAY_ORDER_BROKERS = REST_BROKER_WORLDS.filter((w) => w.broker !== 'dhan');

describe.each(DAY_ORDER_BROKERS)(
  "a delivery trade's protective day orders at $label across a close and an open",
  (world) => {
    let t: TestApp;
    let fake: RestFake;
    let users = 0;

    beforeAll(async () => {
      const started = await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`);
      fake = started.fake;
      for (const symbol of ['MORNA', 'MORNB']) fake.setLtp(symbol, 250);
      fake.registerAddresses(['127.0.0.2']);
      t = await createTestApp({ env: { LIVE_TRADING: '1', BROKER_SOURCE_ADDRESS: '127.0.0.2', ...started.env } });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    const engineOnNse = () =>
      scriptedEngine(t, new ScriptedFeed(), { notifier: stubNotifier(), calendar: nseCalendar });

    /** A live account at the broker with an approved swing (delivery) signal on `symbol` at 250 (stop 245, target 262.5). */
    async function liveSwingSignal(symbol: string) {
      const user = `MP${1000 + ++users}`;
      const { signal } = await liveSignal(t, {
        broker: world.broker,
        clientId: user,
        accessKey: fake.newAccessToken(user),
        symbol,
      });
      return { user, signal };
    }

    const tradeOf = (signalId: number) => tradeOfSignal(t, signalId);
    const protectionOf = async (tradeId: number) => (await protectionOfTrade(t, tradeId))!;
    const legOrders = (user: string, symbol: string) =>
      fake.exchange.orders.filter(
        (o) => o.user === user && o.symbol === symbol && o.tag && /^TB\d+P\d+[ST]$/.test(o.tag),
      );
    const resting = (user: string, symbol: string) => legOrders(user, symbol).filter((o) => fake.exchange.rests(o));

    it("lapse at the close, are placed again once at the next session's start, and not for a trade closed meanwhile", async () => {
      const kept = await liveSwingSignal('MORNA');
      const closed = await liveSwingSignal('MORNB');
      const engine = engineOnNse();
      await engine.tick(MONDAY_0930);
      const keptTrade = await tradeOf(kept.signal.signal_id);
      const closedTrade = await tradeOf(closed.signal.signal_id);
      expect(keptTrade).toMatchObject({ trade_type: 'swing', trade_status: 'running', remaining_quantity: 320 });
      // The stop alone: no OCO there for a held position, and Trabot watches the target.
      expect(resting(kept.user, 'MORNA')).toHaveLength(1);
      expect(resting(closed.user, 'MORNB')).toHaveLength(1);

      // Monday's close: the broker lapses the day's orders still resting.
      await engine.tick(at('2026-04-06T15:31:00+05:30'));
      fake.closeSession();
      await engine.tick(at('2026-04-06T15:45:00+05:30'));
      expect(await protectionOf(keptTrade.trabot_trade_id)).toMatchObject({
        state: 'expired',
        reason: 'lapsed at the close',
      });
      expect(await protectionOf(closedTrade.trabot_trade_id)).toMatchObject({ state: 'expired' });
      // During the night the superadmin queues a manual exit of the second trade (it goes at the open).
      await queueManualOrder(t, closed.signal.signal_id, { side: 'exit', portion: 1, trade_type: 'swing' });
      // Nothing is placed while the market is shut: the evening, the night, before Tuesday's open.
      for (const time of ['2026-04-06T20:00:00', '2026-04-07T08:00:00', '2026-04-07T09:14:00'])
        await engine.tick(at(`${time}+05:30`));
      expect(legOrders(kept.user, 'MORNA')).toHaveLength(1);
      expect(resting(kept.user, 'MORNA')).toHaveLength(0);

      // Tuesday's open: placed again in the session's first ticks, then ticks repeat and the server restarts.
      await engine.tick(at('2026-04-07T09:15:00+05:30'));
      await engine.tick(at('2026-04-07T09:15:03+05:30'));
      const restarted = engineOnNse();
      await restarted.tick(at('2026-04-07T09:15:06+05:30'));
      await restarted.tick(at('2026-04-07T09:16:30+05:30'));
      await engine.tick(at('2026-04-07T09:17:00+05:30'));
      const again = resting(kept.user, 'MORNA');
      expect(legOrders(kept.user, 'MORNA')).toHaveLength(2);
      expect(again.map((o) => [o.type, o.quantity, o.trigger || o.price])).toEqual([['sl', 320, 245]]);
      const row = await protectionOf(keptTrade.trabot_trade_id);
      expect(row).toMatchObject({ state: 'active', kind: 'stop', quantity: 320, stop: 245, target: 262.5 });
      // The stop order's id, as the broker names it (Angel One: "orderid/uniqueorderid").
      expect(row.broker_protection_id).toMatch(new RegExp(`^stop:${again[0]!.id}(/|$)`));

      // The trade closed meanwhile: its exit went at the open, and no protection was placed for it again.
      expect(await tradeOf(closed.signal.signal_id)).toMatchObject({
        trade_status: 'completed',
        remaining_quantity: 0,
      });
      expect(legOrders(closed.user, 'MORNB')).toHaveLength(1);
      expect(await protectionOf(closedTrade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });
      expect(
        await t.deps.db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, closedTrade.trabot_trade_id)),
      ).toHaveLength(1);

      const detail = await getTradeDetail(t.deps.db, keptTrade.trabot_trade_id, { view: 'member' });
      expect(detail!.timeline.filter((s) => s.kind === 'protection').map((s) => s.title)).toEqual([
        `Stop-loss resting at ${world.label}`,
        `Protective orders expired at ${world.label}`,
        `Stop-loss placed again for the new session at ${world.label}`,
      ]);
    });
  },
);
