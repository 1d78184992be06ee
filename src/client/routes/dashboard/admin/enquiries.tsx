import { createFileRoute } from '@tanstack/react-router';
import { EnquiriesPage } from '@client/features/admin-inbox/components/enquiries-page';

export const Route = createFileRoute('/dashboard/admin/enquiries')({
  component: EnquiriesPage,
});
