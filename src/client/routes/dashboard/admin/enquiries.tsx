import { createFileRoute } from '@tanstack/react-router';
import { EnquiriesPage } from '@client/features/admin-inbox/components/enquiries-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/enquiries')({
  head: () => titleHead('Enquiries'),
  component: EnquiriesPage,
});
