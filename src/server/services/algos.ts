/** Algos: the list, the On/Off switch and how their signals are approved. */
import { asc, eq } from 'drizzle-orm';
import type { Algo, AlgoListItem } from '@shared/schemas/admin/algos';
import type { ApprovalSettingsBody } from '@shared/schemas/admin/signal-approvals';
import type { Db } from '../db/client';
import { algos } from '../db/schema';
import { activeTestersByAlgo } from './subscriptions';

/** Every algo with its testing slots: active subscriptions out of ALGO_TESTERS_MAX. */
export async function listAlgos(db: Db, testersMax: number): Promise<AlgoListItem[]> {
  const [rows, used] = await Promise.all([
    db.select().from(algos).orderBy(asc(algos.algo_id)),
    activeTestersByAlgo(db),
  ]);
  return rows.map((a) => ({ ...a, testers_active: used.get(a.algo_id) ?? 0, testers_max: testersMax }));
}

export async function algoExists(db: Db, algoId: number): Promise<boolean> {
  return (await getAlgo(db, algoId)) !== null;
}

export async function getAlgo(db: Db, algoId: number): Promise<Algo | null> {
  const [row] = await db.select().from(algos).where(eq(algos.algo_id, algoId));
  return row ?? null;
}

/** How the algo's new signals are decided; null when the algo does not exist. */
export async function setApprovalSettings(
  db: Db,
  algoId: number,
  settings: ApprovalSettingsBody,
): Promise<Algo | null> {
  const [row] = await db.update(algos).set(settings).where(eq(algos.algo_id, algoId)).returning();
  return row ?? null;
}

/** Sets (or clears, null) the algo's exchange-issued Algo ID; null when the algo does not exist. */
export async function setExchangeAlgoId(db: Db, algoId: number, exchangeAlgoId: string | null): Promise<Algo | null> {
  const [row] = await db
    .update(algos)
    .set({ exchange_algo_id: exchangeAlgoId })
    .where(eq(algos.algo_id, algoId))
    .returning();
  return row ?? null;
}

/** Null when the algo does not exist. */
export async function switchAlgo(db: Db, algoId: number, on: boolean): Promise<Algo | null> {
  const [row] = await db.update(algos).set({ algo_switch: on }).where(eq(algos.algo_id, algoId)).returning();
  return row ?? null;
}
