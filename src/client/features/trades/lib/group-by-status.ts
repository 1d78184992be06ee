import type { TRADE_FILTER_STATUSES, TradeStatus } from '../../../../shared/constants';
import type { Trade } from '../../../../shared/schemas/trades';

export type TradeFilterStatus = (typeof TRADE_FILTER_STATUSES)[number];

/** Trades grouped by status in one pass, keeping the server's order (newest first). */
export function groupByStatus(trades: readonly Trade[]): ReadonlyMap<TradeStatus, readonly Trade[]> {
  const groups = new Map<TradeStatus, Trade[]>();
  for (const trade of trades) {
    const group = groups.get(trade.trade_status);
    if (group) group.push(trade);
    else groups.set(trade.trade_status, [trade]);
  }
  return groups;
}
