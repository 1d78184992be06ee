/** The trades of any account for the superadmin: the member's trades page with Edit, not persisted. */
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { tradeFilterSchema } from '../../../../../../../../shared/schemas/trades';
import { adminAccountPnlQueryOptions } from '../../../../../../../features/trades/api/get-account-pnl';
import { adminAccountTradesQueryOptions } from '../../../../../../../features/trades/api/get-account-trades';
import { TradesPage } from '../../../../../../../features/trades/components/trades-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/trades')({
  validateSearch: (search: Record<string, unknown>): { status?: string } => ({
    status: typeof search.status === 'string' ? search.status : undefined,
  }),
  component: AccountTradesRoute,
});

function AccountTradesRoute() {
  const { id, accountId } = Route.useParams();
  const { status } = tradeFilterSchema.parse(Route.useSearch());
  const navigate = Route.useNavigate();
  // One factory per account: the summary (memoized) then skips the filter's re-renders.
  const pnl = useMemo(() => adminAccountPnlQueryOptions(Number(accountId)), [accountId]);
  return (
    <TradesPage
      trades={adminAccountTradesQueryOptions(Number(accountId))}
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
