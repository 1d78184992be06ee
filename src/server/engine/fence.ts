/**
 * Fencing (docs/engine.md, "Leadership and fencing"): the engine's database handle runs every
 * transaction behind a check of the leader's epoch, and no order is placed unless the lock was
 * confirmed within its lease. A leader that lost its lock (paused, cut off) thus fails its next
 * write or order with FencedError, which ends the tick; the process stops leading.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SOLE_LEADERSHIP, type Leadership } from './leader-lock';

export class FencedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FencedError';
  }
}

/**
 * Locks the leadership row (FOR SHARE: the leader's transactions do not wait on each other, a new
 * leader raising the epoch waits for them to end) and throws FencedError unless the epoch is `mine`.
 */
export async function checkEpoch(tx: Pick<Db, 'execute'>, mine: number): Promise<void> {
  const result = (await tx.execute(sql`select epoch from engine_leadership where id = 1 for share`)) as unknown as {
    rows: { epoch: number }[];
  };
  const current = result.rows[0]?.epoch;
  if (current !== mine)
    throw new FencedError(`engine: another process leads now (epoch ${current}, this one took ${mine})`);
}

/**
 * `db` whose transactions (`db.transaction`) first check the epoch of `leadership`; with
 * SOLE_LEADERSHIP (an engine run without a lock: tests, tools) they run unchecked.
 */
export function fencedDb(db: Db, leadership: Leadership): Db {
  const transaction: Db['transaction'] = (work, config) =>
    db.transaction(async (tx) => {
      if (leadership !== SOLE_LEADERSHIP) {
        const epoch = leadership.epoch();
        if (epoch === null) throw new FencedError('engine: this process no longer leads');
        await checkEpoch(tx, epoch);
      }
      return work(tx);
    }, config);
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Before an order leaves for a broker: this process must still lead, confirmed within the lease. */
export function assertLeading(leadership: Leadership): void {
  if (!leadership.confirmed())
    throw new FencedError('engine: the leader lock is not confirmed within its lease; no order placed');
}
