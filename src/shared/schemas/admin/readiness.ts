/** The readiness board: is each subscribed account able to trade today, and if not why. */
import { z } from 'zod';

export const READINESS_VERDICTS = [
  'ready',
  'reconnect needed',
  'insufficient funds',
  'IP not registered',
  'halted',
  'paper',
] as const;
export type ReadinessVerdict = (typeof READINESS_VERDICTS)[number];

export const readinessRowSchema = z.object({
  trabot_account_id: z.number().int(),
  trabot_client_id: z.number().int(),
  member_name: z.string(),
  broker_name: z.string(),
  /** paper unless the account really trades live (the server, the account and the broker all say so). */
  mode: z.enum(['paper', 'live']),
  /** Until when the daily login's session holds; null without one. */
  session_expires_at: z.string().nullable(),
  /** When the session last answered a funds call (at the daily login). */
  session_checked_at: z.string().nullable(),
  funds_available: z.number().nullable(),
  /** The sum of the account's active subscriptions' Max Total Capital. */
  capital_required: z.number(),
  halted: z.boolean(),
  /** Where the account's live orders leave from (BROKER_SOURCE_ADDRESS or its own override); null on paper. */
  order_address: z.string().nullable(),
  /** The broker's words when it last refused an order for its source address; null when it has not. */
  order_ip_refusal: z.string().nullable(),
  verdict: z.enum(READINESS_VERDICTS),
});
export type ReadinessRow = z.infer<typeof readinessRowSchema>;
