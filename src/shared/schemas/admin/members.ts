/** Members, their users and accounts, algo subscriptions, admin trade edits (spec sections 3, 5, 7). */
import { z } from 'zod';
import { FEE_CURRENCIES, MEMBERSHIP_STATUSES } from '../membership';
import { SUBSCRIPTION_STATUSES, TRADE_EDIT_STATUSES, TRADING_MODES } from '../../constants';
import { idSchema, PG_INT_MAX } from '../ids';
import { isoDateInRange, isoDateTimeInRange } from '../../date-range';
import { brokerLoginFields } from '../account';

export const memberSchema = z.object({
  trabot_client_id: z.number().int(),
  name: z.string(),
  phone_no: z.string(),
  email_id: z.string(),
  activation_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  last_updated_timestamp: z.string(),
  /** Where the membership stands this month (shared/schemas/membership.ts). */
  membership_status: z.enum(MEMBERSHIP_STATUSES),
  /** yyyy-mm-dd: the last day of the last month paid; null when none was paid through the product. */
  paid_until: z.string().nullable(),
  fee_currency: z.enum(FEE_CURRENCIES),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/members?membership_status=due */
export const membersQuerySchema = z.object({
  membership_status: z
    .enum(MEMBERSHIP_STATUSES, { error: `membership_status must be one of: ${MEMBERSHIP_STATUSES.join(', ')}` })
    .optional(),
});

/** PUT /api/members (create) and POST /api/members/{id} (update). */
export const memberBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    phone_no: z.string().trim().min(1, 'Phone is required').max(20),
    email_id: z.string().trim().max(254).pipe(z.email('Enter a valid email')),
    activation_date: isoDateInRange('Activation date'),
    expiry_date: isoDateInRange('Expiry date'),
  })
  .refine((m) => m.expiry_date >= m.activation_date, {
    message: 'Expiry date must not be before the activation date',
    path: ['expiry_date'],
  });
export type MemberBody = z.infer<typeof memberBodySchema>;

export const memberUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  account_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

/**
 * POST /api/members/{id}/users (create: a blank password mails a set-password link) and PUT
 * .../users/{userId} (blank keeps it).
 */
export const memberUserBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().max(254).pipe(z.email('Enter a valid email')),
  password: z.union([z.literal(''), z.string().min(8, 'Password must be at least 8 characters').max(1024)]).optional(),
  account_id: idSchema.nullable().optional(),
});
export type MemberUserBody = z.infer<typeof memberUserBodySchema>;

/** A row of GET /api/admin/members/{id}/accounts; the access key only ever masked. */
export const memberAccountSchema = z.object({
  trabot_account_id: z.number().int(),
  account_status: z.string(),
  broker_name: z.string(),
  broker_client_id: z.string(),
  broker_access_key: z.string(),
  access_key_valid: z.boolean(),
  access_key_updated_timestamp: z.string().nullable(),
  /** True when the account's orders go to the paper broker (the server, the account or the broker is not live). */
  paper_trading: z.boolean(),
  /** The account's own setting, by a superadmin; live trading also needs LIVE_TRADING and the broker configured. */
  trading_mode: z.enum(TRADING_MODES),
  /** Where its live orders leave from instead of BROKER_SOURCE_ADDRESS (its own static IP or a proxy URL, its password masked); null: the server's. */
  order_source: z.string().nullable(),
  ...brokerLoginFields,
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

/** POST /api/admin/accounts/{id}/trading-mode */
/**
 * POST /api/admin/accounts/{id}/order-source: where the account's live orders leave from instead of
 * BROKER_SOURCE_ADDRESS, its own registered static IP (a local address of the server) or an
 * http(s):// proxy URL standing at it; null: the server's address. The masked view sent back
 * unchanged keeps the stored value; the server refuses a route where it may not connect.
 */
export const orderSourceBodySchema = z.object({
  order_source: z
    .union([z.ipv4(), z.ipv6(), z.url({ protocol: /^https?$/ })], {
      error: 'order_source must be an IP address (e.g. 203.0.113.7) or an http(s):// proxy URL',
    })
    .nullable(),
});

export const tradingModeBodySchema = z.object({ mode: z.enum(TRADING_MODES, { error: 'mode must be paper or live' }) });

export const algoSubscriptionSchema = z.object({
  row_id: z.number().int(),
  algo_id: z.number().int(),
  trabot_account_id: z.number().int(),
  max_total_capital: z.number(),
  risk_percent_pertrade: z.number(),
  max_percent_allocation_pertrade: z.number(),
  min_percent_allocation_pertrade: z.number(),
  min_required_risk_reward: z.number(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  max_acceptable_loss: z.number(),
});
export type AlgoSubscription = z.infer<typeof algoSubscriptionSchema>;

const nonNegative = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite()
    .nonnegative(`${label} must not be negative`);
const percent = (label: string) => nonNegative(label).max(100, `${label} must be at most 100`);

/** POST /api/admin/accounts/{trabot_account_id}/save-algo-subscription (row_id null creates). */
export const saveSubscriptionBodySchema = z
  .object({
    row_id: idSchema.nullable(),
    algo_id: z.number({ error: 'Choose an algo' }).int().positive('Choose an algo').max(PG_INT_MAX, 'Choose an algo'),
    trabot_account_id: idSchema,
    max_total_capital: nonNegative('Max total capital'),
    risk_percent_pertrade: percent('Risk % per trade'),
    max_percent_allocation_pertrade: percent('Max % allocation per trade'),
    min_percent_allocation_pertrade: percent('Min % allocation per trade'),
    min_required_risk_reward: nonNegative('Min required risk-reward'),
    subscription_status: z.enum(SUBSCRIPTION_STATUSES, { error: 'Status must be active or inactive' }),
    max_acceptable_loss: nonNegative('Max acceptable loss'),
  })
  .refine((s) => s.min_percent_allocation_pertrade <= s.max_percent_allocation_pertrade, {
    message: 'Min % allocation must not exceed max % allocation',
    path: ['min_percent_allocation_pertrade'],
  });
export type SaveSubscriptionBody = z.infer<typeof saveSubscriptionBodySchema>;

const nullableText = z.string().trim().max(64).nullable();
const nullableNumber = z.number().finite().nullable();

/** POST /api/admin/trades/{tradeId}: the editable fields (ids, instrument, legs stay read-only). */
export const adminTradeEditBodySchema = z.object({
  trade_date: isoDateInRange('trade_date', 'yyyy-MM-dd'),
  /** Only when the admin picked one: absent, the stored status (e.g. completed) is kept. */
  trade_status: z
    .enum(TRADE_EDIT_STATUSES, { error: `trade_status must be one of: ${TRADE_EDIT_STATUSES.join(', ')}` })
    .optional(),
  trade_quantity: z.number().int().nonnegative(),
  current_mtm: nullableNumber,
  trade_risk: nullableNumber,
  remaining_quantity: z.number().int().nonnegative().nullable(),
  broker_trade_number: nullableText,
  stoploss_trade_number: nullableText,
  ltp: nullableNumber,
  /**
   * The trade's `updated_at` as the admin saw it: when the trade changed since (a fill, the
   * engine, another admin), 409 with the current trade. Absent, no check (the spec's body has no
   * such field; the app always sends it).
   */
  expected_updated_at: isoDateTimeInRange(
    'expected_updated_at',
    'the trade’s updated_at (an ISO timestamp)',
  ).optional(),
});
export type AdminTradeEditBody = z.infer<typeof adminTradeEditBodySchema>;
