/**
 * The exit chase at Fyers, Upstox, Angel One and Dhan (issue 24, "exit clipped and chased"; docs/engine.md,
 * "The exit chase"), each against its local broker (tests/support/fake-*.ts), orders leaving from
 * the registered 127.0.0.2: a live trade's Manual Exit is clipped by the broker's market protection
 * into a resting LIMIT, modified through the broker's own modify endpoint to a LIMIT at the market
 * after 10 s and filled, once; or never filled: 3 modifications, then one "Exit pending at the
 * broker". The story is the Kite test's (exit-chase-story.ts).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ExitPendingEvent } from '@server/context';
import type { ExchangeOrder } from '@tests/support/fake-exchange';
import type { FakeUpstox } from '@tests/support/fake-upstox';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import type { TestApp } from '../helpers/test-app';
import {
  chaseEscalatesOnce,
  chaseFillsOnce,
  chaseMakesPartlyFilledExitALimit,
  type ChaseWorld,
} from './exit-chase-story';
import { appOnRestBrokers, liveSignal, scriptedEngine } from './live-infy-signal';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['CHASEA', 'CHASEB', 'CHASEC'];
let t: TestApp;
let fakes: Map<string, RestFake>;
const pendingPushes: ExitPendingEvent[] = [];
let users = 0;

let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, fakes, close } = await appOnRestBrokers(SYMBOLS));
  // The algo's Algo Name on the Upstox app: every order request of its trades must name it (X-Algo-Name).
  (fakes.get('upstock') as FakeUpstox).registerAlgoNames(['NSEALGO7']);
});
afterAll(() => close());

describe.each(REST_BROKER_WORLDS.map((w) => [w.label, w] as const))(
  'the exit chase at %s (EXIT_CHASE_AFTER_MS 10 s, EXIT_CHASE_TIMES 3)',
  (_label, rest) => {
    const fake = () => fakes.get(rest.broker)!;
    let symbolIndex = 0;
    /** The exit's sell: not a protective order's leg (tagged TB<trade>P<id>S or T). */
    const isExitSell = (o: ExchangeOrder, symbol: string) =>
      o.symbol === symbol && o.side === 'sell' && !(o.tag && /^TB\d+P\d+[STO]$/.test(o.tag));
    const world: ChaseWorld = {
      t: () => t,
      broker: () => ({
        broker: rest.broker,
        setLtp: (symbol, price) => fake().setLtp(symbol, price),
        clipNextMarket: (limit) => fake().clipNextMarket(limit),
        holdFills: (symbol, held) => fake().holdFills(symbol, held),
        fillNextPartly: (quantity) => fake().fillNextPartly(quantity),
        match: () => fake().match(),
        exitSell(symbol) {
          const o = fake().exchange.orders.find((x) => isExitSell(x, symbol));
          return (
            o && {
              id: o.id,
              open: fake().exchange.rests(o),
              type: o.type,
              price: o.price,
              filled: o.filled,
              averagePrice: o.averagePrice,
            }
          );
        },
        modifies: (orderId) =>
          fake()
            .requests.map((r) => rest.modifyOf(r, orderId))
            .filter((m) => m !== null),
        traded(symbol) {
          const mine = fake().exchange.orders.filter((o) => o.symbol === symbol);
          const sum = (side: string) => mine.filter((o) => o.side === side).reduce((s, o) => s + o.filled, 0);
          return { bought: sum('buy'), sold: sum('sell') };
        },
      }),
      async liveTrade() {
        const symbol = SYMBOLS[symbolIndex++]!;
        fake().setLtp(symbol, 250);
        const user = `EC${1000 + ++users}`;
        const { signal } = await liveSignal(t, {
          broker: rest.broker,
          clientId: user,
          accessKey: fake().newAccessToken(user),
          symbol,
        });
        const feed = new ScriptedFeed();
        const notifier = stubNotifier({ exitPending: (event) => void pendingPushes.push(event) });
        return { symbol, signalId: signal.signal_id, feed, engine: scriptedEngine(t, feed, { notifier }) };
      },
      pendingPushes,
      T0,
    };

    it('modifies the clipped exit after 10 s to a LIMIT at the market at the broker, and it fills: one exit', () =>
      chaseFillsOnce(world));

    it('chases 3 times, then warns the superadmin once "Exit pending at the broker"; filled later, booked once', () =>
      chaseEscalatesOnce(world));

    it("makes a market exit filled in part, resting as MARKET, the broker's LIMIT at the market: the rest fills", () =>
      chaseMakesPartlyFilledExitALimit(world));
  },
);
