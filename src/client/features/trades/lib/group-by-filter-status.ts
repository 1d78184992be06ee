import { filterStatusOf, type TradeFilterStatus } from '@shared/format';
import type { Trade } from '@shared/schemas/trades';

/** Trades grouped by the filter that lists them, in one pass, keeping the server's order (newest first). */
export function groupByFilterStatus(trades: readonly Trade[]): ReadonlyMap<TradeFilterStatus, readonly Trade[]> {
  const groups = new Map<TradeFilterStatus, Trade[]>();
  for (const trade of trades) {
    const key = filterStatusOf(trade.trade_status);
    const group = groups.get(key);
    if (group) group.push(trade);
    else groups.set(key, [trade]);
  }
  return groups;
}
