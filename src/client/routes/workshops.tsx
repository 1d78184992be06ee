import { createFileRoute } from '@tanstack/react-router';
import { workshopsQueryOptions } from '../features/workshops/api/get-workshops';
import { keepPublicQueriesOffline } from '../features/workshops/api/public-offline-copy';
import { WorkshopsLoading } from '../features/workshops/components/workshops-frame';
import { WorkshopsPage } from '../features/workshops/components/workshops-page';
import { WorkshopsUnavailable } from '../features/workshops/components/workshops-unavailable';

export const Route = createFileRoute('/workshops')({
  loader: async ({ context: { queryClient } }) => {
    // The saved copy first, so that an offline visit finds the list.
    await keepPublicQueriesOffline(queryClient);
    await queryClient.ensureQueryData(workshopsQueryOptions());
  },
  component: WorkshopsPage,
  pendingComponent: WorkshopsLoading,
  errorComponent: WorkshopsUnavailable,
});
