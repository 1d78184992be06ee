import { createFileRoute } from '@tanstack/react-router';
import { MemberUsersPage } from '../../../../../features/admin-members/components/member-users-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/users')({
  component: function MemberUsersRoute() {
    const { id } = Route.useParams();
    return <MemberUsersPage memberId={Number(id)} />;
  },
});
