/** Algos: the list and the On/Off switch. */
import { asc, eq } from 'drizzle-orm';
import type { Algo } from '../../shared/schemas/admin/algos';
import type { Db } from '../db/client';
import { algos } from '../db/schema';

export async function listAlgos(db: Db): Promise<Algo[]> {
  return db.select().from(algos).orderBy(asc(algos.algo_id));
}

export async function algoExists(db: Db, algoId: number): Promise<boolean> {
  const [row] = await db.select({ id: algos.algo_id }).from(algos).where(eq(algos.algo_id, algoId));
  return row !== undefined;
}

/** Null when the algo does not exist. */
export async function switchAlgo(db: Db, algoId: number, on: boolean): Promise<Algo | null> {
  const [row] = await db.update(algos).set({ algo_switch: on }).where(eq(algos.algo_id, algoId)).returning();
  return row ?? null;
}
