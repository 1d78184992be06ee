import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../../../../../../features/admin-accounts/components/subscriptions-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/algos')({
  component: function AccountAlgosRoute() {
    const { id, accountId } = Route.useParams();
    return <SubscriptionsPage memberId={Number(id)} accountId={Number(accountId)} />;
  },
});
