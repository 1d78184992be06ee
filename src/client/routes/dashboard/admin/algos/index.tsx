import { createFileRoute } from '@tanstack/react-router';
import { algosQueryOptions } from '@client/features/admin-algos/api/get-algos';
import { AlgosPage } from '@client/features/admin-algos/components/algos-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/algos/')({
  // Starts the request alongside the page's code; the page shows loading and "Unauthorized" itself.
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(algosQueryOptions()).catch(() => undefined);
  },
  head: () => titleHead('Algos'),
  component: AlgosPage,
});
