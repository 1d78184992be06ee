/** Business constants and limits (spec section 9) plus enumerations of spec section 4. */
import type { FeeCurrency } from './schemas/membership';

export const CAPTCHA_EXPIRY_MS = 110_000;

export const TOAST_DURATION_MS = { success: 2000, error: 4000, blank: 4000, loading: 0 } as const;
export const TOAST_LIMIT = 20;

export const SESSION_STALE_TIME_MS = 30_000;
/** The member's trades and account settings count as fresh this long (not in the spec), see
 *  client/lib/member-data-freshness.ts. */
export const MEMBER_DATA_STALE_TIME_MS = 15_000;
export const QUERY_RETRY = 1;
export const MUTATION_RETRY = 1;

export const MODAL_MAX_HEIGHT = '98vh';
export const COPYRIGHT_YEAR = 2024;

export const EXCHANGE = 'NSE';

/** At most this many days in one P&L summary (a financial year and a bit, twice). */
export const PNL_MAX_DAYS = 800;

/** Trade statuses offered by the dashboard filter (default running). */
export const TRADE_FILTER_STATUSES = ['pending', 'approved', 'running', 'cancelled', 'completed'] as const;
export const DEFAULT_TRADE_FILTER = 'running';
/** Statuses offered by the admin trade edit form (the spec keeps both lists). */
export const TRADE_EDIT_STATUSES = ['open', 'closed', 'pending', 'cancelled'] as const;
/** Every value a trade_status column may hold. */
export const TRADE_STATUSES = ['pending', 'approved', 'running', 'cancelled', 'completed', 'open', 'closed'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

export const SIGNAL_STATUSES = ['pending', 'approved', 'running', 'cancelled', 'completed'] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

export const TRADE_DIRECTIONS = ['long', 'short'] as const;
export const TRADE_TYPES = ['swing', 'intraday'] as const;
export const EXIT_TRADE_TYPES = ['swing', 'intra'] as const;
export const ORDER_TYPES = ['market', 'limit', 'trigger'] as const;
export const SIGNAL_PORTIONS = [100, 50, 25] as const;
export const MANUAL_ORDER_PORTIONS = [1, 0.5, 0.25, 0.33] as const;
export const PRICE_STEP = 0.01;

export const MEMBER_BROKERS = ['none', 'fyers', 'dhan', 'zerodha', '5paisa', 'upstock', 'groww'] as const;
export const ADMIN_BROKERS = ['none', 'fyers', 'angelone', 'dhan', 'zerodha', '5paisa', 'upstock', 'groww'] as const;
export type BrokerName = (typeof ADMIN_BROKERS)[number];
/** paper: orders to the paper broker; live: to the account's real broker (when the server allows it). */
export const TRADING_MODES = ['paper', 'live'] as const;

export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;

export const ROLES = ['member', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const LOG_LINE_CHOICES = [50, 100, 200, 500] as const;
export const WARNINGS_LIMIT = 50;

/** The GST included in the membership fee (Rs 5,900 = Rs 5,000 + 18%). */
export const MEMBERSHIP_GST_PERCENT = 18;
export const MEMBERSHIP_FEE = { usd: 75, inr: 5900, paymentWindow: { fromDay: 1, toDay: 25 } } as const;
/** A member's monthly fee in its fee currency. */
export const feeOf = (currency: FeeCurrency) => (currency === 'USD' ? MEMBERSHIP_FEE.usd : MEMBERSHIP_FEE.inr);
export const ALGO_TESTING = { maxMembersPerAlgo: 10, minCapitalUsd: 1500, maxCapitalUsd: 7500 } as const;
