import { createFileRoute } from '@tanstack/react-router';
import { WorkshopsAdminPage } from '@client/features/admin-inbox/components/workshops-admin-page';

export const Route = createFileRoute('/dashboard/admin/workshops')({
  component: WorkshopsAdminPage,
});
