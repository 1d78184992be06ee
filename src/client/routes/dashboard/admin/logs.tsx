import { createFileRoute } from '@tanstack/react-router';
import { LogsPage } from '@client/features/admin-operations/components/logs-page';

export const Route = createFileRoute('/dashboard/admin/logs')({
  component: LogsPage,
});
