import { createFileRoute } from '@tanstack/react-router';
import { MemberAccountsPage } from '@client/features/admin-members/components/member-accounts-page';
import { idToPath, requiredIdFromPath } from '@client/lib/route-params';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/')({
  params: {
    parse: ({ id }) => ({ id: requiredIdFromPath(id) }),
    stringify: ({ id }) => ({ id: idToPath(id) }),
  },
  component: function MemberAccountsRoute() {
    const { id } = Route.useParams();
    return <MemberAccountsPage memberId={id} />;
  },
});
