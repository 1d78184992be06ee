import { createFileRoute } from '@tanstack/react-router';
import { readinessQueryOptions } from '../../../features/admin-readiness/api/readiness';
import { ReadinessPage } from '../../../features/admin-readiness/components/readiness-page';

export const Route = createFileRoute('/dashboard/admin/readiness')({
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(readinessQueryOptions).catch(() => undefined);
  },
  component: ReadinessPage,
});
