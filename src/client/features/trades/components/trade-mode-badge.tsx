/** LIVE when the trade's orders go to a real broker, PAPER when to the paper broker. */
import { StatusBadge } from '@client/components/status-badge';

export function TradeModeBadge({ broker }: { broker: string }) {
  const live = broker !== 'paper';
  return (
    <StatusBadge tone={live ? 'danger' : 'neutral'}>
      <span title={live ? `Orders go to ${broker}` : 'Orders go to the paper broker'}>{live ? 'LIVE' : 'PAPER'}</span>
    </StatusBadge>
  );
}
