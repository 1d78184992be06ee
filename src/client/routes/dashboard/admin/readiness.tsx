import { createFileRoute } from '@tanstack/react-router';
import { readinessQueryOptions } from '@client/features/admin-readiness/api/readiness';
import { ReadinessPage } from '@client/features/admin-readiness/components/readiness-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/readiness')({
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(readinessQueryOptions).catch(() => undefined);
  },
  head: () => titleHead('Readiness'),
  component: ReadinessPage,
});
