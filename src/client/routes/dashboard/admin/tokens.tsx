import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/tokens')({
  component: function TokensRoute() {
    return <AdminPendingPage title="Tokens" />;
  },
});
