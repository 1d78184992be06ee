/**
 * The fields of a trade as the member reads them (spec sections 3 and 9): one definition per field,
 * shared by the wide-screen table and the phone cards so both show the same values.
 */
import type { ReactNode } from 'react';
import {
  EXIT_PENDING_TITLE,
  exitPendingText,
  STOP_FAILED_TITLE,
  stopFailedText,
  formatAvgEntry,
  formatDate,
  formatNumber,
  formatRemainingQuantity,
  formatTimestamp,
  lastPriceView,
  NA,
  noLivePriceText,
} from '@shared/format';
import type { Trade } from '@shared/schemas/trades';
import { Rupee } from '@client/components/rupee';
import { TradeModeBadge } from './trade-mode-badge';
import { TradeStatusBadge } from './trade-status-badge';

export interface TradeField {
  label: string;
  render: (trade: Trade) => ReactNode;
  /** Right-aligned in the table. */
  numeric?: boolean;
  /** May wrap in the table (the instrument's badge goes under its name when room is short). */
  wraps?: boolean;
}

const orNA = (value: string | number | null) => (value === null || value === '' ? NA : value);

/** A live trade without a fresh price from its broker says so, with the age of its last one. */
function NoLivePrice({ text }: { text: string }) {
  return (
    <span className="no-live-price" title="No fresh price from the broker: nothing is decided on it">
      {text}
    </span>
  );
}

function LastPrice({ trade }: { trade: Trade }) {
  const stale = noLivePriceText(trade, new Date());
  if (stale) return <NoLivePrice text={stale} />;
  const { price, change } = lastPriceView(trade);
  return (
    <span className="last-price">
      <span className="rupee">{price}</span>
      {change && <span className={`last-price-change tone--${change.tone}`}>{change.text}</span>}
    </span>
  );
}

const FIELDS = {
  id: { label: 'Trade ID', render: (t) => t.trabot_trade_id },
  date: { label: 'Date', render: (t) => formatDate(t.trade_date) },
  instrument: {
    label: 'Instrument',
    wraps: true,
    render: (t) => (
      <span className="instrument">
        <strong>{t.trade_instrument}</strong> <span className="exchange">{t.trade_exchange}</span>{' '}
        <TradeModeBadge broker={t.broker} />
      </span>
    ),
  },
  type: { label: 'Type', render: (t) => t.trade_type },
  direction: { label: 'Direction', render: (t) => t.trade_direction },
  status: {
    label: 'Status',
    wraps: true,
    render: (t) => {
      // An exit left open at the broker after every chase says so under the status (the cards say it on their own line).
      const pending = exitPendingText(t, new Date());
      const stopFailed = stopFailedText(t);
      return (
        <>
          <TradeStatusBadge status={t.trade_status} />
          {pending && (
            <span className="exit-pending" title={EXIT_PENDING_TITLE}>
              {pending}
            </span>
          )}
          {stopFailed && (
            <span className="stop-failed" title={STOP_FAILED_TITLE}>
              {stopFailed}
            </span>
          )}
        </>
      );
    },
  },
  quantity: { label: 'Qty', numeric: true, render: (t) => formatNumber(t.trade_quantity) },
  remaining: { label: 'Remaining Qty', numeric: true, render: (t) => formatRemainingQuantity(t) },
  avgEntry: { label: 'Avg Entry', numeric: true, render: (t) => formatAvgEntry(t) },
  avgExit: { label: 'Avg Exit', numeric: true, render: (t) => <Rupee value={t.avg_exit_price} /> },
  ltp: { label: 'LTP', numeric: true, render: (t) => <LastPrice trade={t} /> },
  mtm: {
    label: 'MTM',
    numeric: true,
    // Without a live price the MTM is unknown, never a made-up or zero figure.
    render: (t) =>
      noLivePriceText(t, new Date()) ? (
        <span className="mtm-unknown">unknown</span>
      ) : (
        <Rupee value={t.current_mtm} signed />
      ),
  },
  risk: { label: 'Trade Risk', numeric: true, render: (t) => <Rupee value={t.trade_risk} /> },
  brokerTradeNumber: { label: 'Broker Trade No.', render: (t) => orNA(t.broker_trade_number) },
  stoplossTradeNumber: { label: 'Stoploss Trade No.', render: (t) => orNA(t.stoploss_trade_number) },
  algoId: { label: 'Algo ID', render: (t) => orNA(t.algo_id) },
  signalId: { label: 'Signal ID', render: (t) => orNA(t.signal_id) },
  lastUpdated: { label: 'Last Updated', render: (t) => formatTimestamp(t.last_updated_timestamp) },
} satisfies Record<string, TradeField>;

export type TradeFieldId = keyof typeof FIELDS;
export const TRADE_FIELDS: Record<TradeFieldId, TradeField> = FIELDS;

/** Every field, in the order of the CSV download (a spreadsheet has room for all of them). */
export const ALL_FIELDS: readonly TradeFieldId[] = [
  'id',
  'date',
  'instrument',
  'type',
  'direction',
  'status',
  'quantity',
  'remaining',
  'avgEntry',
  'avgExit',
  'ltp',
  'mtm',
  'risk',
  'brokerTradeNumber',
  'stoplossTradeNumber',
  'algoId',
  'signalId',
  'lastUpdated',
];

/**
 * Column order of the table: what a member reads at a glance, so that it fits a 1280 px laptop
 * whole (MTM and Trade Risk never scrolled away); the rest opens under the row with its entries
 * and exits.
 */
export const TABLE_FIELDS: readonly TradeFieldId[] = [
  'id',
  'date',
  'instrument',
  'direction',
  'status',
  'quantity',
  'remaining',
  'avgEntry',
  'avgExit',
  'ltp',
  'mtm',
  'risk',
];
/** Under a table row, with its entries and exits. */
export const ROW_DETAIL_FIELDS: readonly TradeFieldId[] = [
  'type',
  'brokerTradeNumber',
  'stoplossTradeNumber',
  'algoId',
  'signalId',
  'lastUpdated',
];

/** Whether some of the trade has been sold (bought back, for a short) already. */
export const hasExits = (trade: Trade): boolean => trade.trade_exits.length > 0 || trade.avg_exit_price !== null;

/**
 * A card shows these first, the rest when expanded. Once any exit exists, the remaining quantity
 * and the average exit are key numbers too: without them "Qty 20" reads as 20 still held.
 */
export function cardKeyFields(trade: Trade): readonly TradeFieldId[] {
  return hasExits(trade) ? PARTLY_EXITED_KEY_FIELDS : CARD_KEY_FIELDS;
}
/** The key numbers of a trade without exits (the trade page shows the rest below them). */
export const CARD_KEY_FIELDS: readonly TradeFieldId[] = ['quantity', 'avgEntry', 'ltp', 'mtm'];
const PARTLY_EXITED_KEY_FIELDS: readonly TradeFieldId[] = [
  'quantity',
  'remaining',
  'avgEntry',
  'avgExit',
  'ltp',
  'mtm',
];
/** The expanded card: the ids (the trade's and the broker's order numbers) first. */
export function cardDetailFields(trade: Trade): readonly TradeFieldId[] {
  const keys = new Set(cardKeyFields(trade));
  return (
    [
      'id',
      'brokerTradeNumber',
      'stoplossTradeNumber',
      'date',
      'type',
      'remaining',
      'avgExit',
      'risk',
      'algoId',
      'signalId',
      'lastUpdated',
    ] as const
  ).filter((id) => !keys.has(id));
}

/** A definition list of some fields of a trade. */
export function TradeFieldList({
  trade,
  fields,
  className,
}: {
  trade: Trade;
  fields: readonly TradeFieldId[];
  className?: string;
}) {
  return (
    <dl className={className ?? 'trade-fields'}>
      {fields.map((id) => (
        <div key={id}>
          <dt>{TRADE_FIELDS[id].label}</dt>
          <dd>{TRADE_FIELDS[id].render(trade)}</dd>
        </div>
      ))}
    </dl>
  );
}
