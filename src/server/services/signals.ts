/**
 * Signals of an algo: listing, Add Signal (the symbol must be in the instrument list) and Edit
 * Levels. The server computes risk_reward itself; the engine reads and updates the same rows.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SignalStatus } from '@shared/constants';
import { istTime } from '@shared/ist';
import { MSG } from '@shared/messages';
import { riskReward } from '@shared/risk-reward';
import type { AddSignalBody, EditLevelsBody, Signal } from '@shared/schemas/admin/algos';
import type { Db } from '../db/client';
import { algos, signals, type SignalEventKind } from '../db/schema';
import { checkLimits } from './column-limits';
import { instrumentTickInfo } from '../instruments/instrument-list';
import { LEVEL_FIELDS, requireOnTick } from './ticks';
import { levelChanges, recordSignalEvents, type Actor } from '../records/signal-events';
import { DomainError } from '../lib/domain-error';
import { moveSignalByAdmin } from '../states/signals';

type SignalRow = typeof signals.$inferSelect;

export function toSignal(row: SignalRow): Signal {
  return {
    ...row,
    trade_gen_ts: row.trade_gen_ts?.toISOString() ?? null,
    ltp_timestamp: row.ltp_timestamp?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}

/** A signal date without a time is that day's start in India, where the market trades. */
export function signalTimestamp(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? istTime(value, '00:00') : new Date(value);
}

/** A rupee price per share far above any NSE price. */
export const LEVEL_LIMIT = 10_000_000;
/** numeric(12, 4) */
const RISK_REWARD_LIMIT = 99_999_999;

/** The levels' risk-reward; 400 naming the field for values out of range. */
function checkedRiskReward(
  levels: Pick<AddSignalBody, 'entry_level' | 'stop_loss_level' | 'target_level'>,
): number | null {
  checkLimits(
    { entry_level: levels.entry_level, stop_loss_level: levels.stop_loss_level, target_level: levels.target_level },
    LEVEL_LIMIT,
  );
  const ratio = riskReward(levels.entry_level, levels.stop_loss_level, levels.target_level);
  if (ratio !== null && Math.abs(ratio) > RISK_REWARD_LIMIT) {
    throw new DomainError('invalid', 'Invalid body: target_level', {
      target_level: 'The risk-reward of these levels is out of range',
    });
  }
  return ratio;
}

/** Statuses whose levels become orders: Edit Levels keeps them on the instrument's tick. */
const TICKED_STATUSES: readonly SignalStatus[] = ['pending', 'approved', 'running'];

/** Newest first; `all` means every status. */
export async function listSignals(db: Db, algoId: number, status: SignalStatus | 'all'): Promise<Signal[]> {
  const rows = await db
    .select()
    .from(signals)
    .where(and(eq(signals.algo_id, algoId), status === 'all' ? undefined : eq(signals.trade_status, status)))
    .orderBy(desc(signals.signal_id));
  return rows.map(toSignal);
}

export async function getSignal(db: Db, signalId: number): Promise<Signal | null> {
  const [row] = await db.select().from(signals).where(eq(signals.signal_id, signalId));
  return row ? toSignal(row) : null;
}

/** A signal sent by the algo's own code (POST /api/hooks/signals). */
export interface WebhookOrigin {
  tokenId: number;
  clientSignalId: string;
  /** The algo approves its own signals (approval mode `auto`). */
  autoApprove: boolean;
}

/** Who added the signal: a superadmin's Add Signal, or the algo's webhook. */
export type SignalOrigin = { user: NonNullable<Actor> } | { webhook: WebhookOrigin };

/**
 * A new signal of an existing algo: pending (a webhook signal of an `auto` algo: approved and
 * processed), expiring after the algo's validity, with its `received` event (and `approved` when
 * the algo approves itself). 400 naming instrument_symbol when the symbol and series are not
 * listed, and naming each level off the instrument's tick (services/ticks.ts). `now` is the app's clock (AppDeps.clock): the expiry is counted from it, as the engine's
 * sweep compares it with its own ticks' time. A webhook signal whose client_signal_id the algo already sent is not added again: the
 * answer is the stored one, `created: false`.
 */
export async function addSignal(
  db: Db,
  algo: Pick<typeof algos.$inferSelect, 'algo_id' | 'signal_validity_minutes'>,
  body: AddSignalBody,
  origin: SignalOrigin,
  now: Date,
): Promise<{ signal: Signal; created: boolean }> {
  const risk_reward = checkedRiskReward(body);
  const symbol = body.instrument_symbol.toUpperCase();
  const series = body.instrument_type.toUpperCase();
  const instrument = await instrumentTickInfo(db, symbol, series);
  if (!instrument) {
    throw new DomainError('invalid', MSG.addSignalBadSymbol, { instrument_symbol: MSG.addSignalBadSymbol });
  }
  requireOnTick(symbol, instrument, LEVEL_FIELDS(body));
  const algoId = algo.algo_id;
  const validity = algo.signal_validity_minutes;
  const webhook = 'webhook' in origin ? origin.webhook : null;
  const actor = 'user' in origin ? origin.user : null;
  const approved = webhook?.autoApprove === true;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signals)
      .values({
        algo_id: algoId,
        exchange: body.exchange,
        instrument_symbol: symbol,
        instrument_type: series,
        trade_type: body.trade_type,
        trade_direction: body.trade_direction,
        trade_gen_ts: signalTimestamp(body.trade_gen_ts),
        entry_level: body.entry_level,
        stop_loss_level: body.stop_loss_level,
        target_level: body.target_level,
        trade_status: approved ? 'approved' : 'pending',
        algo_process_ind: approved || body.process_signal,
        portion_in_trade: body.portion_in_trade,
        risk_reward,
        source: webhook ? 'webhook' : 'manual',
        webhook_token_id: webhook?.tokenId ?? null,
        client_signal_id: webhook?.clientSignalId ?? null,
        expires_at: validity === null || approved ? null : new Date(now.getTime() + validity * 60_000),
      })
      .onConflictDoNothing({
        target: [signals.algo_id, signals.client_signal_id],
        where: sql`${signals.client_signal_id} is not null`,
      })
      .returning();
    if (!row) return null;
    const received = webhook ? { source: 'webhook', client_signal_id: webhook.clientSignalId } : { source: 'manual' };
    await recordSignalEvents(tx, [
      { signalId: row.signal_id, kind: 'received', actor, details: received, at: row.created_at },
      ...(approved
        ? [
            {
              signalId: row.signal_id,
              kind: 'approved' as const,
              actor: null,
              details: { auto: true },
              at: row.created_at,
            },
          ]
        : []),
    ]);
    return row;
  });
  if (created) return { signal: toSignal(created), created: true };
  const [sent] = await db
    .select()
    .from(signals)
    .where(and(eq(signals.algo_id, algoId), eq(signals.client_signal_id, webhook!.clientSignalId)));
  return { signal: toSignal(sent!), created: false };
}

/**
 * Edit Levels: date, levels, status and the process flag, with the events of what changed (levels
 * and status from and to; `approved` or `cancelled` when it moves the status there). One guarded
 * UPDATE (src/server/states/signals.ts): the status may only make a move a superadmin may make (src/shared/states/signals.ts), and
 * with `expected_updated_at` only while the signal is as the superadmin saw it. Null when the signal
 * does not exist; a 409 DomainError carrying the current signal when it changed since or the move is
 * not allowed.
 */
export async function editSignalLevels(
  db: Db,
  signalId: number,
  body: EditLevelsBody,
  actor: Actor,
): Promise<Signal | null> {
  const { expected_updated_at: expected, ...edit } = body;
  const risk_reward = checkedRiskReward(edit);
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(signals).where(eq(signals.signal_id, signalId)).for('update');
    if (!before) return null;
    // Levels the engine may still trade must be on the tick; cancelling or completing is always possible.
    if (TICKED_STATUSES.includes(body.trade_status)) {
      const instrument = await instrumentTickInfo(tx, before.instrument_symbol, before.instrument_type);
      requireOnTick(before.instrument_symbol, instrument, LEVEL_FIELDS(body));
    }
    const row = await moveSignalByAdmin(tx, signalId, {
      to: edit.trade_status,
      stay: true,
      set: {
        trade_gen_ts: signalTimestamp(edit.trade_gen_ts),
        entry_level: edit.entry_level,
        stop_loss_level: edit.stop_loss_level,
        target_level: edit.target_level,
        algo_process_ind: edit.process_signal,
        risk_reward,
      },
      where: expected === undefined ? undefined : eq(signals.updated_at, new Date(expected)),
    });
    if (!row) return { done: false as const, before };
    const statusMoved = before.trade_status !== row.trade_status;
    const changes = {
      ...levelChanges(before, row),
      ...(statusMoved ? { trade_status: { from: before.trade_status, to: row.trade_status } } : {}),
    };
    const to = row.trade_status;
    const moved: SignalEventKind | null = statusMoved && (to === 'approved' || to === 'cancelled') ? to : null;
    await recordSignalEvents(tx, [
      ...(Object.keys(changes).length ? [{ signalId, kind: 'levels_changed' as const, actor, details: changes }] : []),
      ...(moved ? [{ signalId, kind: moved, actor, details: { via: 'edit_levels' } }] : []),
    ]);
    return { done: true as const, signal: toSignal(row) };
  });
  if (outcome === null) return null;
  if (outcome.done) return outcome.signal;
  const refused = outcome.before;
  const current = toSignal(refused);
  if (expected !== undefined && refused.updated_at.getTime() !== new Date(expected).getTime()) {
    throw new DomainError('conflict', MSG.signalChangedSince, undefined, current);
  }
  const message = MSG.signalStatusMoveRefused(refused.trade_status, edit.trade_status);
  throw new DomainError('conflict', message, { trade_status: message }, current);
}
