import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/trades')({
  component: function AccountTradesRoute() {
    const { accountId } = Route.useParams();
    return <AdminPendingPage title="Account Trades" subject={`Trades of account ${accountId}`} />;
  },
});
