import { createFileRoute } from '@tanstack/react-router';
import { MembersPage } from '@client/features/admin-members/components/members-page';

export const Route = createFileRoute('/dashboard/admin/members/')({
  component: MembersPage,
});
