import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/members/')({
  component: function MembersRoute() {
    return <AdminPendingPage title="Members" />;
  },
});
