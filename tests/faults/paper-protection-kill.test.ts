/**
 * kill -9 with a paper trade protected at the paper broker (issue 24): the real server on PGlite
 * trading paper; the entry fills and its stop and target rest at the paper broker; the server is
 * SIGKILLed and started again on the same data: its first tick puts the two orders back under
 * their ids and tags, reconciliation reads them (no "could not be reconciled"), and nothing is
 * placed a second time. (The simulated feed's price is not the test's to move: the gap through
 * the stop while down is shown by tests/integration/engine/paper-protections.test.ts.)
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { protectionEvents, protections, tradeExits, trades, warnings } from '@server/db/schema';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { approveSignal, logged, seedFanOut, until } from './support/fan-out-world';
import { startFaultServer } from './support/server-process';
import type { ServerProcess } from '../support/real-server';

afterAll(removeTempDirs);

const PUT_BACK = "engine: the paper broker's resting orders put back from the records";

describe('kill -9 with a protected paper trade', () => {
  it('the stop and target rest again at the paper broker after the restart, placed once', async () => {
    const dataDir = tempDir('trabot-faults-paper-protection-kill-');
    const { signalId, cookie } = await seedFanOut(dataDir, { accounts: 1, label: 'Paperkill', accessKey: 'paper-key' });
    const env = { SEED_DEMO: '0', LOG_LEVEL: 'info' };
    let server: ServerProcess = await startFaultServer({ dataDir, env });
    let restartedAt = 0;
    try {
      await approveSignal(server.url, signalId, cookie);
      await until(() => logged(dataDir, 'engine: protection resting at the broker') === 1, 'the protection resting');
      await server.stop('SIGKILL');

      server = await startFaultServer({ dataDir, env });
      restartedAt = Date.now();
      await until(() => logged(dataDir, PUT_BACK) === 1, 'the paper orders put back', 60_000);
      // Two more ticks: the protection is followed and reconciled against the book put back.
      await new Promise((r) => setTimeout(r, 7_000));
    } finally {
      await server.stop('SIGTERM');
    }
    expect(logged(dataDir, 'engine: protection resting at the broker')).toBe(1);

    const database = await openPglite(pgliteDir(dataDir));
    try {
      const { db } = database;
      const [trade] = await db.select().from(trades).where(eq(trades.signal_id, signalId));
      const [protection] = await db.select().from(protections);
      const moves = await db
        .select()
        .from(protectionEvents)
        .where(eq(protectionEvents.protection_id, protection!.id))
        .orderBy(asc(protectionEvents.id));
      const exits = await db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, trade!.trabot_trade_id));
      const warned = await db.select().from(warnings);
      // The random walk may have reached a level after the restart: then the protection's fill is the one exit.
      if (trade!.trade_status === 'running') {
        expect(protection).toMatchObject({ state: 'active', quantity: trade!.remaining_quantity });
        expect(exits).toEqual([]);
      } else {
        expect(protection).toMatchObject({ state: 'done' });
        expect(exits).toHaveLength(1);
      }
      // Placed once: one move to active, and the broker's id never changed.
      expect(moves.filter((m) => m.state === 'active').map((m) => m.broker_protection_id)).toEqual([
        protection!.broker_protection_id,
      ]);
      expect(warned.filter((w) => w.warning_message.includes('could not be reconciled'))).toEqual([]);
      console.info(
        `[faults] paper protection kill -9: orders put back, trade ${trade!.trade_status}, ${Date.now() - restartedAt} ms after the restart`,
      );
    } finally {
      await database.close();
    }
  });
});
