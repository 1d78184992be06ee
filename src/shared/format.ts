/**
 * Display rules of the member's pages (spec sections 3 and 9), as pure functions shared by the
 * trades and account-settings features. No DOM, no React.
 */
import { format, isValid, parseISO } from 'date-fns';
import type { TRADE_FILTER_STATUSES, TradeStatus } from './constants';
import { indianNumberText, rupeesText } from './number-text';
import type { FeeCurrency } from './schemas/membership';
import type { Trade } from './schemas/trades';

export const NA = 'N.A.';

/** "Zerodha" from "zerodha", "Running" from "running". */
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A broker as sentences name it; the stored values are the spec's (`upstock`, `angelone`). */
const BROKER_LABELS: Record<string, string> = { upstock: 'Upstox', angelone: 'Angel One', '5paisa': '5paisa' };
export const brokerLabel = (broker: string) => BROKER_LABELS[broker] ?? capitalize(broker);

/** Sign of a number for colouring: gains green, losses red. */
export type Tone = 'gain' | 'loss' | 'flat';

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Money as Indian rupees (₹1,23,456.78); N.A. for a missing value. */
export function formatRupees(value: number | null | undefined): string {
  return isNumber(value) ? rupeesText(value) : NA;
}

/** A gain or loss with its sign, so it reads without colour: +₹1,234.50, -₹80.00, ₹0.00; N.A. when missing. */
export function formatSignedRupees(value: number | null | undefined): string {
  return isNumber(value) ? rupeesText(value, true) : NA;
}

/** Quantities and other plain numbers with Indian digit grouping; N.A. for a missing value. */
export function formatNumber(value: number | null | undefined): string {
  return isNumber(value) ? indianNumberText(value) : NA;
}

/** A membership fee as the member's screen and the mails write it: "Rs 5,900", "USD 75.00". */
export const formatFee = (amount: number, currency: FeeCurrency) =>
  currency === 'USD' ? `USD ${amount.toFixed(2)}` : `Rs ${indianNumberText(amount)}`;

export function toneOf(value: number | null | undefined): Tone {
  if (!isNumber(value) || value === 0) return 'flat';
  return value > 0 ? 'gain' : 'loss';
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** A calendar date (yyyy-MM-dd or ISO timestamp) as dd/MM/yyyy; N.A. when missing or invalid. */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? format(date, 'dd/MM/yyyy') : NA;
}

/** A timestamp in the viewer's time zone as dd/MM/yyyy HH:mm:ss; N.A. when missing or invalid. */
export function formatTimestamp(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? format(date, 'dd/MM/yyyy HH:mm:ss') : NA;
}

const asOfTime = (updatedAt: number) => format(new Date(updatedAt), 'dd/MM/yyyy HH:mm');

/** The offline notice: "Offline, as of 21/11/2026 14:05" from a query's dataUpdatedAt (ms). */
export function formatOfflineAsOf(updatedAt: number): string {
  return `Offline, as of ${asOfTime(updatedAt)}`;
}

/**
 * A saved copy shown because the server failed: "Showing your trades as of 11:51; the server did
 * not answer" (the copy's time; its date too when it is not from today).
 */
export function formatServerFailedAsOf(subject: string, updatedAt: number, now: number = Date.now()): string {
  const at = new Date(updatedAt);
  const time =
    format(at, 'yyyy-MM-dd') === format(new Date(now), 'yyyy-MM-dd') ? format(at, 'HH:mm') : asOfTime(updatedAt);
  return `Showing your ${subject} as of ${time}; the server did not answer`;
}

/** When figures were fetched: "As of 21/11/2026 14:05" from a query's dataUpdatedAt (ms). */
export function formatAsOf(updatedAt: number): string {
  return `As of ${asOfTime(updatedAt)}`;
}

/** Share of winning trades: "60% (3 of 5)"; N.A. without trades. */
export function formatWinRate(wins: number, trades: number): string {
  return trades > 0 ? `${Math.round((wins / trades) * 100)}% (${wins} of ${trades})` : NA;
}

/** "+1.23%", "-0.50%", "0.00%". */
export function formatPercent(value: number): string {
  const text = `${Math.abs(value).toFixed(2)}%`;
  if (text === '0.00%') return text;
  return value > 0 ? `+${text}` : `-${text}`;
}

export type TradeFilterStatus = (typeof TRADE_FILTER_STATUSES)[number];

/**
 * The dashboard filter a trade is listed under. The admin edit form also writes open and closed
 * (spec section 4); they read as running and completed, so no trade is left out of every filter.
 */
export function filterStatusOf(status: TradeStatus): TradeFilterStatus {
  if (status === 'open') return 'running';
  if (status === 'closed') return 'completed';
  return status;
}

const isLive = (status: TradeStatus) => filterStatusOf(status) === 'running';
const isFinished = (status: TradeStatus) => ['completed', 'cancelled'].includes(filterStatusOf(status));
const isNotEntered = (status: TradeStatus) => status === 'pending' || status === 'cancelled';

type PriceFields = Pick<Trade, 'trade_status' | 'trade_direction' | 'avg_entry_price' | 'ltp'>;

/**
 * Change of the last price from the average entry price, in percent, as the trade's profit sees it:
 * for a short trade a fall in price is a gain, so the sign is flipped. Null when it cannot be computed.
 */
export function lastPriceChangePercent(trade: PriceFields): number | null {
  const { ltp, avg_entry_price: entry } = trade;
  if (!isNumber(ltp) || !isNumber(entry) || entry === 0) return null;
  const change = ((ltp - entry) / entry) * 100;
  return trade.trade_direction.toLowerCase() === 'short' ? -change : change;
}

/** "45 s", "2 min", "3 h", "2 d": how old a price is, whole units, as the screens and warnings say it. */
export function formatAge(ageMs: number): string {
  const ms = Math.max(0, ageMs);
  if (ms < 60_000) return `${Math.floor(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min`;
  if (ms < 86_400_000) return `${Math.floor(ms / 3_600_000)} h`;
  return `${Math.floor(ms / 86_400_000)} d`;
}

/**
 * What a running live trade without a fresh price from its broker shows instead of its LTP and
 * MTM: "no live price · 2 min" (the age of the last one, at `now`), "no live price" when none was
 * ever known. Null when the trade has a live price (or is paper, or no longer running).
 */
export function noLivePriceText(
  trade: Pick<Trade, 'trade_status' | 'broker' | 'ltp_stale' | 'ltp_at'>,
  now: Date,
): string | null {
  if (!isLive(trade.trade_status) || trade.broker === 'paper' || !trade.ltp_stale) return null;
  const at = trade.ltp_at ? Date.parse(trade.ltp_at) : NaN;
  return Number.isNaN(at) ? 'no live price' : `no live price · ${formatAge(now.getTime() - at)}`;
}

/** What the screens say of an exit left open at the broker after every chase (its title explains it). */
export const EXIT_PENDING_TITLE =
  'An exit order is still open at the broker after every modification toward the market: check it at the broker';

/**
 * A running trade whose exit the engine escalated (still open at its broker after every chase):
 * "exit pending at the broker · 3 min" (since the escalation, at `now`). Null otherwise.
 */
export function exitPendingText(trade: Pick<Trade, 'trade_status' | 'exit_pending_since'>, now: Date): string | null {
  if (!trade.exit_pending_since || !isLive(trade.trade_status)) return null;
  const at = Date.parse(trade.exit_pending_since);
  return Number.isNaN(at)
    ? 'exit pending at the broker'
    : `exit pending at the broker · ${formatAge(now.getTime() - at)}`;
}

/** What the screens say of a stop that failed at the broker (its title explains it). */
export const STOP_FAILED_TITLE =
  'The broker did not execute the stop-loss: the position is not protected at the broker. Trabot retries its exit (see the warnings); act at the broker if it keeps failing';

/** A running trade whose stop failed at its broker: "stop failed: <the broker's reason>". Null otherwise. */
export function stopFailedText(trade: Pick<Trade, 'trade_status' | 'stop_failed'>): string | null {
  return trade.stop_failed && isLive(trade.trade_status) ? `stop failed: ${trade.stop_failed}` : null;
}

export interface LastPriceView {
  price: string;
  /** Only for a running trade with a known entry price. */
  change: { text: string; tone: Tone } | null;
}

/** Last price (LTP): N.A. for finished trades; a running trade adds its % change from entry. */
export function lastPriceView(trade: PriceFields): LastPriceView {
  if (isFinished(trade.trade_status)) return { price: NA, change: null };
  const price = formatRupees(trade.ltp);
  const percent = isLive(trade.trade_status) ? lastPriceChangePercent(trade) : null;
  if (percent === null) return { price, change: null };
  return { price, change: { text: formatPercent(percent), tone: toneOf(percent) } };
}

/** Remaining quantity: N.A. for pending or cancelled trades (nothing was entered). */
export function formatRemainingQuantity(trade: Pick<Trade, 'trade_status' | 'remaining_quantity'>): string {
  return isNotEntered(trade.trade_status) ? NA : formatNumber(trade.remaining_quantity);
}

/** Average entry price: N.A. for pending or cancelled trades. */
export function formatAvgEntry(trade: Pick<Trade, 'trade_status' | 'avg_entry_price'>): string {
  return isNotEntered(trade.trade_status) ? NA : formatRupees(trade.avg_entry_price);
}

/** Account Status: uppercased; ACTIVE reads positive (green), anything else negative (red). */
export function accountStatusView(status: string): { text: string; positive: boolean } {
  const text = status.trim().toUpperCase() || NA;
  return { text, positive: text === 'ACTIVE' };
}

/** Access Key Status: VALID (green) or INVALID (red). */
export function accessKeyStatusView(valid: boolean): { text: 'VALID' | 'INVALID'; positive: boolean } {
  return valid ? { text: 'VALID', positive: true } : { text: 'INVALID', positive: false };
}

/** What a hidden secret shows: a fixed number of dots, so its length is not revealed either. */
export const HIDDEN_SECRET = '••••••••';

/** The badge tone of each trade status: the app's TradeStatusBadge and the server-filled trade cards. */
export const TRADE_STATUS_TONES = {
  pending: 'warning',
  approved: 'info',
  running: 'primary',
  open: 'primary',
  completed: 'success',
  closed: 'success',
  cancelled: 'neutral',
} as const satisfies Record<TradeStatus, string>;
