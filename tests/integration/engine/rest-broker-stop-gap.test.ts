/**
 * A gap through a stop at Fyers, Upstox, Angel One and Dhan (issue 41; docs/engine.md, "Stops that
 * fill"), each against its local broker (tests/support/fake-*.ts), whose stop-loss triggers when the
 * last price reaches it and then rests as a limit at its price, filled only when marketable: the
 * stop (an SL order, intraday at Dhan) triggered past its limit is chased through the broker's own
 * modify until the position is flat, within 60 s, once, at the broker's fill. The story is
 * stop-gap-story.ts, told at Kite by kite-stop-gap.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { signals } from '@server/db/schema';
import type { ExitPendingEvent } from '@server/context';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import type { TestApp } from '../helpers/test-app';
import { appOnRestBrokers, liveSignal, scriptedEngine } from './live-infy-signal';
import { ScriptedFeed } from './scripted-feed';
import { gapChaseBacksOffAndEscalates, gapEndsFlatOnce, type GapWorld } from './stop-gap-story';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['GAPA', 'GAPB'];
let t: TestApp;
let fakes: Map<string, RestFake>;
const pendingPushes: ExitPendingEvent[] = [];
let users = 0;

let close: () => Promise<void>;
beforeAll(async () => ({ t, fakes, close } = await appOnRestBrokers(SYMBOLS)));
afterAll(() => close());

describe.each(REST_BROKER_WORLDS.map((w) => [w.label, w] as const))('a gap through a stop at %s', (label, rest) => {
  const fake = () => fakes.get(rest.broker)!;
  let symbolIndex = 0;
  const world: GapWorld = {
    label,
    t: () => t,
    broker: () => ({
      setLtp: (symbol, price) => fake().setLtp(symbol, price),
      match: () => fake().match(),
      holdFills: (symbol, held) => fake().holdFills(symbol, held),
      stopSell(symbol) {
        const o = fake().exchange.orders.find(
          (x) => x.symbol === symbol && x.side === 'sell' && x.tag !== null && /^TB\d+P\d+S$/.test(x.tag),
        );
        return o && { id: o.id, open: fake().exchange.rests(o), filled: o.filled, averagePrice: o.averagePrice };
      },
      traded(symbol) {
        const mine = fake().exchange.orders.filter((o) => o.symbol === symbol);
        const sum = (side: string) => mine.filter((o) => o.side === side).reduce((s, o) => s + o.filled, 0);
        return { bought: sum('buy'), sold: sum('sell') };
      },
    }),
    async liveTrade() {
      const symbol = SYMBOLS[symbolIndex++]!;
      fake().setLtp(symbol, 250);
      const user = `SG${1000 + ++users}`;
      const { signal } = await liveSignal(t, {
        broker: rest.broker,
        clientId: user,
        accessKey: fake().newAccessToken(user),
        symbol,
      });
      // Dhan protects a delivery position with a forever OCO (dhan-forever-protections.test.ts): its plain orders are intraday's.
      if (rest.broker === 'dhan')
        await t.deps.db.update(signals).set({ trade_type: 'intraday' }).where(eq(signals.signal_id, signal.signal_id));
      const feed = new ScriptedFeed();
      const notifier = stubNotifier({ exitPending: (event) => void pendingPushes.push(event) });
      return { symbol, signalId: signal.signal_id, feed, engine: scriptedEngine(t, feed, { notifier }) };
    },
    pendingPushes,
    T0,
  };

  it(
    'the triggered stop resting past its limit is chased: flat at the broker within 60 s, once, at its fill',
    () => gapEndsFlatOnce(world),
    60_000,
  );

  it(
    'with no buyer it escalates once after 3 modifications and goes on chasing, less often, until flat',
    () => gapChaseBacksOffAndEscalates(world),
    90_000,
  );
});
