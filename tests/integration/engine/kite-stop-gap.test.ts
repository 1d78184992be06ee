/**
 * A gap through a stop at Zerodha (issue 41; docs/engine.md, "Stops that fill"), against the local
 * Kite (tests/support/fake-kite.ts): a delivery position's two-leg GTT, whose triggered stop leg
 * places its LIMIT order at the leg's price (beyond the trigger), resting unfilled when the price
 * gapped past it; and an intraday position's SL order, triggered and resting as its limit. Either
 * is chased until the position is flat, within 60 s, once, at Kite's fill. The story is
 * stop-gap-story.ts, told at the other brokers by rest-broker-stop-gap.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signals } from '@server/db/schema';
import type { ExitPendingEvent } from '@server/context';
import type { FakeKite } from '../../support/fake-kite';
import type { TestApp } from '../helpers/test-app';
import { appOnFakeKite, liveSignal, scriptedEngine } from './live-infy-signal';
import { ScriptedFeed } from './scripted-feed';
import { gapChaseBacksOffAndEscalates, gapEndsFlatOnce, type GapWorld } from './stop-gap-story';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
let kite: FakeKite;
let t: TestApp;
const pendingPushes: ExitPendingEvent[] = [];
let users = 0;

let close: () => Promise<void>;
beforeAll(async () => ({ t, kite, close } = await appOnFakeKite()));
afterAll(() => close());

describe.each([
  ['a delivery GTT', 'swing'],
  ['an intraday SL order', 'intraday'],
] as const)('a gap through a stop at Zerodha: %s', (label, tradeType) => {
  const world: GapWorld = {
    label: `Zerodha, ${label}`,
    t: () => t,
    broker: () => ({
      setLtp: (symbol, price) => kite.setLtp(symbol, price),
      match: () => kite.match(),
      holdFills: (symbol, held) => kite.holdFills(symbol, held),
      // The stop leg's sell: the SL order (tagged ...S), or the LIMIT order the GTT's trigger placed (untagged).
      stopSell(symbol) {
        const o = kite.orders.find(
          (x) =>
            x.tradingsymbol === symbol &&
            x.transaction_type === 'SELL' &&
            (x.tag === null || /^TB\d+P\d+S$/.test(x.tag)),
        );
        return (
          o && {
            id: o.order_id,
            open: o.status === 'OPEN' || o.status === 'TRIGGER PENDING',
            filled: o.filled_quantity,
            averagePrice: o.average_price,
          }
        );
      },
      traded(symbol) {
        const mine = kite.orders.filter((o) => o.tradingsymbol === symbol);
        const sum = (side: string) =>
          mine.filter((o) => o.transaction_type === side).reduce((s, o) => s + o.filled_quantity, 0);
        return { bought: sum('BUY'), sold: sum('SELL') };
      },
    }),
    async liveTrade() {
      const symbol = `KGAP${++users}`;
      kite.setLtp(symbol, 250);
      const userId = `KG${1000 + users}`;
      const { signal } = await liveSignal(t, {
        broker: 'zerodha',
        clientId: userId,
        accessKey: kite.newAccessToken(userId),
        symbol,
      });
      await t.deps.db.update(signals).set({ trade_type: tradeType }).where(eq(signals.signal_id, signal.signal_id));
      const feed = new ScriptedFeed();
      const notifier = stubNotifier({ exitPending: (event) => void pendingPushes.push(event) });
      return { symbol, signalId: signal.signal_id, feed, engine: scriptedEngine(t, feed, { notifier }) };
    },
    pendingPushes,
    T0,
  };

  it(
    'the stop resting past its limit is chased: flat at Kite within 60 s, once, at its fill',
    () => gapEndsFlatOnce(world),
    60_000,
  );

  it(
    'with no buyer it escalates once after 3 modifications and goes on chasing, less often, until flat',
    () => gapChaseBacksOffAndEscalates(world),
    90_000,
  );
});
