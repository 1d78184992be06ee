import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '@client/features/admin/components/admin-home';

export const Route = createFileRoute('/dashboard/admin/')({
  component: AdminHome,
});
