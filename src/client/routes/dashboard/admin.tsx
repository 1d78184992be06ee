/** Layout of every /dashboard/admin page: superadmin only (anyone else -> /dashboard/trades). */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminRedirect } from '@client/features/session/lib/guards';

export const Route = createFileRoute('/dashboard/admin')({
  beforeLoad: ({ context }) => {
    const to = adminRedirect(context.currentUser);
    if (to) throw redirect({ to, replace: true });
  },
});
