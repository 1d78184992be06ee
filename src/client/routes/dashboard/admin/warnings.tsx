import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/warnings')({
  component: function WarningsRoute() {
    return <AdminPendingPage title="Warnings" />;
  },
});
