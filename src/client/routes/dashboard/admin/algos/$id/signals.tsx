import { createFileRoute } from '@tanstack/react-router';
import { signalsQueryOptions } from '../../../../../features/admin-algos/api/get-signals';
import { SignalsPage } from '../../../../../features/admin-algos/components/signals-page';
import { parseAlgoId, parseSignalFilter } from '../../../../../features/admin-algos/lib/signal-filter';

export const Route = createFileRoute('/dashboard/admin/algos/$id/signals')({
  validateSearch: (search: Record<string, unknown>): { status?: string } => ({
    status: typeof search.status === 'string' ? search.status : undefined,
  }),
  loaderDeps: ({ search }) => ({ status: parseSignalFilter(search.status) }),
  loader: ({ context, params, deps }) => {
    const algoId = parseAlgoId(params.id);
    if (algoId !== null) context.queryClient.ensureQueryData(signalsQueryOptions(algoId, deps.status)).catch(() => undefined);
  },
  component: SignalsRoute,
});

function SignalsRoute() {
  const { id } = Route.useParams();
  const status = parseSignalFilter(Route.useSearch().status);
  const navigate = Route.useNavigate();
  return (
    <SignalsPage
      algoId={parseAlgoId(id)}
      status={status}
      // "All" is the default: it keeps the URL clean.
      onStatusChange={(next) => void navigate({ search: { status: next === 'all' ? undefined : next }, replace: true })}
    />
  );
}
