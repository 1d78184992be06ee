import type { SignalStatus } from '../../../../shared/constants';
import { StatusBadge, type BadgeTone } from '../../../components/status-badge';

const TONES: Record<SignalStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  running: 'primary',
  completed: 'success',
  cancelled: 'neutral',
};

export function SignalStatusBadge({ status }: { status: SignalStatus }) {
  return <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
}
