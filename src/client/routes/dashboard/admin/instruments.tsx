import { createFileRoute } from '@tanstack/react-router';
import { InstrumentsPage } from '@client/features/admin-instruments/components/instruments-page';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/dashboard/admin/instruments')({
  head: () => titleHead('Instruments'),
  component: InstrumentsPage,
});
