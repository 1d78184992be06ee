/**
 * The kill switches as entries obey them (engine/halts.ts acts on them; the signal preview shows
 * them): the active halts, read once (a tick, a preview), and the halt that stops an account's
 * entries, if any. Exits are never stopped: they lower the risk.
 */
import { isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tradingHalts } from '../db/schema';

export interface ActiveHalt {
  reason: string;
  squareOff: boolean;
}

export interface HaltState {
  all: ActiveHalt | null;
  accounts: ReadonlyMap<number, ActiveHalt>;
}

export const NO_HALTS: HaltState = { all: null, accounts: new Map() };

export async function loadHalts(db: Db): Promise<HaltState> {
  const rows = await db.select().from(tradingHalts).where(isNull(tradingHalts.lifted_at));
  const halt = (r: (typeof rows)[number]): ActiveHalt => ({ reason: r.reason, squareOff: r.square_off });
  const all = rows.find((r) => r.account_id === null);
  return {
    all: all ? halt(all) : null,
    accounts: new Map(rows.filter((r) => r.account_id !== null).map((r) => [r.account_id!, halt(r)])),
  };
}

/** The halt that stops this account's entries, if any (the global one first). */
export const haltOf = (halts: HaltState, accountId: number): ActiveHalt | null =>
  halts.all ?? halts.accounts.get(accountId) ?? null;

/** Why an entry is not placed on a halted account, as a skip warning says it. */
export const haltSkip = (halt: ActiveHalt) => ({ reason: 'halted', detail: `trading halted: ${halt.reason}` });
