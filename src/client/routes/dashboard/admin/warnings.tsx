import { createFileRoute } from '@tanstack/react-router';
import { WarningsPage } from '@client/features/admin-operations/components/warnings-page';

export const Route = createFileRoute('/dashboard/admin/warnings')({
  component: WarningsPage,
});
