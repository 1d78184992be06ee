import { createFileRoute } from '@tanstack/react-router';
import { AdminHome } from '@client/features/admin/components/admin-home';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/')({
  head: () => titleHead('Admin'),
  component: AdminHome,
});
