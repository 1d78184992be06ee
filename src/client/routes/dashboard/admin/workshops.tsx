import { createFileRoute } from '@tanstack/react-router';
import { WorkshopsAdminPage } from '@client/features/admin-inbox/components/workshops-admin-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/workshops')({
  head: () => titleHead('Workshops'),
  component: WorkshopsAdminPage,
});
