import { createFileRoute } from '@tanstack/react-router';
import { pendingSignalsQueryOptions } from '../../../features/admin-algos/api/signal-decisions';
import { PendingPage } from '../../../features/admin-algos/components/pending-page';
import { parseAlgoId } from '../../../features/admin-algos/lib/signal-filter';

export const Route = createFileRoute('/dashboard/admin/pending')({
  validateSearch: (search: Record<string, unknown>): { signal?: string } => ({
    signal: search.signal === undefined ? undefined : String(search.signal),
  }),
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(pendingSignalsQueryOptions()).catch(() => undefined);
  },
  component: PendingRoute,
});

function PendingRoute() {
  const { signal } = Route.useSearch();
  return <PendingPage focus={signal === undefined ? null : parseAlgoId(signal)} />;
}
