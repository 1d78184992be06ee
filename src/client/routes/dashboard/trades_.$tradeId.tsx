/**
 * /dashboard/trades/{tradeId}: one trade's story, deep-linkable. Not nested in the trades list's
 * route (the `_` suffix): the list stays a page of its own. A member sees their own trades; the
 * superadmin any, with a Back button to the account's trades they came from.
 */
import { createFileRoute } from '@tanstack/react-router';
import { TradeDetailPage } from '@client/features/trades/components/trade-detail-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/trades_/$tradeId')({
  head: ({ params }) => titleHead(`Trade ${params.tradeId}`),
  component: TradeDetailRoute,
});

function TradeDetailRoute() {
  const { tradeId } = Route.useParams();
  const { user } = Route.useRouteContext().currentUser;
  return (
    <TradeDetailPage
      tradeId={tradeId}
      user={user}
      backFallback={user.role === 'superadmin' ? '/dashboard/admin/members' : undefined}
    />
  );
}
