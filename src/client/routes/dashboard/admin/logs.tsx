import { createFileRoute } from '@tanstack/react-router';
import { LogsPage } from '@client/features/admin-operations/components/logs-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/logs')({
  head: () => titleHead('Logs'),
  component: LogsPage,
});
