import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/algos/')({
  component: function AlgosRoute() {
    return <AdminPendingPage title="Algos" />;
  },
});
