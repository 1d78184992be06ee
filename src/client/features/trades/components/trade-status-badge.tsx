import type { TradeStatus } from '@shared/constants';
import { TRADE_STATUS_TONES } from '@shared/format';
import { StatusBadge } from '@client/components/status-badge';

export function TradeStatusBadge({ status }: { status: TradeStatus }) {
  return <StatusBadge tone={TRADE_STATUS_TONES[status]}>{status}</StatusBadge>;
}
