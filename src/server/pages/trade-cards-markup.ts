/**
 * The phone's first trade cards as HTML (src/client/features/trades/components/trade-card-list.tsx,
 * collapsed): the same elements, classes and visible text, formatted by the same @shared/format
 * functions (tests/unit/features/trade-cards-markup.test.tsx renders both and compares them). The
 * client's components import their CSS, so the server cannot render them itself: the markup is
 * written here, from shared code only, and that test keeps the two alike. Used by
 * member-trades-markup.ts.
 */
import { DEFAULT_TRADE_FILTER } from '@shared/constants';
import {
  EXIT_PENDING_TITLE,
  exitPendingText,
  STOP_FAILED_TITLE,
  stopFailedText,
  filterStatusOf,
  formatAvgEntry,
  formatNumber,
  formatRemainingQuantity,
  formatRupees,
  lastPriceView,
  toneOf,
  TRADE_STATUS_TONES,
} from '@shared/format';
import { SERVER_DATA_ATTR } from '@shared/live-data-markers';
import { MSG } from '@shared/messages';
import type { Trade } from '@shared/schemas/trades';

/** trade-list-props.ts's TRADE_CARDS_PAGE_SIZE: the cards a phone renders at first. */
export const FIRST_TRADE_CARDS = 8;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** As React escapes text and attribute values. */
export const escapeHtml = (value: string | number): string => String(value).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

const badge = (tone: string, inner: string) => `<span class="status-badge status-badge--${tone}">${inner}</span>`;

function modeBadge(broker: string): string {
  const live = broker !== 'paper';
  const title = live ? `Orders go to ${broker}` : 'Orders go to the paper broker';
  return badge(live ? 'danger' : 'neutral', `<span title="${escapeHtml(title)}">${live ? 'LIVE' : 'PAPER'}</span>`);
}

const rupee = (value: number | null, signed = false) =>
  `<span class="${signed ? `rupee rupee--${toneOf(value)}` : 'rupee'}">${escapeHtml(formatRupees(value))}</span>`;

function lastPrice(trade: Trade): string {
  const { price, change } = lastPriceView(trade);
  const changeHtml = change
    ? `<span class="last-price-change tone--${change.tone}">${escapeHtml(change.text)}</span>`
    : '';
  return `<span class="last-price"><span class="rupee">${escapeHtml(price)}</span>${changeHtml}</span>`;
}

const hasExits = (trade: Trade) => trade.trade_exits.length > 0 || trade.avg_exit_price !== null;

/** trade-fields.tsx's cardKeyFields, label and value. */
function keyFields(trade: Trade): [string, string][] {
  const quantity: [string, string] = ['Qty', escapeHtml(formatNumber(trade.trade_quantity))];
  const avgEntry: [string, string] = ['Avg Entry', escapeHtml(formatAvgEntry(trade))];
  const ltp: [string, string] = ['LTP', lastPrice(trade)];
  const mtm: [string, string] = ['MTM', rupee(trade.current_mtm, true)];
  if (!hasExits(trade)) return [quantity, avgEntry, ltp, mtm];
  const remaining: [string, string] = ['Remaining Qty', escapeHtml(formatRemainingQuantity(trade))];
  return [quantity, remaining, avgEntry, ['Avg Exit', rupee(trade.avg_exit_price)], ltp, mtm];
}

/** trade-card-list.tsx's PartExitNote. */
function partExitNote(trade: Trade): string {
  const remaining = trade.remaining_quantity;
  if (!hasExits(trade) || remaining === null || remaining <= 0) return '';
  const exited = trade.trade_quantity - remaining;
  return (
    `<p class="trade-card-note">${escapeHtml(formatNumber(exited))} of ${escapeHtml(formatNumber(trade.trade_quantity))}` +
    ` exited at ${escapeHtml(formatRupees(trade.avg_exit_price))} on average; MTM is on the ` +
    `${escapeHtml(formatNumber(remaining))} still open.</p>`
  );
}

/** exit-pending-note.tsx's ExitPendingNote. */
function exitPendingNote(trade: Trade): string {
  const text = exitPendingText(trade, new Date());
  if (!text) return '';
  return `<p class="trade-card-note trade-exit-pending" title="${escapeHtml(EXIT_PENDING_TITLE)}">${escapeHtml(text)}</p>`;
}

/** stop-failed-note.tsx's StopFailedNote. */
function stopFailedNote(trade: Trade): string {
  const text = stopFailedText(trade);
  if (!text) return '';
  return `<p class="trade-card-note trade-stop-failed" title="${escapeHtml(STOP_FAILED_TITLE)}">${escapeHtml(text)}</p>`;
}

function tradeCard(trade: Trade): string {
  const id = escapeHtml(trade.trabot_trade_id);
  const fields = keyFields(trade)
    .map(([label, value]) => `<div><dt>${label}</dt><dd>${value}</dd></div>`)
    .join('');
  return (
    `<li class="trade-card"><article aria-labelledby="trade-${id}-title">` +
    `<header class="trade-card-header"><h2 id="trade-${id}-title">${escapeHtml(trade.trade_instrument)} ` +
    `<span class="exchange">${escapeHtml(trade.trade_exchange)}</span></h2>` +
    `<span class="trade-card-direction">${escapeHtml(trade.trade_direction)}</span>` +
    `${modeBadge(trade.broker)}${badge(TRADE_STATUS_TONES[trade.trade_status], escapeHtml(trade.trade_status))}</header>` +
    exitPendingNote(trade) +
    stopFailedNote(trade) +
    `<dl class="trade-card-keys">${fields}</dl>${partExitNote(trade)}` +
    // Inert, like every prerendered button, until the app stands ready to keep a tap (boot.ts).
    `<div class="trade-card-actions"><button inert="" type="button" class="link-button" aria-expanded="false">` +
    `Details, entries and exits</button>` +
    `<a href="/dashboard/trades/${id}" class="trade-card-link" aria-label="View trade ${id}">View trade</a></div>` +
    `</article></li>`
  );
}

/**
 * The page's trades as a phone shows them first: the running trades' first cards (and "Show
 * more" when there are more), or the empty list's message; then the loading state, which a wide
 * screen shows instead of the cards until the app renders its table.
 */
export function tradeCardsMarkup(trades: readonly Trade[]): string {
  const running = trades.filter((trade) => filterStatusOf(trade.trade_status) === DEFAULT_TRADE_FILTER);
  const shown = running.slice(0, FIRST_TRADE_CARDS);
  const remaining = running.length - shown.length;
  const list = running.length
    ? `<ul class="trade-cards" aria-label="Trades" ${SERVER_DATA_ATTR}="">${shown.map(tradeCard).join('')}</ul>` +
      (remaining > 0
        ? `<button inert="" type="button" class="small-button show-more" ${SERVER_DATA_ATTR}="">Show more trades (${remaining} more)</button>`
        : '')
    : `<p class="list-state" ${SERVER_DATA_ATTR}="">${escapeHtml(MSG.tradesEmpty)}</p>`;
  return `${list}<p class="list-state trades-loading trades-loading--wide" role="status">${escapeHtml(MSG.tradesLoading)}</p>`;
}
