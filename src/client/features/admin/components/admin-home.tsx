/** Admin home (spec section 2): the way into each admin area, plus the inbox and workshop management, and the kill switch. */
import { Link } from '@tanstack/react-router';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { PendingLink } from '@client/features/admin-algos';
import { TradingHaltsPanel } from '@client/features/admin-halts';
import { NotificationsToggle } from '@client/features/notifications';
import './admin.css';

const AREAS = [
  { label: 'Algos', to: '/dashboard/admin/algos' },
  { label: 'Instruments', to: '/dashboard/admin/instruments' },
  { label: 'Members', to: '/dashboard/admin/members' },
  { label: 'Readiness', to: '/dashboard/admin/readiness' },
  { label: 'Logs', to: '/dashboard/admin/logs' },
  { label: 'Warnings', to: '/dashboard/admin/warnings' },
  { label: 'Tokens', to: '/dashboard/admin/tokens' },
  { label: 'Order Records', to: '/dashboard/admin/order-records' },
  { label: 'Enquiries', to: '/dashboard/admin/enquiries' },
  { label: 'Workshops', to: '/dashboard/admin/workshops' },
  { label: 'Backups', to: '/dashboard/admin/backups' },
] as const;

export function AdminHome() {
  return (
    <Page title="Admin">
      {/* Every admin page has one (spec section 2); with no page before, the member's trades. */}
      <BackButton fallback="/dashboard/trades" />
      <nav aria-label="Admin areas" className="admin-home-grid">
        <PendingLink className="button-link button-link-solid admin-area-link" />
        {AREAS.map((area) => (
          <Link key={area.to} to={area.to} className="button-link button-link-solid admin-area-link">
            {area.label}
          </Link>
        ))}
      </nav>
      <TradingHaltsPanel />
      <NotificationsToggle
        kinds={['signals', 'membership']}
        label="Notify this device of new signals and cancelled memberships"
      />
    </Page>
  );
}
