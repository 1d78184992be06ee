/** A trade's heading line: instrument and exchange, direction, paper or live, status (a card and the detail page). */
import type { Trade } from '@shared/schemas/trades';
import { TradeModeBadge } from './trade-mode-badge';
import { TradeStatusBadge } from './trade-status-badge';

export function TradeHeader({ trade, titleId }: { trade: Trade; titleId: string }) {
  return (
    <header className="trade-card-header">
      <h2 id={titleId}>
        {trade.trade_instrument} <span className="exchange">{trade.trade_exchange}</span>
      </h2>
      <span className="trade-card-direction">{trade.trade_direction}</span>
      <TradeModeBadge broker={trade.broker} />
      <TradeStatusBadge status={trade.trade_status} />
    </header>
  );
}
