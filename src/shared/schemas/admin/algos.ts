/** Algos and signals (spec sections 3, 5, 7): list items and the admin's write payloads. */
import { z } from 'zod';
import {
  EXCHANGE,
  EXIT_TRADE_TYPES,
  MANUAL_ORDER_PORTIONS,
  ORDER_TYPES,
  SIGNAL_PORTIONS,
  SIGNAL_STATUSES,
  TRADE_DIRECTIONS,
  TRADE_TYPES,
} from '../../constants';
import { MSG } from '../../messages';
import { levelSideErrors } from '../../levels';
import { isoDateOrDateTimeInRange, isoDateTimeInRange } from '../../date-range';

export const APPROVAL_MODES = ['manual', 'auto'] as const;

export const algoSchema = z.object({
  algo_id: z.number().int(),
  algo_desc: z.string(),
  algo_switch: z.boolean(),
  /** `manual`: new signals wait as pending for a superadmin; `auto`: approved and processed at once. */
  approval_mode: z.enum(APPROVAL_MODES),
  /** Minutes a pending signal waits for a decision before it expires; null: never. */
  signal_validity_minutes: z.number().int().nullable(),
  /** The Algo ID the exchange issued for this algo, sent with its live orders; null: not registered. */
  exchange_algo_id: z.string().nullable(),
});
export type Algo = z.infer<typeof algoSchema>;

/**
 * POST /api/algos/{id}/exchange-registration: the exchange-issued Algo ID (letters, digits, `-`
 * and `_`, at most 30), or null to clear it.
 */
export const exchangeRegistrationBodySchema = z.object({
  exchange_algo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,30}$/, 'exchange_algo_id must be 1-30 letters, digits, - or _')
    .nullable(),
});

/** A row of GET /api/algos: the algo and its testing slots (active subscriptions out of the limit). */
export const algoListItemSchema = algoSchema.extend({
  testers_active: z.number().int(),
  testers_max: z.number().int(),
});
export type AlgoListItem = z.infer<typeof algoListItemSchema>;

/** POST /api/algos/{id}/switch (the spec shows the Switch but no call: decided, see docs/decisions/2026-11-22-algo-switch-call.md). */
export const algoSwitchBodySchema = z.object({ algo_switch: z.boolean() });

export const signalSchema = z.object({
  signal_id: z.number().int(),
  algo_id: z.number().int(),
  exchange: z.string(),
  instrument_symbol: z.string(),
  instrument_type: z.string(),
  trade_type: z.string(),
  trade_direction: z.string(),
  trade_gen_ts: z.string().nullable(),
  entry_level: z.number(),
  stop_loss_level: z.number(),
  target_level: z.number(),
  trade_status: z.enum(SIGNAL_STATUSES),
  algo_process_ind: z.boolean(),
  portion_in_trade: z.number(),
  ltp: z.number().nullable(),
  max_fav_excursion: z.number().nullable(),
  max_adv_excursion: z.number().nullable(),
  ltp_timestamp: z.string().nullable(),
  risk_reward: z.number().nullable(),
  /** What the engine waits for before acting on the signal ("waiting for market open"), or why it refused it; null when nothing. */
  status_note: z.string().nullable(),
  created_at: z.string(),
  /** When its levels, date, portion, status or process flag last changed (approve/reject send it back). */
  updated_at: z.string(),
  source: z.enum(['manual', 'webhook']),
  webhook_token_id: z.number().int().nullable(),
  client_signal_id: z.string().nullable(),
  /** A pending signal not decided by then expires; null: never. */
  expires_at: z.string().nullable(),
});
export type Signal = z.infer<typeof signalSchema>;

export const signalsQuerySchema = z.object({
  status: z.enum(['all', ...SIGNAL_STATUSES]).default('all'),
});

/** A price level: a finite number with at most 2 decimals (step 0.01). */
const level = (label: string) =>
  z
    .number({ error: MSG.addSignalBadNumbers })
    .finite(MSG.addSignalBadNumbers)
    .positive(`${label} must be above zero`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} allows at most 2 decimals`);

/** yyyy-MM-dd or a full ISO timestamp. */
const tradeGenTs = isoDateOrDateTimeInRange('trade_gen_ts', 'a date (yyyy-MM-dd) or an ISO timestamp');

type Levels = { entry_level: number; stop_loss_level: number; target_level: number };

/** Levels on the wrong side of the entry, each at its field (shared/levels.ts). */
function sideIssues(direction: string, levels: Levels, ctx: z.RefinementCtx) {
  const errors = levelSideErrors(direction, levels.entry_level, levels.stop_loss_level, levels.target_level);
  for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', message, path: [path] });
}

/** PUT /api/algos/{algoId}/signals */
export const addSignalBodySchema = z
  .object({
    trade_gen_ts: tradeGenTs,
    exchange: z.literal(EXCHANGE, { error: `exchange must be ${EXCHANGE}` }),
    instrument_symbol: z.string().trim().min(1, MSG.addSignalBadSymbol).max(40),
    instrument_type: z.string().trim().min(1, MSG.addSignalBadSymbol).max(10),
    trade_direction: z.enum(TRADE_DIRECTIONS, { error: 'Trade direction is required (long or short)' }),
    trade_type: z.enum(TRADE_TYPES, { error: 'trade_type must be swing or intraday' }),
    entry_level: level('Entry'),
    stop_loss_level: level('Stop-loss'),
    target_level: level('Target'),
    /** Computed by the client; the server recomputes and stores its own value. */
    risk_reward: z.number().finite().nullable(),
    portion_in_trade: z.union(
      SIGNAL_PORTIONS.map((p) => z.literal(p)),
      { error: 'portion_in_trade must be 100, 50 or 25' },
    ),
    process_signal: z.boolean(),
  })
  .superRefine((body, ctx) => sideIssues(body.trade_direction, body, ctx));
export type AddSignalBody = z.infer<typeof addSignalBodySchema>;

/**
 * The `updated_at` of the signal as the superadmin saw it (Edit Levels, manual orders): when the
 * signal changed since, the server refuses with 409 and the current signal. Absent, no check (the
 * spec's body has no such field; the app's screens always send it).
 */
export const expectedSignalUpdatedAt = isoDateTimeInRange(
  'expected_updated_at',
  'the signal’s updated_at (an ISO timestamp)',
).optional();

/**
 * POST /api/signals/{signalId}/update (Edit Levels). The status may only make a move a superadmin
 * may make (src/shared/states/signals.ts); any other is refused with 409.
 */
export const editLevelsBodySchema = z.object({
  trade_gen_ts: tradeGenTs,
  entry_level: z.number({ error: MSG.editLevelsInvalid }).finite(MSG.editLevelsInvalid),
  stop_loss_level: z.number({ error: MSG.editLevelsInvalid }).finite(MSG.editLevelsInvalid),
  target_level: z.number({ error: MSG.editLevelsInvalid }).finite(MSG.editLevelsInvalid),
  trade_status: z.enum(SIGNAL_STATUSES, { error: `trade_status must be one of: ${SIGNAL_STATUSES.join(', ')}` }),
  process_signal: z.boolean(),
  expected_updated_at: expectedSignalUpdatedAt,
});
export type EditLevelsBody = z.infer<typeof editLevelsBodySchema>;

/** Statuses whose levels the engine may trade: their levels must be on the right side of the entry. */
const TRADABLE_STATUSES: readonly string[] = ['pending', 'approved', 'running'];

/**
 * Edit Levels for a signal of this direction: the body's rules, and its levels on the right side of
 * the entry while the signal stays tradable (cancelling or completing a signal is always possible).
 */
export const editLevelsSchemaFor = (direction: string) =>
  editLevelsBodySchema.superRefine((body, ctx) => {
    if (TRADABLE_STATUSES.includes(body.trade_status)) sideIssues(direction, body, ctx);
  });

const optionalPrice = z.number().finite().nullable().optional();

/** Fields shared by PUT /api/signals/{id}/manual-entry and /manual-exit (spec section 7). */
const manualOrderShape = {
  portion: z.union(
    MANUAL_ORDER_PORTIONS.map((p) => z.literal(p)),
    { error: 'portion must be 1, 0.5, 0.25 or 0.33' },
  ),
  order_type: z.enum(ORDER_TYPES, { error: 'order_type must be market, limit or trigger' }),
  limit_price: optionalPrice,
  trigger_price: optionalPrice,
  algo_id: z.number().int(),
  instrument_symbol: z.string().min(1).max(40),
  signal_id: z.number().int(),
  trade_direction: z.enum(TRADE_DIRECTIONS),
  trade_exchange: z.string().min(1).max(10),
  entry_level: z.number().finite(),
  stop_loss_level: z.number().finite(),
  expected_updated_at: expectedSignalUpdatedAt,
};

type ManualOrderPrices = {
  order_type: (typeof ORDER_TYPES)[number];
  limit_price?: number | null;
  trigger_price?: number | null;
};
const positive = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;

/** The spec's manual order rules (section 5); `side` picks the entry or exit wording and comparison. */
export function manualOrderError(side: 'entry' | 'exit', o: ManualOrderPrices): string | null {
  if (o.order_type === 'limit' && !positive(o.limit_price)) {
    return side === 'entry' ? MSG.manualEntryLimitRequired : MSG.manualExitLimitRequired;
  }
  if (o.order_type === 'trigger') {
    if (!positive(o.limit_price) || !positive(o.trigger_price)) {
      return side === 'entry' ? MSG.manualEntryTriggerRequired : MSG.manualExitTriggerRequired;
    }
    if (side === 'entry' && !(o.limit_price > o.trigger_price)) return MSG.manualEntryLimitAboveTrigger;
    if (side === 'exit' && !(o.limit_price < o.trigger_price)) return MSG.manualExitLimitBelowTrigger;
  }
  return null;
}

const withManualRules = <const T extends readonly [string, ...string[]]>(side: 'entry' | 'exit', tradeTypes: T) =>
  z
    .object({
      ...manualOrderShape,
      trade_type: z.enum(tradeTypes, { error: `trade_type must be ${tradeTypes.join(' or ')}` }),
    })
    .superRefine((o, ctx) => {
      const message = manualOrderError(side, o);
      if (message) {
        ctx.addIssue({ code: 'custom', message, path: [o.order_type === 'limit' ? 'limit_price' : 'trigger_price'] });
        return;
      }
      // Whole paise (NSE's finest tick); the instrument's own tick is checked by the server, which knows it.
      const wholePaise = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
      if (o.order_type !== 'market' && !wholePaise(o.limit_price as number)) {
        ctx.addIssue({ code: 'custom', message: 'Limit price allows at most 2 decimals', path: ['limit_price'] });
      }
      if (o.order_type === 'trigger' && !wholePaise(o.trigger_price as number)) {
        ctx.addIssue({ code: 'custom', message: 'Trigger price allows at most 2 decimals', path: ['trigger_price'] });
      }
    });

export const manualEntryBodySchema = withManualRules('entry', TRADE_TYPES);
export const manualExitBodySchema = withManualRules('exit', EXIT_TRADE_TYPES);
export type ManualEntryBody = z.infer<typeof manualEntryBodySchema>;
export type ManualExitBody = z.infer<typeof manualExitBodySchema>;

/** One row of GET /api/admin/nse/bhav-copy: SYMBOL and SERIES plus the last bhavcopy's fields. */
export const instrumentSchema = z.object({
  SYMBOL: z.string(),
  SERIES: z.string(),
  NAME: z.string().nullable(),
  ISIN: z.string().nullable(),
  OPEN: z.number().nullable(),
  HIGH: z.number().nullable(),
  LOW: z.number().nullable(),
  CLOSE: z.number().nullable(),
  LAST: z.number().nullable(),
  PREVCLOSE: z.number().nullable(),
  TOTTRDQTY: z.number().nullable(),
  TIMESTAMP: z.string().nullable(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

/** 201 answer of PUT /api/signals/{id}/manual-entry|manual-exit: the order queued for the engine. */
export const manualOrderSchema = z.object({
  id: z.number().int(),
  signal_id: z.number().int(),
  side: z.enum(['entry', 'exit']),
  portion: z.number(),
  order_type: z.enum(ORDER_TYPES),
  limit_price: z.number().nullable(),
  trigger_price: z.number().nullable(),
  trade_type: z.string(),
  /** `queued` until the execution engine places it; then placed (an order rests), done or failed. */
  status: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  /** Why it failed, or which accounts were skipped. */
  status_reason: z.string().nullable(),
});
export type ManualOrder = z.infer<typeof manualOrderSchema>;

export const BHAV_COPY_FORMATS = ['legacy', 'udiff'] as const;

/** Answer of POST /api/admin/nse/bhav-copy (and the CLI's `instruments import`). */
export const bhavCopyImportSchema = z.object({
  /** Rows written (a row already holding a later day's prices is left alone). */
  imported: z.number().int(),
  format: z.enum(BHAV_COPY_FORMATS),
  /** Trade date of the file, yyyy-MM-dd. */
  date: z.string(),
});
export type BhavCopyImport = z.infer<typeof bhavCopyImportSchema>;
