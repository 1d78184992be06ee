import { createFileRoute } from '@tanstack/react-router';
import { tradeFilterSchema } from '../../../shared/schemas/trades';
import { accountTradesQueryOptions } from '../../features/trades/api/get-account-trades';
import { TradesPage } from '../../features/trades/components/trades-page';

export const Route = createFileRoute('/dashboard/trades')({
  // Only the shape here: `tradeFilterSchema` is parsed in the component, so zod stays in the
  // page's lazy chunk (route options are in the first-visit bundle: zod there costs ~24 KB gzip).
  validateSearch: (search: Record<string, unknown>): { status?: string } => ({
    status: typeof search.status === 'string' ? search.status : undefined,
  }),
  // Starts the request alongside the page's code; the page itself shows loading, error and offline.
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(accountTradesQueryOptions(context.currentUser.user.id)).catch(() => undefined);
  },
  component: TradesRoute,
});

const BREADCRUMB = [{ label: 'Dashboard' }] as const;

function TradesRoute() {
  const { status } = tradeFilterSchema.parse(Route.useSearch());
  const { user } = Route.useRouteContext().currentUser;
  const navigate = Route.useNavigate();
  return (
    <TradesPage
      trades={accountTradesQueryOptions(user.id)}
      title="Trades"
      breadcrumb={BREADCRUMB}
      status={status}
      canEdit={user.role === 'superadmin'}
      onStatusChange={(next) => void navigate({ search: { status: next }, replace: true })}
    />
  );
}
