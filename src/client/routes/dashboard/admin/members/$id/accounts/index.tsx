import { createFileRoute } from '@tanstack/react-router';
import { MemberAccountsPage } from '../../../../../../features/admin-members/components/member-accounts-page';

export const Route = createFileRoute('/dashboard/admin/members/$id/accounts/')({
  component: function MemberAccountsRoute() {
    const { id } = Route.useParams();
    return <MemberAccountsPage memberId={Number(id)} />;
  },
});
