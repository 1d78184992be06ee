/** The trades of any account for the superadmin: the member's trades page with Edit, not persisted. */
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DEFAULT_TRADE_FILTER } from '@shared/constants';
import { adminAccountPnlQueryOptions } from '@client/features/trades/api/get-account-pnl';
import { adminAccountTradesQueryOptions } from '@client/features/trades/api/get-account-trades';
import { TradesPage } from '@client/features/trades/components/trades-page';
import { tradesSearch } from '@client/features/trades/lib/filter-status-from-search';
import { idsFromPath, idToPath } from '@client/lib/route-params';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/trades')({
  params: {
    parse: (raw) => idsFromPath(raw),
    stringify: ({ id, accountId }) => ({ id: idToPath(id), accountId: idToPath(accountId) }),
  },
  validateSearch: tradesSearch,
  head: ({ params }) => titleHead(`Trades of account ${params.accountId}`),
  component: AccountTradesRoute,
});

function AccountTradesRoute() {
  const { id, accountId } = Route.useParams();
  const { status = DEFAULT_TRADE_FILTER } = Route.useSearch();
  const navigate = Route.useNavigate();
  // One factory per account: the summary (memoized) then skips the filter's re-renders.
  const pnl = useMemo(() => adminAccountPnlQueryOptions(accountId), [accountId]);
  return (
    <TradesPage
      trades={adminAccountTradesQueryOptions(accountId)}
      pnl={pnl}
      title={`Trades of account ${accountId}`}
      backFallback={`/dashboard/admin/members/${id}/accounts`}
      taxStatementUrl={`/api/account-tax-statement?adminAccountId=${accountId}`}
      status={status}
      canEdit
      onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })}
    />
  );
}
