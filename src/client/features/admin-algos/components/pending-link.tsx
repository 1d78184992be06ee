/**
 * "Pending" with the number of signals waiting for approval, for a superadmin: in the header and on
 * Admin home. It also sets the installed app's badge (Badging API, where the browser has it).
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePendingSignals } from '../api/signal-decisions';

/** The Badging API, which not every browser has (lib.dom types it as always there). */
type BadgingNavigator = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

export function PendingLink({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const count = usePendingSignals().data?.length;
  useEffect(() => {
    const nav = navigator as BadgingNavigator;
    if (count === undefined || !nav.setAppBadge) return;
    void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge?.())?.catch(() => undefined);
  }, [count]);
  return (
    <Link
      to="/dashboard/admin/pending"
      className={className}
      onClick={onNavigate}
      aria-label={count ? `Pending signals: ${count}` : 'Pending signals'}
    >
      Pending{count ? <span className="pending-badge">{count}</span> : null}
    </Link>
  );
}
