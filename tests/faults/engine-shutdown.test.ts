/**
 * The engine under SIGTERM in the middle of a large fan-out: the real server on PGlite,
 * 3,000 subscribed accounts, an approval, SIGTERM once trades are being created. The process ends
 * within the shutdown grace period with exit code 0, between two batches (the signal not fanned
 * out yet); the next start does the rest, and in the end every account has exactly one trade, one
 * entry leg and one entry row.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { orderLegs, tradeEntries, trades } from '@server/db/schema';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { approveSignal, logged, seedFanOut, until } from './support/fan-out-world';
import { startFaultServer } from './support/server-process';
import type { ServerProcess } from '../support/real-server';

const ACCOUNTS = 3_000;
/** main.ts's SHUTDOWN_GRACE_MS, and a second for the process to start exiting. */
const GRACE_MS = 5_000 + 1_000;

afterAll(removeTempDirs);

describe('SIGTERM during a fan-out', () => {
  it(`stops between batches within the grace period, and the next start finishes the ${ACCOUNTS.toLocaleString('en-IN')} accounts exactly once`, async () => {
    const dataDir = tempDir('trabot-faults-shutdown-');
    const { signalId, cookie } = await seedFanOut(dataDir, {
      accounts: ACCOUNTS,
      label: 'Shutdown',
      accessKey: 'fault-key',
    });
    const env = { SEED_DEMO: '0', LOG_LEVEL: 'info', ENGINE_BATCH_SIZE: '50' };
    let server: ServerProcess = await startFaultServer({ dataDir, env });
    try {
      await approveSignal(server.url, signalId, cookie);
      await until(() => logged(dataDir, 'engine: trade created') >= 100, 'the first trades');
      const stopping = performance.now();
      const exit = await server.stop('SIGTERM');
      const tookMs = performance.now() - stopping;
      expect(exit.code, exit.stderr).toBe(0);
      expect(tookMs).toBeLessThan(GRACE_MS);
      const createdBefore = logged(dataDir, 'engine: trade created');
      expect(createdBefore).toBeLessThan(ACCOUNTS);
      expect(logged(dataDir, 'engine: signal fanned out')).toBe(0);

      server = await startFaultServer({ dataDir, env });
      await until(() => logged(dataDir, 'engine: signal fanned out') === 1, 'the rest of the fan-out', 120_000);
    } finally {
      await server.stop('SIGTERM');
    }

    const database = await openPglite(pgliteDir(dataDir));
    try {
      const { db } = database;
      const [all] = await db.select({ n: count() }).from(trades).where(eq(trades.signal_id, signalId));
      const [running] = await db
        .select({ n: count() })
        .from(trades)
        .where(and(eq(trades.signal_id, signalId), eq(trades.trade_status, 'running')));
      const [legs] = await db
        .select({ n: count() })
        .from(orderLegs)
        .innerJoin(trades, eq(trades.trabot_trade_id, orderLegs.trabot_trade_id))
        .where(eq(trades.signal_id, signalId));
      const [entries] = await db
        .select({ n: count() })
        .from(tradeEntries)
        .innerJoin(trades, eq(trades.trabot_trade_id, tradeEntries.trabot_trade_id))
        .where(eq(trades.signal_id, signalId));
      expect({ all: all!.n, running: running!.n, legs: legs!.n, entries: entries!.n }).toEqual({
        all: ACCOUNTS,
        running: ACCOUNTS,
        legs: ACCOUNTS,
        entries: ACCOUNTS,
      });
    } finally {
      await database.close();
    }
  });
});
