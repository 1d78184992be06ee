/**
 * The signal's history (table signal_events): each change a person, a webhook or the engine makes
 * to a signal appends an event in the transaction that makes the change, so the history never
 * tells of a change that did not happen, nor misses one that did.
 */
import type { Db } from '../db/client';
import { signalEvents, type SignalEventKind } from '../db/schema';

/** Who made a change: a logged-in user, or nobody (a webhook, the engine). */
export type Actor = { id: number; name: string } | null;

export interface NewSignalEvent {
  signalId: number;
  kind: SignalEventKind;
  actor: Actor;
  details?: Record<string, unknown> | null;
  /** When it happened; the transaction's time (now()) when not given. */
  at?: Date;
}

/** Appends the events in one statement (none: no statement). */
export async function recordSignalEvents(tx: Db, events: readonly NewSignalEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(signalEvents).values(
    events.map((e) => ({
      signal_id: e.signalId,
      kind: e.kind,
      user_id: e.actor?.id ?? null,
      user_name: e.actor?.name ?? null,
      details: e.details ?? null,
      ...(e.at ? { at: e.at } : {}),
    })),
  );
}

type Levels = { entry_level: number; stop_loss_level: number; target_level: number };

/** The levels that differ between two sets, as {field: {from, to}}; null when none does. */
export function levelChanges(before: Levels, after: Levels): Record<string, { from: number; to: number }> | null {
  const fields = ['entry_level', 'stop_loss_level', 'target_level'] as const;
  const changed = fields.filter((f) => before[f] !== after[f]);
  return changed.length ? Object.fromEntries(changed.map((f) => [f, { from: before[f], to: after[f] }])) : null;
}
