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
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import type { ExchangeOrder } from '@tests/support/fake-exchange';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  chaseEscalatesOnce,
  chaseFillsOnce,
  chaseMakesPartlyFilledExitALimit,
  type ChaseWorld,
} from './exit-chase-story';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['CHASEA', 'CHASEB', 'CHASEC'];
let t: TestApp;
const fakes = new Map<string, RestFake>();
const pendingPushes: ExitPendingEvent[] = [];
let users = 0;

beforeAll(async () => {
  const env: Record<string, string> = { LIVE_TRADING: '1', BROKER_SOURCE_ADDRESS: '127.0.0.2' };
  for (const world of REST_BROKER_WORLDS) {
    const started = await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`);
    // Every symbol known before the adapters read the instrument masters (once a day).
    for (const symbol of SYMBOLS) started.fake.setLtp(symbol, 250);
    started.fake.registerAddresses(['127.0.0.2']);
    fakes.set(world.broker, started.fake);
    Object.assign(env, started.env);
  }
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t.close();
  for (const fake of fakes.values()) await fake.close();
});

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
        const member = await createMember(t.deps);
        const user = `EC${1000 + ++users}`;
        const account = await createAccount(t.deps, member.trabot_client_id, {
          broker_name: rest.broker,
          broker_client_id: user,
          trading_mode: 'live',
          broker_access_key: fake().newAccessToken(user),
        });
        const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSEALGO7' });
        await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
        const signal = await createApprovedSignal(t.deps, algo.algo_id, symbol);
        const feed = new ScriptedFeed();
        const engine = new Engine(
          { ...t.deps, notifier: stubNotifier({ exitPending: (event) => void pendingPushes.push(event) }) },
          { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) },
        );
        return { symbol, signalId: signal.signal_id, feed, engine };
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
