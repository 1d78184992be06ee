import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/')({
  component: function MemberAccountsRoute() {
    const { id } = Route.useParams();
    return <AdminPendingPage title="Member Accounts" subject={`Accounts of member ${id}`} />;
  },
});
