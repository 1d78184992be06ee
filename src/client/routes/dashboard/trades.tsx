import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { accountPnlQueryOptions } from '@client/features/trades/api/get-account-pnl';
import { accountTradesQueryOptions } from '@client/features/trades/api/get-account-trades';
import { accountDetailsQueryOptions } from '@client/features/account/api/get-account-details';
import { BrokerSessionNotice } from '@client/features/account/components/broker-session-notice';
import { membershipQueryOptions } from '@client/features/trades/api/membership';
import { MembershipNotice } from '@client/features/trades/components/membership-notice';
import { TradesPage } from '@client/features/trades/components/trades-page';
import { tradesSearch } from '@client/features/trades/lib/filter-status-from-search';
import { DEFAULT_TRADE_FILTER } from '@shared/constants';
import { monthRange } from '@client/features/trades/lib/pnl-periods';
import { indiaToday } from '@shared/ist';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/trades')({
  validateSearch: tradesSearch,
  // Starts the requests alongside the page's code (the P&L summary's month with the trades, and a
  // member's notices, so the answers land together and the first render has them all); the page
  // itself shows loading, error and offline.
  loader: ({ context }) => {
    const { queryClient } = context;
    const { id: userId, role } = context.currentUser.user;
    const unawaited = (request: Promise<unknown>) => void request.catch(() => undefined);
    unawaited(queryClient.ensureQueryData(accountTradesQueryOptions(userId)));
    unawaited(queryClient.ensureQueryData(accountPnlQueryOptions(userId)(monthRange(indiaToday()))));
    if (role === 'member') {
      unawaited(queryClient.ensureQueryData(membershipQueryOptions(userId)));
      unawaited(queryClient.ensureQueryData(accountDetailsQueryOptions(userId)));
    }
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
