/**
 * /dashboard/admin/readiness: every account with an active subscription, whether it can trade
 * today and if not why (reconnect needed, insufficient funds, IP not registered, halted, paper),
 * with the address its live orders leave from, sortable; a table on
 * a laptop, cards on a phone.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { formatTimestamp, NA } from '@shared/format';
import type { ReadinessRow, ReadinessVerdict } from '@shared/schemas/admin/readiness';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { Rupee } from '@client/components/rupee';
import { StatusBadge, type BadgeTone } from '@client/components/status-badge';
import { LoadState } from '@client/components/load-state';
import { useReadiness } from '../api/readiness';
import { sortReadiness, READINESS_SORTS, type ReadinessSort } from '../lib/sort-readiness';
import './readiness.css';

const TONES: Record<ReadinessVerdict, BadgeTone> = {
  ready: 'success',
  'reconnect needed': 'warning',
  'insufficient funds': 'danger',
  'IP not registered': 'danger',
  halted: 'danger',
  paper: 'neutral',
};

const columns: ResponsiveColumn<ReadinessRow>[] = [
  { key: 'account', header: 'Account', cell: (r) => r.trabot_account_id },
  {
    key: 'verdict',
    header: 'Verdict',
    primary: true,
    cell: (r) => <StatusBadge tone={TONES[r.verdict]}>{r.verdict}</StatusBadge>,
  },
  {
    key: 'member',
    header: 'Member',
    primary: true,
    cell: (r) => (
      <Link to="/dashboard/admin/members/$id/accounts" params={{ id: r.trabot_client_id }}>
        {r.member_name}
      </Link>
    ),
  },
  { key: 'broker', header: 'Broker', cell: (r) => r.broker_name },
  {
    key: 'address',
    header: 'Order address',
    cell: (r) => (
      <>
        {r.order_address ?? NA}
        {r.order_ip_refusal && <div className="readiness-refusal">{r.order_ip_refusal}</div>}
      </>
    ),
  },
  {
    key: 'mode',
    header: 'Mode',
    cell: (r) => (r.mode === 'live' ? <StatusBadge tone="danger">LIVE</StatusBadge> : 'PAPER'),
  },
  {
    key: 'session',
    header: 'Session valid until',
    cell: (r) => (r.session_expires_at ? formatTimestamp(r.session_expires_at) : NA),
  },
  {
    key: 'checked',
    header: 'Last validation',
    cell: (r) => (r.session_checked_at ? formatTimestamp(r.session_checked_at) : NA),
  },
  { key: 'funds', header: 'Funds available', cell: (r) => <Rupee value={r.funds_available} /> },
  { key: 'capital', header: 'Capital subscribed', cell: (r) => <Rupee value={r.capital_required} /> },
];

export function ReadinessPage() {
  const readiness = useReadiness();
  const [sort, setSort] = useState<ReadinessSort>('verdict');
  const rows = useMemo(() => (readiness.data ? sortReadiness(readiness.data, sort) : []), [readiness.data, sort]);
  return (
    <Page title="Readiness">
      <div className="admin-toolbar">
        <BackButton fallback="/dashboard/admin" />
        <label className="readiness-sort">
          Sort by{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as ReadinessSort)}>
            {Object.entries(READINESS_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState query={readiness} />
      {readiness.data && (
        <ResponsiveList
          items={rows}
          columns={columns}
          rowKey={(r) => r.trabot_account_id}
          empty="No account has an active subscription"
          caption="Readiness of subscribed accounts"
          cardTitle={(r) => `Account ${r.trabot_account_id}`}
        />
      )}
    </Page>
  );
}
