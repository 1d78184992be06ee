/**
 * The superadmin's decision on a pending signal: approve (the engine then trades it) or reject.
 * Each is one guarded UPDATE (src/server/states/signals.ts): it applies only while the signal is
 * pending (a move from there the table lets a superadmin make), unexpired and
 * unchanged since the superadmin saw it (`expected_updated_at`), so a stale phone card never
 * approves levels a colleague has since edited, and two taps never decide twice.
 */
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import type { PendingSignal, SignalDecisionAnswer } from '@shared/schemas/admin/signal-approvals';
import type { Db } from '../db/client';
import { accounts, algoSubscriptions, algos, signals } from '../db/schema';
import { recordSignalEvents, type Actor } from '../records/signal-events';
import { subscribedTo } from '../trading/entry-eligibility';
import { toSignal } from './signals';
import { DomainError } from '../lib/domain-error';
import { moveSignalByAdmin } from '../states/signals';

type Decision = 'approve' | 'reject';

/** Unexpired at `now`: the app's clock (AppDeps.clock), the one the engine's expiry sweep reads too. */
const notExpiredAt = (now: Date) => or(isNull(signals.expires_at), gt(signals.expires_at, now));

/** The algo's subscribers (trading/entry-eligibility.ts): the accounts a fan-out will try. */
export async function subscribedAccountCount(db: Db, algoId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(algoSubscriptions)
    .innerJoin(accounts, eq(accounts.trabot_account_id, algoSubscriptions.trabot_account_id))
    .where(subscribedTo(algoId));
  return row?.n ?? 0;
}

/** Why a decision did not apply: 404, or 409 with what changed and the signal as it is now. */
async function refusal(db: Db, signalId: number, expectedUpdatedAt: Date): Promise<DomainError> {
  const [row] = await db.select().from(signals).where(eq(signals.signal_id, signalId));
  if (!row) return new DomainError('not_found', 'Signal not found');
  const current = toSignal(row);
  if (row.trade_status !== 'pending')
    return new DomainError('conflict', MSG.signalNotPending(row.trade_status), undefined, current);
  if (row.updated_at.getTime() !== expectedUpdatedAt.getTime())
    return new DomainError('conflict', MSG.signalChangedSince, undefined, current);
  return new DomainError('conflict', MSG.signalExpired, undefined, current);
}

/**
 * Approves (status approved, process flag set) or rejects (cancelled, noted) a pending signal, with
 * the decision's event (who, when). 404 for an unknown signal; 409 when it is no longer pending, has
 * expired by `now` (the app's clock) or changed since.
 */
export async function decideSignal(
  db: Db,
  signalId: number,
  decision: Decision,
  expectedUpdatedAt: Date,
  user: NonNullable<Actor>,
  now: Date,
): Promise<SignalDecisionAnswer> {
  const row = await db.transaction(async (tx) => {
    const decided = await moveSignalByAdmin(tx, signalId, {
      ...(decision === 'approve'
        ? { to: 'approved', set: { algo_process_ind: true, expires_at: null } }
        : { to: 'cancelled', set: { status_note: `rejected by ${user.name}`, expires_at: null } }),
      from: ['pending'],
      where: and(eq(signals.updated_at, expectedUpdatedAt), notExpiredAt(now)),
    });
    if (decided)
      await recordSignalEvents(tx, [
        { signalId, kind: decision === 'approve' ? 'approved' : 'rejected', actor: { id: user.id, name: user.name } },
      ]);
    return decided;
  });
  if (!row) throw await refusal(db, signalId, expectedUpdatedAt);
  const signal = toSignal(row);
  if (decision === 'reject') return { message: MSG.signalRejected, signal };
  const accountCount = await subscribedAccountCount(db, row.algo_id);
  return {
    message: MSG.signalApproved(row.instrument_symbol, row.trade_direction, accountCount),
    signal,
    accounts: accountCount,
  };
}

/** Pending signals of every algo, newest first, with their algo's name. */
export async function listPendingSignals(db: Db): Promise<PendingSignal[]> {
  const rows = await db
    .select({ signal: signals, algo_desc: algos.algo_desc })
    .from(signals)
    .innerJoin(algos, eq(algos.algo_id, signals.algo_id))
    .where(eq(signals.trade_status, 'pending'))
    .orderBy(desc(signals.signal_id));
  return rows.map(({ signal, algo_desc }) => ({ ...toSignal(signal), algo_desc }));
}

export async function pendingSignalCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(signals).where(eq(signals.trade_status, 'pending'));
  return row?.n ?? 0;
}
