import type { SignalStatus } from '@shared/constants';
import { StatusBadge, type BadgeTone } from '@client/components/status-badge';

const TONES: Record<SignalStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  running: 'primary',
  completed: 'success',
  cancelled: 'neutral',
};

/** The status, and below it what the engine waits for ("waiting for market open") or why it refused the signal. */
export function SignalStatusBadge({ status, note = null }: { status: SignalStatus; note?: string | null }) {
  const badge = <StatusBadge tone={TONES[status]}>{status}</StatusBadge>;
  if (!note) return badge;
  return (
    <span className="signal-status">
      {badge}
      <small className="signal-status-note">{note}</small>
    </span>
  );
}
