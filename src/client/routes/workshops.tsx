import { createFileRoute } from '@tanstack/react-router';
import { WorkshopsPage } from '../features/home/components/workshops-page';

export const Route = createFileRoute('/workshops')({
  component: WorkshopsPage,
});
