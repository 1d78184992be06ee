import { createFileRoute } from '@tanstack/react-router';
import { pendingSignalsQueryOptions } from '@client/features/admin-algos/api/signal-decisions';
import { PendingPage } from '@client/features/admin-algos/components/pending-page';
import { idFromPath } from '@client/lib/route-params';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/pending')({
  // ?signal=ID (a notification's link): the signal to scroll to. The router reads `12` as a number.
  validateSearch: (search: Record<string, unknown>): { signal?: number } => ({
    signal:
      idFromPath(
        typeof search.signal === 'number' || typeof search.signal === 'string' ? String(search.signal) : undefined,
      ) ?? undefined,
  }),
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(pendingSignalsQueryOptions()).catch(() => undefined);
  },
  head: () => titleHead('Pending signals'),
  component: PendingRoute,
});

function PendingRoute() {
  const { signal } = Route.useSearch();
  return <PendingPage focus={signal ?? null} />;
}
