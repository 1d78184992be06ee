/** /set-password#token=...: a set-password link from a mail (features/auth/components/set-password-page). */
import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '@client/features/auth/components/set-password-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/set-password')({
  head: () => titleHead('Choose Your Password'),
  component: SetPasswordPage,
});
