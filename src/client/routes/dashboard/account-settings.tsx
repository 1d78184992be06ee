import { createFileRoute } from '@tanstack/react-router';
import { accountDetailsQueryOptions } from '@client/features/account/api/get-account-details';
import { AccountSettingsPage } from '@client/features/account/components/account-settings-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/account-settings')({
  // Starts the request alongside the page's code; the page itself shows loading, empty and offline.
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(accountDetailsQueryOptions(context.currentUser.user.id)).catch(() => undefined);
  },
  head: () => titleHead('Account Settings'),
  component: AccountSettingsRoute,
});

function AccountSettingsRoute() {
  const { user } = Route.useRouteContext().currentUser;
  return <AccountSettingsPage userId={user.id} />;
}
