import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '@client/features/admin-accounts/components/subscriptions-page';
import { idsFromPath, idToPath } from '@client/lib/route-params';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/$accountId/algos')({
  params: {
    parse: (raw) => idsFromPath(raw),
    stringify: ({ id, accountId }) => ({ id: idToPath(id), accountId: idToPath(accountId) }),
  },
  head: ({ params }) => titleHead(`Algo subscriptions of account ${params.accountId}`),
  component: function AccountAlgosRoute() {
    const { id, accountId } = Route.useParams();
    return <SubscriptionsPage memberId={id} accountId={accountId} />;
  },
});
