import { createFileRoute } from '@tanstack/react-router';
import { MemberUsersPage } from '@client/features/admin-members/components/member-users-page';
import { idsFromPath, idToPath } from '@client/lib/route-params';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/members/$id/users')({
  params: {
    parse: (raw) => idsFromPath(raw),
    stringify: ({ id }) => ({ id: idToPath(id) }),
  },
  head: ({ params }) => titleHead(`Users of member ${params.id}`),
  component: function MemberUsersRoute() {
    const { id } = Route.useParams();
    return <MemberUsersPage memberId={id} />;
  },
});
