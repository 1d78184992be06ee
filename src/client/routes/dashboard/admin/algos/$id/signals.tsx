import { createFileRoute } from '@tanstack/react-router';
import { signalsQueryOptions } from '@client/features/admin-algos/api/get-signals';
import { SignalsPage } from '@client/features/admin-algos/components/signals-page';
import { signalsSearch, type SignalFilter } from '@client/features/admin-algos/lib/signal-filter';
import { idFromPath, idToPath } from '@client/lib/route-params';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/algos/$id/signals')({
  // An id that is not one shows the page's "No algo id".
  params: { parse: ({ id }) => ({ id: idFromPath(id) }), stringify: ({ id }) => ({ id: idToPath(id) }) },
  validateSearch: signalsSearch,
  loaderDeps: ({ search }): { status: SignalFilter } => ({ status: search.status ?? 'all' }),
  loader: ({ context, params, deps }) => {
    if (params.id !== null)
      context.queryClient.ensureQueryData(signalsQueryOptions(params.id, deps.status)).catch(() => undefined);
  },
  head: ({ params }) => titleHead(params.id === null ? 'Algo Signals' : `Signals of algo ${params.id}`),
  component: SignalsRoute,
});

function SignalsRoute() {
  const { id } = Route.useParams();
  const { status = 'all' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SignalsPage
      algoId={id}
      status={status}
      onStatusChange={(next) => void navigate({ search: { status: next === 'all' ? undefined : next }, replace: true })}
    />
  );
}
