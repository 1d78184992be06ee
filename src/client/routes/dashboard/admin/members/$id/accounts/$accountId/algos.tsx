import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/algos')({
  component: function AccountAlgosRoute() {
    const { accountId } = Route.useParams();
    return <AdminPendingPage title="Algo Subscriptions" subject={`Algo subscriptions of account ${accountId}`} />;
  },
});
