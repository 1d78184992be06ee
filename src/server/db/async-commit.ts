/**
 * Writes whose loss in a crash costs nothing, committed without waiting for the disk: the prices a
 * tick writes (last price, MTM, excursions), rewritten by the next tick anyway. On the embedded
 * database a commit's WAL fsync runs on the server's thread (pglite-files.ts), a dozen a tick with a
 * thousand trades; an asynchronous commit skips it, and the next durable commit flushes these with
 * its own. Never for an order, a fill or a state: those commit durably.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

export async function withAsyncCommit<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit to off`);
    return write(tx as unknown as Db);
  });
}
