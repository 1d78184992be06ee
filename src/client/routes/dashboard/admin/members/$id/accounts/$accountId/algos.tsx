import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '@client/features/admin-accounts/components/subscriptions-page';
import { idToPath, requiredIdFromPath } from '@client/lib/route-params';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/algos')({
  params: {
    parse: ({ id, accountId }) => ({ id: requiredIdFromPath(id), accountId: requiredIdFromPath(accountId) }),
    stringify: ({ id, accountId }) => ({ id: idToPath(id), accountId: idToPath(accountId) }),
  },
  component: function AccountAlgosRoute() {
    const { id, accountId } = Route.useParams();
    return <SubscriptionsPage memberId={id} accountId={accountId} />;
  },
});
