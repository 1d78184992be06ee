import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '../../../features/admin/components/admin-home';

export const Route = createFileRoute('/dashboard/admin/')({
  component: AdminHome,
});
