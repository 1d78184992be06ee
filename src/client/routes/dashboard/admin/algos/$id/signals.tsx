import { createFileRoute } from '@tanstack/react-router';
import { AdminPendingPage } from '../../../../../features/admin/components/admin-pending-page';

export const Route = createFileRoute('/dashboard/admin/algos/$id/signals')({
  component: function AlgoSignalsRoute() {
    const { id } = Route.useParams();
    return <AdminPendingPage title="Algo Signals" subject={`Signals of algo ${id}`} />;
  },
});
