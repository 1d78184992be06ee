/**
 * kill -9 between placing a live order and recording it: the real server on PGlite
 * trading live at the local Kite server, 60 subscribed Zerodha accounts, an approval, and Kite
 * holding its answers to order placements, so orders are at Kite while their legs are still
 * `sending`. SIGKILL then. The next start finds those orders in Kite's order book by their tags
 * instead of placing them again: in the end Kite has exactly one order per trade and every fill is
 * booked once.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { orderLegs, tradeEntries, trades } from '@server/db/schema';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { startFakeKite, type FakeKite } from '../support/fake-kite';
import { approveSignal, logged, seedFanOut, until } from './support/fan-out-world';
import { startFaultServer } from './support/server-process';
import type { ServerProcess } from '../support/real-server';

const ACCOUNTS = 60;
let kite: FakeKite | undefined;

afterAll(async () => {
  await kite?.close();
  removeTempDirs();
});

describe('kill -9 in live mode', () => {
  it(`between placing orders at Kite and recording them: after a restart exactly one order per trade, every fill booked once (${ACCOUNTS} accounts)`, async () => {
    kite = await startFakeKite();
    kite.setLtp('INFY', 1500);
    const dataDir = tempDir('trabot-faults-live-kill-');
    const { signalId, cookie } = await seedFanOut(dataDir, {
      accounts: ACCOUNTS,
      label: 'Livekill',
      accessKey: kite.newAccessToken(),
      live: true,
    });
    const env = {
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      ENGINE_BATCH_SIZE: '20',
      LIVE_TRADING: '1',
      // Its algo is seeded without an exchange Algo ID: the test is about a kill, not registration.
      ALLOW_UNREGISTERED_ALGOS: '1',
      KITE_API_KEY: kite.apiKey,
      KITE_API_SECRET: kite.apiSecret,
      KITE_API_ROOT: kite.root,
    };
    let server: ServerProcess = await startFaultServer({ dataDir, env });
    let sendingAtKill: string[] = [];
    try {
      // Orders reach Kite, Kite's answers do not come back: the legs stay `sending`.
      kite.holdOrderAnswers(60_000);
      await approveSignal(server.url, signalId, cookie);
      await until(() => kite!.orders.length >= 10, 'the first orders at Kite');
      await server.stop('SIGKILL');

      const database = await openPglite(pgliteDir(dataDir));
      try {
        const sending = await database.db
          .select({ tag: orderLegs.client_order_id })
          .from(orderLegs)
          .where(eq(orderLegs.state, 'sending'));
        sendingAtKill = sending.map((l) => l.tag);
      } finally {
        await database.close();
      }
      const atKite = new Set(kite.orders.map((o) => o.tag));
      // The window the test is about: orders at Kite whose legs were never told their order.
      expect(sendingAtKill.filter((tag) => atKite.has(tag)).length).toBeGreaterThanOrEqual(10);

      kite.holdOrderAnswers(0);
      server = await startFaultServer({ dataDir, env });
      await until(() => logged(dataDir, 'engine: signal fanned out') === 1, 'the rest of the fan-out', 120_000);
      // Found again by the start-up reconciliation (or the follow-up of `sending` legs), not sent twice.
      const foundAgain = () =>
        logged(dataDir, 'engine: reconciliation applied changes the engine had not seen') +
        logged(dataDir, 'engine: leg found in the broker order book');
      await until(() => foundAgain() >= 1, 'the orders found again');
    } finally {
      await server.stop('SIGTERM');
    }

    const tags = kite.orders.map((o) => o.tag);
    expect(new Set(tags).size, 'one order per tag at Kite').toBe(tags.length);
    expect(tags.length).toBe(ACCOUNTS);
    const database = await openPglite(pgliteDir(dataDir));
    try {
      const { db } = database;
      const ofSignal = db.select({ id: trades.trabot_trade_id }).from(trades).where(eq(trades.signal_id, signalId));
      const [running] = await db
        .select({ n: count() })
        .from(trades)
        .where(and(eq(trades.signal_id, signalId), eq(trades.trade_status, 'running'), eq(trades.broker, 'zerodha')));
      const [filled] = await db
        .select({ n: count() })
        .from(orderLegs)
        .where(and(inArray(orderLegs.trabot_trade_id, ofSignal), eq(orderLegs.state, 'filled')));
      const [entries] = await db
        .select({ n: count() })
        .from(tradeEntries)
        .where(inArray(tradeEntries.trabot_trade_id, ofSignal));
      expect({ running: running!.n, filled: filled!.n, entries: entries!.n }).toEqual({
        running: ACCOUNTS,
        filled: ACCOUNTS,
        entries: ACCOUNTS,
      });
      const legs = await db
        .select({ tag: orderLegs.client_order_id, order: orderLegs.broker_order_id })
        .from(orderLegs)
        .where(inArray(orderLegs.trabot_trade_id, ofSignal));
      const orderOfTag = new Map(kite.orders.map((o) => [o.tag, o.order_id]));
      expect(legs.every((l) => orderOfTag.get(l.tag) === l.order)).toBe(true);
      console.info(
        `[faults] live kill -9: ${sendingAtKill.length} legs sending at the kill, ${tags.length} orders at Kite after the restart, one per trade`,
      );
    } finally {
      await database.close();
    }
  });
});
