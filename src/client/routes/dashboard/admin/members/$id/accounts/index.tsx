import { createFileRoute } from '@tanstack/react-router';
import { MemberAccountsPage } from '@client/features/admin-members/components/member-accounts-page';
import { idsFromPath, idToPath } from '@client/lib/route-params';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/')({
  params: {
    parse: (raw) => idsFromPath(raw),
    stringify: ({ id }) => ({ id: idToPath(id) }),
  },
  head: ({ params }) => titleHead(`Accounts of member ${params.id}`),
  component: function MemberAccountsRoute() {
    const { id } = Route.useParams();
    return <MemberAccountsPage memberId={id} />;
  },
});
