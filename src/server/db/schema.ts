/**
 * The database schema: the source of truth. Column names follow the spec's field names (section 3)
 * so rows map onto API payloads without renaming. Change it, then `npm run db:generate`.
 */
import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_WORKSHOP_TIME_LABEL, WORKSHOP_LEVELS } from '@shared/forms/workshop-schedule';
import { MAIL_STATUSES } from '@shared/schemas/admin/inbox';
import { ENQUIRY_TYPES } from '@shared/schemas/public-forms';
import { ORDER_LEG_STATES } from '@shared/states/legs';
import { PROTECTION_STATES } from '@shared/states/protections';
import { APPLICATION_STATUSES, FEE_CURRENCIES, MEMBERSHIP_STATUSES } from '@shared/schemas/membership';
import {
  EXIT_TRADE_TYPES,
  ORDER_TYPES,
  SIGNAL_STATUSES,
  SUBSCRIPTION_STATUSES,
  TRADE_DIRECTIONS,
  TRADE_STATUSES,
  TRADE_TYPES,
  TRADING_MODES,
} from '@shared/constants';

const money = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql`, `,
  )})`;

export const members = pgTable('members', {
  trabot_client_id: serial('trabot_client_id').primaryKey(),
  name: text('name').notNull(),
  phone_no: text('phone_no').notNull().default(''),
  email_id: text('email_id').notNull().default(''),
  activation_date: date('activation_date', { mode: 'string' }),
  expiry_date: date('expiry_date', { mode: 'string' }),
  last_updated_timestamp: ts('last_updated_timestamp').notNull().defaultNow(),
  /** Where the membership stands through the month (shared/schemas/membership.ts); history in membership_events. */
  membership_status: text('membership_status', { enum: MEMBERSHIP_STATUSES }).notNull().default('active'),
  /** The last day of the last month paid (yyyy-mm-dd); null: none paid through the product. */
  paid_until: date('paid_until', { mode: 'string' }),
  /** INR (Rs 5,900), or USD (75) for a member abroad. */
  fee_currency: text('fee_currency', { enum: FEE_CURRENCIES }).notNull().default('INR'),
});

export const accounts = pgTable(
  'accounts',
  {
    trabot_account_id: serial('trabot_account_id').primaryKey(),
    trabot_client_id: integer('trabot_client_id')
      .notNull()
      .references(() => members.trabot_client_id),
    account_status: text('account_status').notNull().default('active'),
    broker_name: text('broker_name').notNull().default('none'),
    broker_client_id: text('broker_client_id').notNull().default(''),
    /** AES-256-GCM ciphertext (see server/security/crypto.ts); never the key in clear. */
    broker_access_key_enc: text('broker_access_key_enc'),
    access_key_valid: boolean('access_key_valid').notNull().default(false),
    access_key_updated_timestamp: ts('access_key_updated_timestamp'),
    /** `live`: orders may go to the real broker (with LIVE_TRADING on and the broker configured); `paper` otherwise. */
    trading_mode: text('trading_mode', { enum: TRADING_MODES }).notNull().default('paper'),
    /**
     * Until when the broker session of the daily login holds; the session itself (e.g. Kite's
     * access token) is a token, encrypted in `tokens` as "zerodha.access_token (account N)".
     */
    broker_session_expires_at: ts('broker_session_expires_at'),
    /** When the session last answered a funds call, and the funds it reported then. */
    broker_session_checked_at: ts('broker_session_checked_at'),
    broker_funds_available: money('broker_funds_available'),
    /**
     * Where this account's live order requests leave from when not BROKER_SOURCE_ADDRESS: the member's own
     * static IP (a local address of this server) or an http(s):// proxy URL at it, which may carry a password:
     * stored sealed like a broker key (records/order-sources.ts). Set by a superadmin; null: the server's.
     */
    order_source: text('order_source'),
    /** The broker's words when it last refused an order for its source address ("IP not registered"); null once an order goes through. */
    order_ip_refusal: text('order_ip_refusal'),
    order_ip_refused_at: ts('order_ip_refused_at'),
    equity_amount_balance: money('equity_amount_balance').notNull().default(0),
    commodity_amount_balance: money('commodity_amount_balance').notNull().default(0),
    currency_amount_balance: money('currency_amount_balance').notNull().default(0),
  },
  (t) => [
    index('accounts_client_idx').on(t.trabot_client_id),
    check('accounts_trading_mode_check', sql`${t.trading_mode} in ('paper', 'live')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null until the login's owner sets one through a set-password link: no password matches. */
    password_hash: text('password_hash'),
    role: text('role', { enum: ['member', 'superadmin'] })
      .notNull()
      .default('member'),
    member_id: integer('member_id').references(() => members.trabot_client_id),
    account_id: integer('account_id').references(() => accounts.trabot_account_id),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_member_idx').on(t.member_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak yields no usable session. */
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
    last_seen_at: ts('last_seen_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);

/** One-time set-password links (auth/password-links.ts): only the token's SHA-256 is kept. */
export const passwordLinks = pgTable(
  'password_links',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('password_links_user_idx').on(t.user_id)],
);

/** Captcha challenges already redeemed, kept until they expire so a solution is accepted once. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    challenge_id: text('challenge_id').primaryKey(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expires_at)],
);

/** Fixed-window counters for rate limits, shared by every server replica. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: ts('window_start').notNull(),
  count: integer('count').notNull().default(0),
});

/**
 * Small key/value settings of this database, e.g. `backend_key`: the public identifier the client
 * keys its offline cache by (see services/backend-key.ts).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The engine's leadership (docs/engine.md, "Leadership and fencing"): one row whose epoch goes up
 * each time a process takes the engine's lock. Every engine write transaction locks the row (FOR
 * SHARE) and checks the epoch it took, so a leader that lost the lock can write nothing more.
 */
export const engineLeadership = pgTable(
  'engine_leadership',
  {
    id: integer('id').primaryKey(),
    epoch: integer('epoch').notNull().default(0),
    /** Who took it last ("host pid"), and when: for the operator. */
    holder: text('holder'),
    taken_at: ts('taken_at'),
  },
  (t) => [check('engine_leadership_single_row', sql`${t.id} = 1`)],
);

export const algos = pgTable(
  'algos',
  {
    algo_id: serial('algo_id').primaryKey(),
    algo_desc: text('algo_desc').notNull(),
    algo_switch: boolean('algo_switch').notNull().default(false),
    /** `manual`: a new signal waits as pending for a superadmin; `auto`: approved and processed at once. */
    approval_mode: text('approval_mode', { enum: ['manual', 'auto'] })
      .notNull()
      .default('manual'),
    /** Minutes a pending signal waits for a decision before it expires; null: it never does. */
    signal_validity_minutes: integer('signal_validity_minutes'),
    /** The Algo ID the exchange issued for this algo (SEBI's retail algo framework), sent with its live orders; null: unregistered. */
    exchange_algo_id: text('exchange_algo_id'),
  },
  (t) => [
    check(
      'algos_validity_check',
      sql`${t.signal_validity_minutes} is null or ${t.signal_validity_minutes} between 1 and 10080`,
    ),
  ],
);

/**
 * Tokens an algo's own code (strategy servers, TradingView alerts) sends signals with
 * (POST /api/hooks/signals). Only the token's SHA-256 is stored; `token_hint` is its last 4
 * characters, to tell tokens apart in a list.
 */
export const webhookTokens = pgTable(
  'webhook_tokens',
  {
    token_id: serial('token_id').primaryKey(),
    algo_id: integer('algo_id')
      .notNull()
      .references(() => algos.algo_id),
    token_hash: text('token_hash').notNull(),
    token_hint: text('token_hint').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id),
    last_used_at: ts('last_used_at'),
    revoked_at: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('webhook_tokens_hash_idx').on(t.token_hash),
    index('webhook_tokens_algo_idx').on(t.algo_id, t.token_id),
  ],
);

/**
 * Kill switches: a halt of all trading (account_id null) or of one account, with who, when and why;
 * lifted (not deleted) when trading resumes, so the history stays. At most one active halt each.
 */
export const tradingHalts = pgTable(
  'trading_halts',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id').references(() => accounts.trabot_account_id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** Running trades are also closed at market (not only new entries stopped). */
    square_off: boolean('square_off').notNull().default(false),
    halted_by: integer('halted_by').references(() => users.id, { onDelete: 'set null' }),
    halted_at: ts('halted_at').notNull().defaultNow(),
    lifted_by: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    lifted_at: ts('lifted_at'),
  },
  (t) => [
    uniqueIndex('trading_halts_active_idx')
      .on(sql`coalesce(${t.account_id}, 0)`)
      .where(sql`${t.lifted_at} is null`),
  ],
);

/**
 * A daily broker login under way: the one-time `state` the broker hands back to the callback
 * (stored as its SHA-256), bound to the user who asked and the account to connect.
 */
export const brokerLogins = pgTable(
  'broker_logins',
  {
    id: serial('id').primaryKey(),
    state_hash: text('state_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.trabot_account_id, { onDelete: 'cascade' }),
    broker: text('broker').notNull(),
    /** The app page the callback returns to. */
    return_to: text('return_to').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [uniqueIndex('broker_logins_state_idx').on(t.state_hash), index('broker_logins_expires_idx').on(t.expires_at)],
);

/** A browser's Web Push subscription for a user on one device, with the kinds of event it wants. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Event kinds, e.g. ['signals'] for a superadmin, ['trade_opened', 'trade_closed'] for a member. */
    kinds: text('kinds').array().notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    last_sent_at: ts('last_sent_at'),
    /** When the app on this device last subscribed or asked for its state: the device's last use. */
    last_seen_at: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.user_id),
  ],
);

export const signals = pgTable(
  'signals',
  {
    signal_id: serial('signal_id').primaryKey(),
    algo_id: integer('algo_id')
      .notNull()
      .references(() => algos.algo_id),
    exchange: text('exchange').notNull().default('NSE'),
    instrument_symbol: text('instrument_symbol').notNull(),
    instrument_type: text('instrument_type').notNull(),
    trade_type: text('trade_type', { enum: TRADE_TYPES }).notNull(),
    trade_direction: text('trade_direction', { enum: TRADE_DIRECTIONS }).notNull(),
    trade_gen_ts: ts('trade_gen_ts'),
    entry_level: money('entry_level').notNull(),
    stop_loss_level: money('stop_loss_level').notNull(),
    target_level: money('target_level').notNull(),
    trade_status: text('trade_status', { enum: SIGNAL_STATUSES }).notNull().default('pending'),
    algo_process_ind: boolean('algo_process_ind').notNull().default(false),
    portion_in_trade: numeric('portion_in_trade', { precision: 6, scale: 2, mode: 'number' }).notNull().default(100),
    ltp: money('ltp'),
    max_fav_excursion: money('max_fav_excursion'),
    max_adv_excursion: money('max_adv_excursion'),
    ltp_timestamp: ts('ltp_timestamp'),
    risk_reward: numeric('risk_reward', { precision: 12, scale: 4, mode: 'number' }),
    /** What the engine is waiting for before it acts on the signal (e.g. "waiting for market open"); null when nothing. */
    status_note: text('status_note'),
    created_at: ts('created_at').notNull().defaultNow(),
    /**
     * When a person or the engine last changed what a decision rests on (levels, date, portion,
     * status, process flag): a trigger keeps it, in whole milliseconds and always increasing, so
     * approve and reject can refuse a stale view (`expected_updated_at`). Prices do not touch it.
     */
    updated_at: ts('updated_at').notNull().defaultNow(),
    /** Where the signal came from: `manual` (Add Signal) or `webhook` (the algo's own code). */
    source: text('source', { enum: ['manual', 'webhook'] })
      .notNull()
      .default('manual'),
    webhook_token_id: integer('webhook_token_id').references(() => webhookTokens.token_id),
    /** The sender's own id of a webhook signal: the same id again is the same signal. */
    client_signal_id: text('client_signal_id'),
    /** A pending signal not decided by then is cancelled (its algo's validity); null: never. */
    expires_at: ts('expires_at'),
  },
  (t) => [
    index('signals_algo_status_idx').on(t.algo_id, t.trade_status),
    index('signals_status_idx').on(t.trade_status),
    uniqueIndex('signals_client_signal_id_idx')
      .on(t.algo_id, t.client_signal_id)
      .where(sql`${t.client_signal_id} is not null`),
    check('signals_portion_check', sql`${t.portion_in_trade} > 0 and ${t.portion_in_trade} <= 100`),
  ],
);

export const SIGNAL_EVENT_KINDS = [
  'received',
  'approved',
  'rejected',
  'levels_changed',
  'manual_entry',
  'manual_exit',
  'expired',
  'cancelled',
] as const;
export type SignalEventKind = (typeof SIGNAL_EVENT_KINDS)[number];

/**
 * What happened to a signal, who did it and when, appended (never updated) in the same transaction
 * as the change it records: received, approved or rejected, levels edited (from and to), a manual
 * order queued, expired or cancelled by the engine. The story a trade's detail page tells.
 * Signals older than this table have no events.
 */
export const signalEvents = pgTable(
  'signal_events',
  {
    id: serial('id').primaryKey(),
    signal_id: integer('signal_id')
      .notNull()
      .references(() => signals.signal_id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    kind: text('kind', { enum: SIGNAL_EVENT_KINDS }).notNull(),
    /** Who did it; null for the engine, a webhook, or a user since deleted (user_name keeps the name). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    user_name: text('user_name'),
    /** What changed, e.g. {"stop_loss_level":{"from":2890,"to":2950.5}}, or the manual order's terms. */
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('signal_events_signal_idx').on(t.signal_id, t.id),
    check('signal_events_kind_check', inList(t.kind, SIGNAL_EVENT_KINDS)),
  ],
);

export const algoSubscriptions = pgTable(
  'algo_subscriptions',
  {
    row_id: serial('row_id').primaryKey(),
    algo_id: integer('algo_id')
      .notNull()
      .references(() => algos.algo_id),
    trabot_account_id: integer('trabot_account_id')
      .notNull()
      .references(() => accounts.trabot_account_id),
    max_total_capital: money('max_total_capital').notNull(),
    risk_percent_pertrade: money('risk_percent_pertrade').notNull(),
    max_percent_allocation_pertrade: money('max_percent_allocation_pertrade').notNull(),
    min_percent_allocation_pertrade: money('min_percent_allocation_pertrade').notNull(),
    min_required_risk_reward: money('min_required_risk_reward').notNull(),
    subscription_status: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    max_acceptable_loss: money('max_acceptable_loss').notNull(),
  },
  (t) => [
    index('algo_subscriptions_account_idx').on(t.trabot_account_id),
    // The fan-out walks an algo's active subscriptions in account order, a batch at a time.
    index('algo_subscriptions_algo_status_idx').on(t.algo_id, t.subscription_status, t.trabot_account_id),
    // One subscription per algo and account (the admin's save answers 409 on a second one).
    uniqueIndex('algo_subscriptions_account_algo_uq').on(t.trabot_account_id, t.algo_id),
    // The API's bounds again, so no writer can hand the engine's sizing an absurd input.
    check(
      'algo_subscriptions_sizing_check',
      sql`${t.max_total_capital} >= 0 and ${t.risk_percent_pertrade} between 0 and 100
        and ${t.max_percent_allocation_pertrade} between 0 and 100 and ${t.min_percent_allocation_pertrade} between 0 and 100
        and ${t.min_required_risk_reward} >= 0 and ${t.max_acceptable_loss} >= 0`,
    ),
  ],
);

export const trades = pgTable(
  'trades',
  {
    trabot_trade_id: serial('trabot_trade_id').primaryKey(),
    trade_type: text('trade_type', { enum: TRADE_TYPES }).notNull(),
    trabot_account_id: integer('trabot_account_id')
      .notNull()
      .references(() => accounts.trabot_account_id),
    signal_id: integer('signal_id').references(() => signals.signal_id),
    algo_id: integer('algo_id').references(() => algos.algo_id),
    /**
     * Where every order of the trade goes: `paper`, or the real broker (e.g. `zerodha`) when the
     * account traded live as the trade opened. Fixed for the trade's life: switching the account to
     * paper never sends the exit of a live position to the paper broker.
     */
    broker: text('broker').notNull().default('paper'),
    last_updated_timestamp: ts('last_updated_timestamp').notNull().defaultNow(),
    avg_entry_price: money('avg_entry_price'),
    avg_exit_price: money('avg_exit_price'),
    trade_exchange: text('trade_exchange').notNull().default('NSE'),
    trade_instrument: text('trade_instrument').notNull(),
    trade_date: date('trade_date', { mode: 'string' }).notNull(),
    trade_status: text('trade_status', { enum: TRADE_STATUSES }).notNull().default('pending'),
    trade_quantity: integer('trade_quantity').notNull(),
    trade_direction: text('trade_direction', { enum: TRADE_DIRECTIONS }).notNull(),
    current_mtm: money('current_mtm'),
    trade_risk: money('trade_risk'),
    broker_trade_number: text('broker_trade_number'),
    stoploss_trade_number: text('stoploss_trade_number'),
    remaining_quantity: integer('remaining_quantity'),
    ltp: money('ltp'),
    /**
     * When a live trade's `ltp` was last known from its own broker (its quote API, or a fill);
     * null before any. Paper trades (priced by the feed) have it set by their fills only, unread.
     */
    ltp_at: ts('ltp_at'),
    /**
     * A live trade without a fresh price from its broker (none, or older than
     * LIVE_PRICE_MAX_AGE_MS): its MTM is unknown (null) and no exit is decided at a level on it.
     */
    ltp_stale: boolean('ltp_stale').notNull().default(false),
    /**
     * Since when an exit of the trade has been left open at the broker after every chase
     * (exit-chase.ts escalated it, with its warning, in one transaction): the screens say "exit
     * pending at the broker". Null again once no exit leg of the trade is open (filled, cancelled,
     * replaced).
     */
    exit_pending_since: ts('exit_pending_since'),
    /**
     * The broker's reason when the trade's stop failed there: its protection's triggered order
     * failed (engine/protection-failures.ts) or its exit at the stop was rejected (engine/exit-retries.ts).
     * The screens say "stop failed: <reason>" while the trade runs; null again once an exit is accepted.
     */
    stop_failed: text('stop_failed'),
    /**
     * When the engine or an admin last changed what an edit rests on (status, quantities, average
     * prices, date, type, order numbers; not the prices of every tick): a trigger keeps it, in whole
     * milliseconds and always increasing, so the admin trade edit can refuse a stale view
     * (`expected_updated_at`) instead of overwriting a fill booked meanwhile.
     */
    updated_at: ts('updated_at')
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    index('trades_account_status_idx').on(t.trabot_account_id, t.trade_status, t.trade_date),
    index('trades_signal_idx').on(t.signal_id),
    // One trade per signal and account: the engine's idempotency guard.
    uniqueIndex('trades_signal_account_uq')
      .on(t.signal_id, t.trabot_account_id)
      .where(sql`${t.signal_id} is not null`),
  ],
);

const legCharges = () => ({
  order_id: text('order_id'),
  exchange_order_id: text('exchange_order_id'),
  sebi_tax: money('sebi_tax'),
  stt: money('stt'),
  brokerage_charges: money('brokerage_charges'),
  service_tax: money('service_tax'),
  exchange_transaction_charges: money('exchange_transaction_charges'),
  stamp_duty: money('stamp_duty'),
  /** Depository charge of a delivery sell, once per scrip and day (its GST is in service_tax). */
  dp_charges: money('dp_charges'),
  /** The sum of the charges above, kept by the database for the P&L summary's sums. */
  charges: money('charges')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        [
          'sebi_tax',
          'stt',
          'brokerage_charges',
          'service_tax',
          'exchange_transaction_charges',
          'stamp_duty',
          'dp_charges',
        ]
          .map((c) => `coalesce(${c}, 0)`)
          .join(' + '),
      ),
    ),
});

/** The day in India (IST is a fixed 05:30, no daylight saving) of a leg's time, kept by the database for the P&L summary's days. */
const istDayOf = (column: string) =>
  date('ist_day', { mode: 'string' })
    .notNull()
    .generatedAlwaysAs(sql.raw(`((${column} at time zone 'UTC') + interval '5 hours 30 minutes')::date`));

export const tradeEntries = pgTable(
  'trade_entries',
  {
    id: serial('id').primaryKey(),
    trabot_trade_id: integer('trabot_trade_id')
      .notNull()
      .references(() => trades.trabot_trade_id, { onDelete: 'cascade' }),
    trade_entry_sequence: integer('trade_entry_sequence').notNull(),
    trade_entry_quantity: integer('trade_entry_quantity').notNull(),
    trade_entry_price: money('trade_entry_price').notNull(),
    trade_entry_timestamp: ts('trade_entry_timestamp').notNull().defaultNow(),
    ist_day: istDayOf('trade_entry_timestamp'),
    /** The order leg whose fill this row books (none for a row an admin entered): one row per leg. */
    order_leg_id: integer('order_leg_id').references((): AnyPgColumn => orderLegs.id, { onDelete: 'set null' }),
    ...legCharges(),
  },
  (t) => [
    uniqueIndex('trade_entries_trade_seq_uq').on(t.trabot_trade_id, t.trade_entry_sequence),
    // A fill is booked once, whichever process (a stale leader too) books it.
    uniqueIndex('trade_entries_order_leg_uq').on(t.order_leg_id),
  ],
);

export const tradeExits = pgTable(
  'trade_exits',
  {
    id: serial('id').primaryKey(),
    trabot_trade_id: integer('trabot_trade_id')
      .notNull()
      .references(() => trades.trabot_trade_id, { onDelete: 'cascade' }),
    trade_exit_sequence: integer('trade_exit_sequence').notNull(),
    trade_exit_quantity: integer('trade_exit_quantity').notNull(),
    trade_exit_price: money('trade_exit_price').notNull(),
    trade_exit_timestamp: ts('trade_exit_timestamp').notNull().defaultNow(),
    ist_day: istDayOf('trade_exit_timestamp'),
    /** The order leg whose fill this row books (none for a row an admin entered): one row per leg. */
    order_leg_id: integer('order_leg_id').references((): AnyPgColumn => orderLegs.id, { onDelete: 'set null' }),
    ...legCharges(),
  },
  (t) => [
    uniqueIndex('trade_exits_trade_seq_uq').on(t.trabot_trade_id, t.trade_exit_sequence),
    uniqueIndex('trade_exits_order_leg_uq').on(t.order_leg_id),
  ],
);

/**
 * A value that changes whenever any of an account's trades, entries or exits change: triggers of
 * migration 0006 set it from a sequence on every write, whoever the writer (engine, admin, raw SQL),
 * so equal versions mean equal trades. The key of the account-trades response cache.
 */
export const accountTradeVersionSeq = pgSequence('account_trade_version_seq');
export const accountTradeVersions = pgTable('account_trade_versions', {
  trabot_account_id: integer('trabot_account_id')
    .primaryKey()
    .references(() => accounts.trabot_account_id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// --- Public site ---

/** What happened to the e-mail of a public submission: `pending` until the SMTP send ends. */
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Contact-us enquiries (research, portfolio, membership interest); form_html is sanitized. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ENQUIRY_TYPES }).notNull(),
    form_html: text('form_html').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    /** HMAC of the sender's IP: groups abuse without keeping the address. */
    ip_hash: text('ip_hash'),
    mail_status: text('mail_status', { enum: MAIL_STATUSES }).notNull(),
    /** Membership Interest only: the superadmin's decision (null: applicant), when, and the member made. */
    application_status: text('application_status', { enum: APPLICATION_STATUSES }),
    decided_at: ts('decided_at'),
    decided_by: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    trabot_client_id: integer('trabot_client_id').references(() => members.trabot_client_id, { onDelete: 'set null' }),
  },
  (t) => [
    index('enquiries_created_idx').on(t.created_at),
    // The admin inbox's type filter, newest (highest id) first.
    index('enquiries_type_id_idx').on(t.type, t.id),
    check('enquiries_type_check', inList(t.type, ENQUIRY_TYPES)),
    check('enquiries_mail_status_check', inList(t.mail_status, MAIL_STATUSES)),
  ],
);

export const workshops = pgTable(
  'workshops',
  {
    workshop_id: serial('workshop_id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    workshop_date: date('workshop_date', { mode: 'string' }).notNull(),
    time_label: text('time_label').notNull().default(DEFAULT_WORKSHOP_TIME_LABEL),
    level: text('level', { enum: WORKSHOP_LEVELS }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    /** The https link registrants join by: mailed to them 24 hours before the start, shown to nobody else. */
    joining_link: text('joining_link'),
  },
  (t) => [
    // A registration names its workshop by title and date, so that pair must be unique.
    uniqueIndex('workshops_title_date_uq').on(t.title, t.workshop_date),
    check('workshops_level_check', inList(t.level, WORKSHOP_LEVELS)),
  ],
);

export const workshopRegistrations = pgTable(
  'workshop_registrations',
  {
    id: serial('id').primaryKey(),
    /** The stored workshop whose label the visitor sent, when one matches. */
    workshop_id: integer('workshop_id').references(() => workshops.workshop_id, { onDelete: 'set null' }),
    /** The workshop as the visitor sent it ("title plus date", or N.A.). */
    workshop_label: text('workshop_label').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    source: text('source').notNull(),
    comments: text('comments').notNull().default(''),
    created_at: ts('created_at').notNull().defaultNow(),
    ip_hash: text('ip_hash'),
    mail_status: text('mail_status', { enum: MAIL_STATUSES }).notNull(),
    /** When the address confirmed it (services/workshop-confirmations.ts); only then is the joining link mailed. */
    confirmed_at: ts('confirmed_at'),
  },
  (t) => [
    index('workshop_registrations_created_idx').on(t.created_at),
    index('workshop_registrations_workshop_idx').on(t.workshop_id),
    check('workshop_registrations_mail_status_check', inList(t.mail_status, MAIL_STATUSES)),
  ],
);

// --- Admin ---

/**
 * The instrument list behind the Add Signal picker: one row per NSE (symbol, series), started from
 * NSE's list of equities (name, ISIN) and updated with the prices of the last imported bhavcopy.
 */
export const instruments = pgTable(
  'instruments',
  {
    symbol: text('symbol').notNull(),
    series: text('series').notNull(),
    name: text('name'),
    isin: text('isin'),
    open: money('open'),
    high: money('high'),
    low: money('low'),
    close: money('close'),
    last: money('last'),
    prevclose: money('prevclose'),
    tottrdqty: bigint('tottrdqty', { mode: 'number' }),
    /** Trade date of the bhavcopy these prices come from. */
    bhav_date: date('bhav_date', { mode: 'string' }),
    /** The tick in force, from a broker's instrument master (Kite's `tick_size`); null: NSE's band table decides (shared/ticks.ts). */
    tick_size: numeric('tick_size', { precision: 10, scale: 2, mode: 'number' }),
    /** Shares per order lot, from the same master (1 for NSE's equities); null when no master gave it. */
    lot_size: integer('lot_size'),
    /** When a broker's instrument master last set tick_size and lot_size. */
    master_updated_at: ts('master_updated_at'),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'instruments_pk', columns: [t.symbol, t.series] }),
    check('instruments_tick_size_check', sql`${t.tick_size} is null or ${t.tick_size} > 0`),
    check('instruments_lot_size_check', sql`${t.lot_size} is null or ${t.lot_size} > 0`),
  ],
);

export const MANUAL_ORDER_SIDES = ['entry', 'exit'] as const;
/** A manual order's trade_type: an entry's (TRADE_TYPES) or an exit's (EXIT_TRADE_TYPES, where intraday is `intra`). */
export const MANUAL_ORDER_TRADE_TYPES = ['swing', 'intraday', 'intra'] as const satisfies readonly (
  (typeof TRADE_TYPES)[number] | (typeof EXIT_TRADE_TYPES)[number]
)[];
/** `queued` until the engine places it; then `placed` while a leg may still fill, `done` once one filled, or `failed`. */
export const MANUAL_ORDER_STATUSES = ['queued', 'placed', 'done', 'failed'] as const;
export type ManualOrderStatus = (typeof MANUAL_ORDER_STATUSES)[number];

/**
 * Manual Entry / Manual Exit orders of the admin, queued for the execution engine, which
 * places them for the signal's accounts and moves them on from `queued`.
 */
export const manualOrders = pgTable(
  'manual_orders',
  {
    id: serial('id').primaryKey(),
    signal_id: integer('signal_id')
      .notNull()
      .references(() => signals.signal_id),
    side: text('side', { enum: MANUAL_ORDER_SIDES }).notNull(),
    portion: numeric('portion', { precision: 6, scale: 4, mode: 'number' }).notNull(),
    order_type: text('order_type', { enum: ORDER_TYPES }).notNull(),
    limit_price: money('limit_price'),
    trigger_price: money('trigger_price'),
    trade_type: text('trade_type', { enum: MANUAL_ORDER_TRADE_TYPES }).notNull(),
    status: text('status', { enum: MANUAL_ORDER_STATUSES }).notNull().default('queued'),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why the order failed, or which accounts were skipped (set by the engine). */
    status_reason: text('status_reason'),
  },
  (t) => [
    index('manual_orders_status_idx').on(t.status, t.id),
    index('manual_orders_signal_idx').on(t.signal_id),
    check('manual_orders_side_check', inList(t.side, MANUAL_ORDER_SIDES)),
    check('manual_orders_portion_check', sql`${t.portion} > 0 and ${t.portion} <= 1`),
  ],
);

/** Problems the engine (or an operator) must see: listed in the admin Warnings screen, deleted one way. */
export const warnings = pgTable(
  'warnings',
  {
    warning_id: serial('warning_id').primaryKey(),
    warning_message: text('warning_message').notNull(),
    /** JSON text with the details (account, signal, reason...). */
    warning_data: text('warning_data'),
    warning_timestamp: ts('warning_timestamp').notNull().defaultNow(),
    delete_ind: boolean('delete_ind').notNull().default(false),
  },
  (t) => [index('warnings_deleted_id_idx').on(t.delete_ind, t.warning_id)],
);

/**
 * Broker session tokens and price-feed state the engine keeps, by display name (e.g.
 * "zerodha.access_token (account 3)"). Values are encrypted (deps.secrets); secret ones are only
 * ever shown masked.
 */
export const tokens = pgTable('tokens', {
  name: text('name').primaryKey(),
  value_enc: text('value_enc').notNull(),
  secret: boolean('secret').notNull().default(true),
  expires_at: ts('expires_at'),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const ORDER_LEG_SIDES = ['entry', 'exit'] as const;
/**
 * Why the engine sent the order: a signal's entry, a level reached, the intraday square-off, a
 * manual order; `protection`: not sent by the engine but by the broker, a protective order's leg
 * executed at the broker (protections), booked as the trade's exit.
 */
export const ORDER_LEG_SOURCES = ['signal', 'target', 'stop_loss', 'square_off', 'manual', 'protection'] as const;
export type OrderLegSource = (typeof ORDER_LEG_SOURCES)[number];

/**
 * Every order the engine sends a broker, one row per trade and leg (docs/engine.md, "Order legs").
 * The row exists before the order is sent (`new`), is marked `sending` in the same transaction that
 * precedes the broker call, and carries the client order id (the broker's order tag) derived from
 * the trade and the leg: after a crash between sending and saving the broker's order id, the engine
 * finds the order in the broker's order book by that id instead of placing it again.
 */
export const orderLegs = pgTable(
  'order_legs',
  {
    id: serial('id').primaryKey(),
    trabot_trade_id: integer('trabot_trade_id')
      .notNull()
      .references(() => trades.trabot_trade_id, { onDelete: 'cascade' }),
    trabot_account_id: integer('trabot_account_id')
      .notNull()
      .references(() => accounts.trabot_account_id),
    /** entry adds to the trade's position, exit reduces it. */
    side: text('side', { enum: ORDER_LEG_SIDES }).notNull(),
    source: text('source', { enum: ORDER_LEG_SOURCES }).notNull(),
    manual_order_id: integer('manual_order_id').references(() => manualOrders.id, { onDelete: 'cascade' }),
    /** The order tag sent to the broker: "TB<trade>L<leg>", at most 20 alphanumeric characters. */
    client_order_id: text('client_order_id')
      .notNull()
      .generatedAlwaysAs(sql`'TB' || trabot_trade_id || 'L' || id`),
    order_type: text('order_type', { enum: ORDER_TYPES }).notNull().default('market'),
    quantity: integer('quantity').notNull(),
    limit_price: money('limit_price'),
    trigger_price: money('trigger_price'),
    state: text('state', { enum: ORDER_LEG_STATES }).notNull().default('new'),
    broker_order_id: text('broker_order_id'),
    filled_quantity: integer('filled_quantity').notNull().default(0),
    average_price: money('average_price'),
    /** Why the leg was cancelled or rejected, in words. */
    reason: text('reason'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_legs_client_order_id_uq').on(t.client_order_id),
    // One leg per manual order and account: a retried or restarted placement never orders twice.
    uniqueIndex('order_legs_manual_account_uq').on(t.manual_order_id, t.trabot_account_id),
    // One signal entry per trade, and one level or square-off exit in flight per trade.
    uniqueIndex('order_legs_signal_entry_uq')
      .on(t.trabot_trade_id)
      .where(sql`${t.source} = 'signal'`),
    uniqueIndex('order_legs_open_exit_uq')
      .on(t.trabot_trade_id)
      .where(sql`${t.source} in ('target', 'stop_loss', 'square_off') and ${t.state} in ('new', 'sending', 'open')`),
    index('order_legs_state_idx').on(t.state),
    // Reconciliation reads the legs of the last day.
    index('order_legs_created_idx').on(t.created_at),
    index('order_legs_trade_idx').on(t.trabot_trade_id),
    check('order_legs_state_check', inList(t.state, ORDER_LEG_STATES)),
    check('order_legs_side_check', inList(t.side, ORDER_LEG_SIDES)),
    check('order_legs_source_check', inList(t.source, ORDER_LEG_SOURCES)),
    check('order_legs_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const PROTECTION_KINDS = ['oco', 'orders', 'stop'] as const;
export const PROTECTION_LEGS = ['stop', 'target'] as const;

/**
 * A live trade's stop-loss and target resting at its broker (docs/engine.md, "Protective orders at
 * the broker"): one per trade, written `placing` in the transaction that books the entry's fill,
 * then placed for the trade's open quantity (src/shared/states/protections.ts lists its moves). Its legs' order
 * tags are "TB<trade>P<id>S" and "TB<trade>P<id>T".
 */
export const protections = pgTable(
  'protections',
  {
    id: serial('id').primaryKey(),
    trabot_trade_id: integer('trabot_trade_id')
      .notNull()
      .references(() => trades.trabot_trade_id, { onDelete: 'cascade' }),
    trabot_account_id: integer('trabot_account_id')
      .notNull()
      .references(() => accounts.trabot_account_id),
    broker: text('broker').notNull(),
    /** oco: one broker object (Kite's two-leg GTT); orders: a stop-loss and a target order. Known once placed. */
    kind: text('kind', { enum: PROTECTION_KINDS }),
    /** The broker's id of it: the GTT's trigger id, or "<stop order id>/<target order id>". */
    broker_protection_id: text('broker_protection_id'),
    /** The quantity, stop, stop limit and target as last placed or modified at the broker. */
    quantity: integer('quantity').notNull().default(0),
    stop: money('stop'),
    stop_limit: money('stop_limit'),
    target: money('target'),
    state: text('state', { enum: PROTECTION_STATES }).notNull().default('placing'),
    /** The leg the broker executed, and the exit leg its fill was booked through. */
    executed_leg: text('executed_leg', { enum: PROTECTION_LEGS }),
    exit_leg_id: integer('exit_leg_id').references(() => orderLegs.id),
    /** Why it was rejected, cancelled, expired or disabled, in words. */
    reason: text('reason'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One protection per trade: a fill booked twice, or a restart, never places a second one.
    uniqueIndex('protections_trade_uq').on(t.trabot_trade_id),
    index('protections_state_idx').on(t.state),
    check('protections_state_check', inList(t.state, PROTECTION_STATES)),
    check('protections_kind_check', sql`${t.kind} is null or ${inList(t.kind, PROTECTION_KINDS)}`),
    check('protections_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Each move of a protection, with its terms after it (src/server/states/protections.ts writes one per move): the
 * trade's timeline shows them (placed, modified, cancelled, executed at the broker). Kept when the
 * trade or the protection is deleted.
 */
export const protectionEvents = pgTable(
  'protection_events',
  {
    id: serial('id').primaryKey(),
    // A plain id, no foreign key: the records outlive their protection and its trade (as order_events do).
    protection_id: integer('protection_id').notNull(),
    at: ts('at').notNull(),
    from_state: text('from_state', { enum: PROTECTION_STATES }).notNull(),
    state: text('state', { enum: PROTECTION_STATES }).notNull(),
    broker_protection_id: text('broker_protection_id'),
    quantity: integer('quantity').notNull(),
    stop: money('stop'),
    target: money('target'),
    executed_leg: text('executed_leg', { enum: PROTECTION_LEGS }),
    reason: text('reason'),
  },
  (t) => [index('protection_events_protection_idx').on(t.protection_id)],
);

export const ORDER_EVENT_KINDS = ['request', 'answer', 'status'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
/** What the request asked the broker: place, modify or cancel an order, or its status (a poll, the order book). */
export const ORDER_EVENT_ACTIONS = ['place', 'modify', 'cancel', 'status'] as const;
export type OrderEventAction = (typeof ORDER_EVENT_ACTIONS)[number];

/**
 * The order records SEBI asks brokers' algo clients to keep 5 years (docs/engine.md, "Order
 * records"): every request the engine sends a broker (paper or live), every answer, and every change
 * of an order's state, appended in the transaction that changes the leg. Append-only: a trigger
 * refuses UPDATE and DELETE (the migration's hand-written part), nothing prunes it, and it holds
 * plain ids (no foreign keys) so deleting a trade never reaches it.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull(),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    action: text('action', { enum: ORDER_EVENT_ACTIONS }).notNull(),
    /** paper or the live broker's name (zerodha, fyers...). */
    broker: text('broker').notNull(),
    leg_id: integer('leg_id').notNull(),
    trabot_trade_id: integer('trabot_trade_id').notNull(),
    trabot_account_id: integer('trabot_account_id').notNull(),
    signal_id: integer('signal_id'),
    manual_order_id: integer('manual_order_id'),
    client_order_id: text('client_order_id').notNull(),
    broker_order_id: text('broker_order_id'),
    exchange: text('exchange').notNull(),
    symbol: text('symbol').notNull(),
    /** buy or sell. */
    side: text('side').notNull(),
    product: text('product'),
    order_type: text('order_type').notNull(),
    quantity: integer('quantity').notNull(),
    limit_price: money('limit_price'),
    trigger_price: money('trigger_price'),
    /** The leg's state after the event (answer, status), or at the request. */
    state: text('state'),
    /** A status change's state before. */
    previous_state: text('previous_state'),
    filled_quantity: integer('filled_quantity'),
    average_price: money('average_price'),
    /** The broker's reason (a refusal, a cancellation) or why it could not be reached. */
    message: text('message'),
  },
  (t) => [
    index('order_events_at_idx').on(t.at, t.id),
    index('order_events_leg_idx').on(t.leg_id, t.id),
    check('order_events_kind_check', inList(t.kind, ORDER_EVENT_KINDS)),
    check('order_events_action_check', inList(t.action, ORDER_EVENT_ACTIONS)),
  ],
);

// --- Relations: what `db.query.<table>.findFirst/findMany({ with })` may load with a row, in one statement ---

export const tradesRelations = relations(trades, ({ one, many }) => ({
  algo: one(algos, { fields: [trades.algo_id], references: [algos.algo_id] }),
  signal: one(signals, { fields: [trades.signal_id], references: [signals.signal_id] }),
  entries: many(tradeEntries),
  exits: many(tradeExits),
  legs: many(orderLegs),
  protections: many(protections),
}));

export const protectionsRelations = relations(protections, ({ one, many }) => ({
  trade: one(trades, { fields: [protections.trabot_trade_id], references: [trades.trabot_trade_id] }),
  events: many(protectionEvents),
}));

export const protectionEventsRelations = relations(protectionEvents, ({ one }) => ({
  protection: one(protections, { fields: [protectionEvents.protection_id], references: [protections.id] }),
}));

export const tradeEntriesRelations = relations(tradeEntries, ({ one }) => ({
  trade: one(trades, { fields: [tradeEntries.trabot_trade_id], references: [trades.trabot_trade_id] }),
}));

export const tradeExitsRelations = relations(tradeExits, ({ one }) => ({
  trade: one(trades, { fields: [tradeExits.trabot_trade_id], references: [trades.trabot_trade_id] }),
}));

export const orderLegsRelations = relations(orderLegs, ({ one }) => ({
  trade: one(trades, { fields: [orderLegs.trabot_trade_id], references: [trades.trabot_trade_id] }),
}));

export const signalsRelations = relations(signals, ({ many }) => ({
  events: many(signalEvents),
}));

export const signalEventsRelations = relations(signalEvents, ({ one }) => ({
  signal: one(signals, { fields: [signalEvents.signal_id], references: [signals.signal_id] }),
}));

// --- Membership business (issue 26) ---

/** Every change of a member's (or an application's) state: who, when, why. Never updated or deleted. */
export const membershipEvents = pgTable(
  'membership_events',
  {
    id: serial('id').primaryKey(),
    trabot_client_id: integer('trabot_client_id').references(() => members.trabot_client_id, { onDelete: 'cascade' }),
    enquiry_id: integer('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    from_status: text('from_status'),
    to_status: text('to_status').notNull(),
    /** The user who made it; null with actor 'system' (the schedule) or 'Razorpay' (a payment). */
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('membership_events_member_idx').on(t.trabot_client_id, t.id)],
);

/** A month of membership paid: by Razorpay or recorded by hand. One per member and month. */
export const membershipPayments = pgTable(
  'membership_payments',
  {
    id: serial('id').primaryKey(),
    trabot_client_id: integer('trabot_client_id')
      .notNull()
      .references(() => members.trabot_client_id, { onDelete: 'cascade' }),
    /** yyyy-mm */
    month: text('month').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency', { enum: FEE_CURRENCIES }).notNull(),
    method: text('method', { enum: ['razorpay', 'manual'] }).notNull(),
    /** Razorpay's payment id, or the reference the superadmin typed. */
    reference: text('reference').notNull(),
    razorpay_payment_link_id: text('razorpay_payment_link_id'),
    /** The GST invoice number: TB/<financial year>/<six digits>, gapless within the year. */
    invoice_number: text('invoice_number').notNull(),
    paid_at: ts('paid_at').notNull(),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('membership_payments_member_month_uq').on(t.trabot_client_id, t.month),
    uniqueIndex('membership_payments_invoice_uq').on(t.invoice_number),
  ],
);

/** The last invoice number given in each financial year (e.g. 2026-27). */
export const invoiceCounters = pgTable('invoice_counters', {
  financial_year: text('financial_year').primaryKey(),
  last_number: integer('last_number').notNull(),
});

/** Razorpay payment links made: one per member and month. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    trabot_client_id: integer('trabot_client_id')
      .notNull()
      .references(() => members.trabot_client_id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    razorpay_link_id: text('razorpay_link_id').notNull(),
    short_url: text('short_url').notNull(),
    /** In the currency's smallest unit (paise, cents), as Razorpay takes it. */
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency', { enum: FEE_CURRENCIES }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    /** The membership was cancelled: the link is to be cancelled at Razorpay (and a rejoin gets a new one). */
    cancelled_at: ts('cancelled_at'),
    /** When Razorpay answered the cancel: cancelled, or refused for good (cancel_error says why). */
    cancel_done_at: ts('cancel_done_at'),
    cancel_error: text('cancel_error'),
  },
  (t) => [
    // One open link per member and month; cancelled ones stay, for the payments that still arrive.
    uniqueIndex('payment_links_member_month_open_uq')
      .on(t.trabot_client_id, t.month)
      .where(sql`${t.cancelled_at} is null`),
    uniqueIndex('payment_links_razorpay_uq').on(t.razorpay_link_id),
  ],
);

/**
 * Payments Razorpay confirmed that were not booked as a paid month (the membership was cancelled):
 * no invoice, no receipt; the firm refunds them (refunded_at) from Razorpay's dashboard.
 */
export const refundsDue = pgTable('refunds_due', {
  id: serial('id').primaryKey(),
  trabot_client_id: integer('trabot_client_id')
    .notNull()
    .references(() => members.trabot_client_id, { onDelete: 'cascade' }),
  month: text('month').notNull(),
  razorpay_payment_id: text('razorpay_payment_id').notNull().unique(),
  razorpay_link_id: text('razorpay_link_id').notNull(),
  amount_minor: integer('amount_minor').notNull(),
  currency: text('currency', { enum: FEE_CURRENCIES }).notNull(),
  reason: text('reason').notNull(),
  received_at: ts('received_at').notNull(),
  refunded_at: ts('refunded_at'),
});

/** Razorpay webhook events already handled (X-Razorpay-Event-Id): a replay changes nothing. */
export const razorpayEvents = pgTable('razorpay_events', {
  event_id: text('event_id').primaryKey(),
  event: text('event').notNull(),
  received_at: ts('received_at').notNull().defaultNow(),
});

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'off'] as const;

/**
 * E-mails to people (registrants, members, applicants): queued with a key that makes each mail
 * unique, sent by the schedule with retries, claimed before sending so none goes out twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** e.g. workshop-link:<registration id>, paylink:<member>:<month>:<Razorpay link id>. */
    dedupe_key: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Escaped HTML only. */
    html: text('html').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    last_error: text('last_error'),
    created_at: ts('created_at').notNull().defaultNow(),
    sent_at: ts('sent_at'),
    workshop_registration_id: integer('workshop_registration_id').references(() => workshopRegistrations.id, {
      onDelete: 'cascade',
    }),
    trabot_client_id: integer('trabot_client_id').references(() => members.trabot_client_id, { onDelete: 'cascade' }),
    /** The login whose new set-password link the mail carries: made as the mail leaves, never stored (outbox.ts). */
    password_link_user_id: integer('password_link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the one-time token minted into the mail when it was sent; the html keeps only a placeholder. */
    token_hash: text('token_hash'),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_uq').on(t.dedupe_key),
    uniqueIndex('mail_outbox_token_uq').on(t.token_hash),
    index('mail_outbox_due_idx').on(t.status, t.next_attempt_at),
    index('mail_outbox_registration_idx').on(t.workshop_registration_id),
    check('mail_outbox_status_check', inList(t.status, OUTBOX_STATUSES)),
  ],
);
