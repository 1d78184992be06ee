import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '@client/features/admin-members/components/members-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/members/')({
  head: () => titleHead('Members'),
  component: MembersPage,
});
