import { createFileRoute } from '@tanstack/react-router';
import { InstrumentsPage } from '@client/features/admin-instruments/components/instruments-page';

export const Route = createFileRoute('/dashboard/admin/instruments')({
  component: InstrumentsPage,
});
