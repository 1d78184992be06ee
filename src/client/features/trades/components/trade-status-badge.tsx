import type { TradeStatus } from '@shared/constants';
import { StatusBadge, type BadgeTone } from '@client/components/status-badge';

const TONES: Record<TradeStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  running: 'primary',
  open: 'primary',
  completed: 'success',
  closed: 'success',
  cancelled: 'neutral',
};

export function TradeStatusBadge({ status }: { status: TradeStatus }) {
  return <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
}
