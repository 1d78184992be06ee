/**
 * The shown (filtered) trades as CSV, written in the browser so it works offline too:
 * the trade table's columns, headed by its labels. Amounts and quantities are plain numbers for a
 * spreadsheet (no ₹, no digit grouping); dates read as on the page; what the page shows as N.A.
 * (the remaining quantity of a trade never entered, a finished trade's LTP...) is an empty cell.
 */
import { csvDocument, type CsvValue } from '@shared/csv';
import {
  formatAvgEntry,
  formatDate,
  formatRemainingQuantity,
  formatTimestamp,
  lastPriceView,
  NA,
} from '@shared/format';
import type { Trade } from '@shared/schemas/trades';
import { ALL_FIELDS, TRADE_FIELDS, type TradeFieldId } from '../components/trade-fields';

/** The page's own N.A. rule decides; otherwise the stored value. */
const unlessNA = (shown: string, value: CsvValue) => (shown === NA ? null : value);
/** A date as the page writes it, empty when it shows N.A. */
const asShown = (text: string) => unlessNA(text, text);

const CELLS: Record<TradeFieldId, (trade: Trade) => CsvValue> = {
  id: (t) => t.trabot_trade_id,
  date: (t) => asShown(formatDate(t.trade_date)),
  instrument: (t) => `${t.trade_instrument} ${t.trade_exchange}`,
  type: (t) => t.trade_type,
  direction: (t) => t.trade_direction,
  status: (t) => t.trade_status.toUpperCase(),
  quantity: (t) => t.trade_quantity,
  remaining: (t) => unlessNA(formatRemainingQuantity(t), t.remaining_quantity),
  avgEntry: (t) => unlessNA(formatAvgEntry(t), t.avg_entry_price),
  avgExit: (t) => t.avg_exit_price,
  ltp: (t) => unlessNA(lastPriceView(t).price, t.ltp),
  mtm: (t) => t.current_mtm,
  risk: (t) => t.trade_risk,
  brokerTradeNumber: (t) => t.broker_trade_number,
  stoplossTradeNumber: (t) => t.stoploss_trade_number,
  algoId: (t) => t.algo_id,
  signalId: (t) => t.signal_id,
  lastUpdated: (t) => asShown(formatTimestamp(t.last_updated_timestamp)),
};

export function tradesCsv(trades: readonly Trade[]): string {
  return csvDocument([
    ALL_FIELDS.map((id) => TRADE_FIELDS[id].label),
    ...trades.map((trade) => ALL_FIELDS.map((id) => CELLS[id](trade))),
  ]);
}

/** trades-completed-2026-11-25.csv */
export const tradesCsvFileName = (status: string, day: string) => `trades-${status}-${day}.csv`;
