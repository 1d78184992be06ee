/**
 * Signals from the algos themselves and the superadmin's decision on them: webhook
 * tokens, the webhook's body, an algo's approval settings, the pending queue, the fan-out preview
 * and approve / reject.
 */
import { z } from 'zod';
import { TRADE_DIRECTIONS, TRADE_TYPES } from '../../constants';
import { APPROVAL_MODES, signalSchema } from './algos';
import { isoDateTimeInRange } from '../../date-range';

/** One webhook token of an algo, as listed (never the token itself). */
export const webhookTokenSchema = z.object({
  token_id: z.number().int(),
  algo_id: z.number().int(),
  /** The token masked to its last 4 characters, e.g. `tbw_…x9Qa`. */
  masked: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type WebhookToken = z.infer<typeof webhookTokenSchema>;

/** 201 answer of POST /api/algos/{id}/webhook-tokens: the only time the token is shown. */
export const newWebhookTokenSchema = z.object({ token_id: z.number().int(), token: z.string() });
export type NewWebhookToken = z.infer<typeof newWebhookTokenSchema>;

/**
 * POST /api/hooks/signals: the Add Signal fields an algo knows, its own id for the signal and,
 * for senders that cannot set an Authorization header (TradingView), the token. Levels and
 * portion come as numbers or numeric strings (an alert template's placeholders are text).
 */
const numeric = (name: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
        .transform(Number),
    ],
    {
      error: `${name} must be a number`,
    },
  );

export const webhookSignalBodySchema = z.object({
  token: z.string().max(200).optional(),
  client_signal_id: z
    .string({ error: 'client_signal_id is required (your own id for this signal)' })
    .trim()
    .min(1, 'client_signal_id is required (your own id for this signal)')
    .max(100, 'client_signal_id must be at most 100 characters'),
  instrument_symbol: z
    .string({ error: 'instrument_symbol is required' })
    .trim()
    .min(1, 'instrument_symbol is required')
    .max(40),
  instrument_type: z.string().trim().min(1).max(10).default('EQ'),
  trade_direction: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(TRADE_DIRECTIONS, { error: 'trade_direction must be long or short' }),
  ),
  trade_type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(TRADE_TYPES, { error: 'trade_type must be swing or intraday' }),
  ),
  entry_level: numeric('entry_level'),
  stop_loss_level: numeric('stop_loss_level'),
  target_level: numeric('target_level'),
  portion_in_trade: numeric('portion_in_trade').default(100),
  trade_gen_ts: z.string().optional(),
});
export type WebhookSignalBody = z.infer<typeof webhookSignalBodySchema>;

/** 201 (new) or 200 (the same client_signal_id again) answer of the webhook. */
export const webhookSignalAnswerSchema = z.object({ signal_id: z.number().int(), trade_status: z.string() });

/** POST /api/algos/{id}/approval: how an algo's new signals are decided. */
export const approvalSettingsBodySchema = z.object({
  approval_mode: z.enum(APPROVAL_MODES, { error: 'approval_mode must be manual or auto' }),
  signal_validity_minutes: z
    .number({ error: 'signal_validity_minutes must be a whole number of minutes, or null' })
    .int('signal_validity_minutes must be a whole number of minutes, or null')
    .min(1, 'signal_validity_minutes must be at least 1')
    .max(10_080, 'signal_validity_minutes must be at most 10080 (a week)')
    .nullable(),
});
export type ApprovalSettingsBody = z.infer<typeof approvalSettingsBodySchema>;

/** POST /api/signals/{id}/approve and /reject: the signal's updated_at as the superadmin saw it. */
export const signalDecisionBodySchema = z.object({
  expected_updated_at: isoDateTimeInRange('expected_updated_at', 'the signal’s updated_at (an ISO timestamp)'),
});
export type SignalDecisionBody = z.infer<typeof signalDecisionBodySchema>;

export const signalDecisionAnswerSchema = z.object({
  message: z.string(),
  signal: signalSchema,
  /** Approve: the accounts the engine will try (active subscriptions of active accounts). */
  accounts: z.number().int().optional(),
});
export type SignalDecisionAnswer = z.infer<typeof signalDecisionAnswerSchema>;

/** One item of GET /api/signals/pending: the signal with its algo's name. */
export const pendingSignalSchema = signalSchema.extend({ algo_desc: z.string() });
export type PendingSignal = z.infer<typeof pendingSignalSchema>;

/** One subscribed account in GET /api/signals/{id}/preview: what the engine would do now. */
export const previewAccountSchema = z.object({
  trabot_account_id: z.number().int(),
  account_name: z.string(),
  quantity: z.number().int(),
  /** quantity x |price - stop-loss|, rupees. */
  capital_at_risk: z.number(),
  /** quantity x price, rupees. */
  allocation: z.number(),
  allocation_percent: z.number(),
  /** As last checked at the broker; `unchecked`: a key the engine has not asked about yet (it asks before trading, the preview sizes it as valid). */
  key_status: z.enum(['valid', 'invalid', 'unchecked']),
  /** Null when the account would trade; else the engine's skip reason and its words. */
  skip_reason: z.string().nullable(),
  skip_detail: z.string().nullable(),
});
export type PreviewAccount = z.infer<typeof previewAccountSchema>;

export const signalPreviewSchema = z.object({
  signal_id: z.number().int(),
  /** The price the sizing used: the last price on the tick (as a market entry gets it), else the entry level. */
  price: z.number(),
  price_source: z.enum(['last_price', 'entry_level']),
  accounts: z.array(previewAccountSchema),
  totals: z.object({
    accounts: z.number().int(),
    trading: z.number().int(),
    skipped: z.number().int(),
    quantity: z.number().int(),
    capital_at_risk: z.number(),
    allocation: z.number(),
  }),
});
export type SignalPreview = z.infer<typeof signalPreviewSchema>;
