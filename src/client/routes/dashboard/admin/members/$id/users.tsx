import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/users')({
  component: function MemberUsersRoute() {
    const { id } = Route.useParams();
    return <AdminPendingPage title="Member Users" subject={`Users of member ${id}`} />;
  },
});
