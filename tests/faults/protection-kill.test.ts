/**
 * kill -9 with a live trade protected at the broker (issue 24): the real server on PGlite trading
 * live at the local Kite server; the entry fills and its two-leg GTT rests at Kite within 5 s; the
 * server is SIGKILLed; Kite's price goes through the stop (Kite fires the GTT, its sell fills); the
 * server starts again and within 60 s the trade is completed at Kite's fill price, with exactly
 * one exit, and the superadmin has a warning.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { logFilePath } from '@server/lib/logger';
import { orderLegs, protections, tradeExits, trades, warnings } from '@server/db/schema';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { startFakeKite, type FakeKite } from '../support/fake-kite';
import { approveSignal, logged, seedFanOut, until } from './support/fan-out-world';
import { startFaultServer } from './support/server-process';
import type { ServerProcess } from '../support/real-server';

let kite: FakeKite | undefined;

afterAll(async () => {
  await kite?.close();
  removeTempDirs();
});

describe('kill -9 with a protected live trade', () => {
  it('the GTT Kite fired while the server was down is booked after the restart: one exit at Kite’s price', async () => {
    kite = await startFakeKite();
    kite.setLtp('INFY', 1500);
    const dataDir = tempDir('trabot-faults-protection-kill-');
    const { signalId, cookie } = await seedFanOut(dataDir, {
      accounts: 1,
      label: 'Protkill',
      accessKey: kite.newAccessToken(),
      live: true,
    });
    const env = {
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      LIVE_TRADING: '1',
      ALLOW_UNREGISTERED_ALGOS: '1',
      KITE_API_KEY: kite.apiKey,
      KITE_API_SECRET: kite.apiSecret,
      KITE_API_ROOT: kite.root,
    };
    let server: ServerProcess = await startFaultServer({ dataDir, env });
    let restartedAt = 0;
    try {
      await approveSignal(server.url, signalId, cookie);
      await until(() => kite!.orders.some((o) => o.status === 'COMPLETE'), 'the entry filled at Kite');
      const filledAt = Date.now();
      await until(() => kite!.gtts.some((g) => g.status === 'active'), 'the GTT resting at Kite', 5_000);
      expect(Date.now() - filledAt).toBeLessThan(5_000);
      await until(() => logged(dataDir, 'engine: protection resting at the broker') === 1, 'the GTT recorded', 5_000);
      await server.stop('SIGKILL');

      // While the server is down: through the stop (1400), Kite fires the GTT; its LIMIT sell fills on the bounce.
      kite.setLtp('INFY', 1395);
      kite.setLtp('INFY', 1400.5);
      kite.match();
      const gtt = kite.gtts[0]!;
      expect(gtt.status).toBe('triggered');
      const sell = kite.orders.find((o) => o.order_id === gtt.orders[0]!.result!.order_result.order_id)!;
      expect(sell).toMatchObject({ status: 'COMPLETE', transaction_type: 'SELL' });

      server = await startFaultServer({ dataDir, env });
      restartedAt = Date.now();
      await until(() => logged(dataDir, 'engine: protection exit booked') >= 1, 'the exit booked', 60_000).catch(
        (err: unknown) => {
          const lines = fs.readFileSync(logFilePath(dataDir), 'utf8').split('\n');
          console.info(
            lines
              .filter((l) => /protect|reconcil|leader|tick failed|engine: this/.test(l))
              .slice(-40)
              .join('\n'),
          );
          throw err;
        },
      );
      expect(Date.now() - restartedAt).toBeLessThan(60_000);
    } finally {
      await server.stop('SIGTERM');
    }

    const database = await openPglite(pgliteDir(dataDir));
    try {
      const { db } = database;
      const [trade] = await db.select().from(trades).where(eq(trades.signal_id, signalId));
      const sell = kite.orders.find((o) => o.transaction_type === 'SELL')!;
      expect(trade).toMatchObject({
        trade_status: 'completed',
        remaining_quantity: 0,
        avg_exit_price: sell.average_price,
      });
      const exits = await db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, trade!.trabot_trade_id));
      expect(exits.map((x) => [x.order_id, x.trade_exit_quantity])).toEqual([[sell.order_id, trade!.trade_quantity]]);
      const exitLegs = await db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
      expect(exitLegs.filter((l) => l.side === 'exit').map((l) => l.source)).toEqual(['protection']);
      const sold = kite.orders.filter((o) => o.transaction_type === 'SELL').reduce((s, o) => s + o.filled_quantity, 0);
      const bought = kite.orders.filter((o) => o.transaction_type === 'BUY').reduce((s, o) => s + o.filled_quantity, 0);
      expect(sold).toBe(bought);
      const [protection] = await db.select().from(protections);
      expect(protection).toMatchObject({ state: 'done', executed_leg: 'stop' });
      const warned = await db.select().from(warnings);
      expect(warned.filter((w) => w.warning_message.startsWith('Protection executed'))).toHaveLength(1);
      console.info(
        `[faults] protection kill -9: exit booked ${Date.now() - restartedAt} ms after the restart at ${sell.average_price}`,
      );
    } finally {
      await database.close();
    }
  });
});
