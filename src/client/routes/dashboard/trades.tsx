import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { accountPnlQueryOptions } from '@client/features/trades/api/get-account-pnl';
import { accountTradesQueryOptions } from '@client/features/trades/api/get-account-trades';
import { BrokerSessionNotice } from '@client/features/account/components/broker-session-notice';
import { MembershipNotice } from '@client/features/trades/components/membership-notice';
import { TradesPage } from '@client/features/trades/components/trades-page';
import { tradesSearch } from '@client/features/trades/lib/filter-status-from-search';
import { DEFAULT_TRADE_FILTER } from '@shared/constants';
import { monthRange } from '@client/features/trades/lib/pnl-periods';
import { indiaToday } from '@shared/ist';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/trades')({
  validateSearch: tradesSearch,
  // Starts the requests alongside the page's code (the P&L summary's month with the trades, so the
  // two answers land together); the page itself shows loading, error and offline.
  loader: ({ context }) => {
    const userId = context.currentUser.user.id;
    context.queryClient.ensureQueryData(accountTradesQueryOptions(userId)).catch(() => undefined);
    context.queryClient
      .ensureQueryData(accountPnlQueryOptions(userId)(monthRange(indiaToday())))
      .catch(() => undefined);
  },
  head: () => titleHead('Trades'),
  component: TradesRoute,
});

const BREADCRUMB = [{ label: 'Dashboard' }] as const;

function TradesRoute() {
  const { status = DEFAULT_TRADE_FILTER } = Route.useSearch();
  const { user } = Route.useRouteContext().currentUser;
  const navigate = Route.useNavigate();
  // One factory per account: the summary (memoized) then skips the filter's re-renders.
  const pnl = useMemo(() => accountPnlQueryOptions(user.id), [user.id]);
  return (
    <TradesPage
      trades={accountTradesQueryOptions(user.id)}
      pnl={pnl}
      title="Trades"
      breadcrumb={BREADCRUMB}
      taxStatementUrl="/api/account-tax-statement"
      status={status}
      canEdit={user.role === 'superadmin'}
      notice={
        user.role === 'member' ? (
          <>
            <MembershipNotice userId={user.id} />
            <BrokerSessionNotice userId={user.id} />
          </>
        ) : undefined
      }
      onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })}
    />
  );
}
