import { createFileRoute } from '@tanstack/react-router';
import { InstrumentsPage } from '../../../features/admin-instruments/components/instruments-page';

export const Route = createFileRoute('/dashboard/admin/instruments')({
  component: InstrumentsPage,
});
