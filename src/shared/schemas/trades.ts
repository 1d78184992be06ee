import { z } from 'zod';
import { TRADE_FILTER_STATUSES, TRADE_STATUSES } from '../constants';
import { queryIdSchema } from './ids';

const num = z.number();
const numOrNull = z.number().nullable();

/** Costs and identifiers shared by trade entries and exits (spec section 3). */
const legCharges = {
  order_id: z.string().nullable(),
  exchange_order_id: z.string().nullable(),
  sebi_tax: numOrNull,
  stt: numOrNull,
  brokerage_charges: numOrNull,
  service_tax: numOrNull,
  exchange_transaction_charges: numOrNull,
  stamp_duty: numOrNull,
  /** Depository charge of a delivery sell (once per scrip and day); its GST is in service_tax. */
  dp_charges: numOrNull,
};

export const tradeEntrySchema = z.object({
  trade_entry_sequence: z.number().int(),
  trade_entry_quantity: num,
  trade_entry_price: num,
  trade_entry_timestamp: z.string(),
  ...legCharges,
});
export type TradeEntry = z.infer<typeof tradeEntrySchema>;

export const tradeExitSchema = z.object({
  trade_exit_sequence: z.number().int(),
  trade_exit_quantity: num,
  trade_exit_price: num,
  trade_exit_timestamp: z.string(),
  ...legCharges,
});
export type TradeExit = z.infer<typeof tradeExitSchema>;

export const tradeSchema = z.object({
  trabot_trade_id: z.number().int(),
  trade_type: z.string(),
  trabot_account_id: z.number().int(),
  signal_id: z.number().int().nullable(),
  algo_id: z.number().int().nullable(),
  /** Where the trade's orders go: `paper`, or the real broker's name when it trades live. */
  broker: z.string(),
  last_updated_timestamp: z.string(),
  /**
   * Not in the spec: when the engine or an admin last changed what an edit rests on (status,
   * quantities, average prices, date, order numbers; not prices), in whole milliseconds. The admin
   * trade edit sends it back as `expected_updated_at`.
   */
  updated_at: z.string(),
  avg_entry_price: numOrNull,
  avg_exit_price: numOrNull,
  trade_exchange: z.string(),
  trade_instrument: z.string(),
  /** yyyy-MM-dd */
  trade_date: z.string(),
  trade_status: z.enum(TRADE_STATUSES),
  trade_quantity: num,
  trade_direction: z.string(),
  current_mtm: numOrNull,
  trade_risk: numOrNull,
  broker_trade_number: z.string().nullable(),
  stoploss_trade_number: z.string().nullable(),
  remaining_quantity: numOrNull,
  ltp: numOrNull,
  /**
   * Not in the spec: when a live trade's `ltp` was last known from its broker (or a fill); null
   * before any. With `ltp_stale` the screens say "no live price · <age since then>".
   */
  ltp_at: z.string().nullable(),
  /** Not in the spec: a live trade without a fresh price from its broker (its MTM is then null, unknown). */
  ltp_stale: z.boolean(),
  /**
   * Not in the spec: since when an exit of the trade has been open at its broker after every
   * modification toward the market (escalated to the superadmin); null when none is. The screens
   * say "exit pending at the broker · <age>".
   */
  exit_pending_since: z.string().nullable(),
  /**
   * Not in the spec: the broker's reason when the trade's stop failed there (its protective order's
   * trigger failed, or its exit at the stop was rejected); null once an exit is accepted. The screens
   * say "stop failed: <reason>" while the trade runs.
   */
  stop_failed: z.string().nullable(),
  trade_entries: z.array(tradeEntrySchema),
  trade_exits: z.array(tradeExitSchema),
});
export type Trade = z.infer<typeof tradeSchema>;

/**
 * Query of GET /api/account-trades. The page asks for `active` (every status) and filters in the
 * browser; a concrete status narrows on the server.
 */
export const accountTradesQuerySchema = z.object({
  status: z.enum(['active', 'all', ...TRADE_STATUSES]).default('active'),
  adminAccountId: queryIdSchema.optional(),
});
export type AccountTradesQuery = z.infer<typeof accountTradesQuerySchema>;

export const tradeFilterSchema = z.object({
  status: z.enum(TRADE_FILTER_STATUSES).catch('running'),
});
