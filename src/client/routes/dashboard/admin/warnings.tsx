import { createFileRoute } from '@tanstack/react-router';
import { WarningsPage } from '@client/features/admin-operations/components/warnings-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/warnings')({
  head: () => titleHead('Warnings'),
  component: WarningsPage,
});
