/**
 * kill -9 with a live Dhan trade protected at the broker (issue 24), as protection-kill.test.ts
 * does at Kite: the real server on PGlite trading live at the local Dhan server; the entry fills
 * and its stop-loss and target rest at Dhan within 5 s, as one forever OCO (a delivery position);
 * the server is SIGKILLed; Dhan's price goes through the stop (its leg places a LIMIT sell that
 * fills, Dhan cancels the target leg); the server starts again and within 60 s the trade is
 * completed at Dhan's fill price with exactly one exit, and the superadmin has a warning.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { logFilePath } from '@server/lib/logger';
import { accounts, orderLegs, protections, tradeExits, trades, warnings } from '@server/db/schema';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { startFakeDhan, type FakeDhan } from '../support/fake-dhan';
import { approveSignal, logged, seedFanOut, until } from './support/fan-out-world';
import { startFaultServer } from './support/server-process';
import type { ServerProcess } from '../support/real-server';

let dhan: FakeDhan | undefined;

afterAll(async () => {
  await dhan?.close();
  removeTempDirs();
});

describe('kill -9 with a live trade protected at Dhan', () => {
  it('the stop Dhan filled while the server was down is booked after the restart: one exit at Dhan’s price', async () => {
    dhan = await startFakeDhan();
    dhan.setLtp('INFY', 1500);
    const client = 'DH1001';
    const dataDir = tempDir('trabot-faults-rest-protection-kill-');
    const { signalId, cookie } = await seedFanOut(dataDir, {
      accounts: 1,
      label: 'Dhankill',
      accessKey: dhan.newAccessToken(client),
      live: true,
    });
    const database = await openPglite(pgliteDir(dataDir));
    await database.db.update(accounts).set({ broker_name: 'dhan', broker_client_id: client });
    await database.close();
    const env = {
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      LIVE_TRADING: '1',
      ALLOW_UNREGISTERED_ALGOS: '1',
      DHAN_API_KEY: dhan.apiKey,
      DHAN_API_SECRET: dhan.apiSecret,
      DHAN_API_ROOT: dhan.root,
      DHAN_AUTH_ROOT: dhan.root,
      DHAN_SCRIP_MASTER_URL: dhan.scripMasterUrl,
    };
    // A delivery position at Dhan rests as one forever OCO; its triggered leg's sell carries the protection's tag.
    const stopSell = () => dhan!.exchange.orders.find((o) => o.side === 'sell' && o.tag && /^TB\d+P\d+O$/.test(o.tag))!;
    let server: ServerProcess = await startFaultServer({ dataDir, env });
    let restartedAt = 0;
    try {
      await approveSignal(server.url, signalId, cookie);
      await until(
        () => dhan!.exchange.orders.some((o) => o.side === 'buy' && o.status === 'filled'),
        'the entry filled at Dhan',
      );
      const filledAt = Date.now();
      await until(() => dhan!.forever.length === 1, 'the stop and target resting at Dhan (a forever OCO)', 5_000);
      expect(Date.now() - filledAt).toBeLessThan(5_000);
      await until(
        () => logged(dataDir, 'engine: protection resting at the broker') === 1,
        'the protection recorded',
        5_000,
      );
      await server.stop('SIGKILL');

      // While the server is down: through the stop (1400) Dhan places the stop leg's LIMIT sell (and
      // cancels the target leg itself); its limit sits beyond the trigger (docs/engine.md, "Stops that
      // fill"), so it fills at the market, 1395.
      dhan.setLtp('INFY', 1395);
      dhan.match();
      expect(Object.fromEntries(dhan.forever[0]!.legs.map((l) => [l.legName, l.status]))).toEqual({
        STOP_LOSS_LEG: 'TRADED',
        TARGET_LEG: 'CANCELLED',
      });
      expect(stopSell()).toMatchObject({ status: 'filled', side: 'sell', averagePrice: 1395 });

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

    const reopened = await openPglite(pgliteDir(dataDir));
    try {
      const { db } = reopened;
      const [trade] = await db.select().from(trades).where(eq(trades.signal_id, signalId));
      const stop = stopSell();
      expect(trade).toMatchObject({
        broker: 'dhan',
        trade_status: 'completed',
        remaining_quantity: 0,
        avg_exit_price: 1395,
      });
      const exits = await db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, trade!.trabot_trade_id));
      expect(exits.map((x) => [x.order_id, x.trade_exit_quantity])).toEqual([[stop.id, trade!.trade_quantity]]);
      const exitLegs = await db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
      expect(exitLegs.filter((l) => l.side === 'exit').map((l) => l.source)).toEqual(['protection']);
      const filled = dhan.exchange.orders.filter((o) => o.filled > 0);
      const sum = (side: string) => filled.filter((o) => o.side === side).reduce((s, o) => s + o.filled, 0);
      expect(sum('sell')).toBe(sum('buy'));
      const [protection] = await db.select().from(protections);
      expect(protection).toMatchObject({ state: 'done', executed_leg: 'stop' });
      const warned = await db.select().from(warnings);
      expect(warned.filter((w) => w.warning_message.startsWith('Protection executed'))).toHaveLength(1);
      console.info(
        `[faults] Dhan protection kill -9: exit booked ${Date.now() - restartedAt} ms after the restart at 1395`,
      );
    } finally {
      await reopened.close();
    }
  });
});
