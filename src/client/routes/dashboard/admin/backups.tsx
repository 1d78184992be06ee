import { createFileRoute } from '@tanstack/react-router';
import { backupsQueryOptions } from '@client/features/admin-backups/api/backups';
import { BackupsPage } from '@client/features/admin-backups/components/backups-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/backups')({
  loader: ({ context }) => {
    context.queryClient.ensureQueryData(backupsQueryOptions).catch(() => undefined);
  },
  head: () => titleHead('Backups'),
  component: BackupsPage,
});
