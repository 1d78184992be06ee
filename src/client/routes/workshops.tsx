import { createFileRoute } from '@tanstack/react-router';
import { workshopsQueryOptions } from '@client/features/workshops/api/get-workshops';
import { keepPublicQueriesOffline } from '@client/features/workshops/api/public-offline-copy';
import { WorkshopsLoading } from '@client/features/workshops/components/workshops-frame';
import { WorkshopsPage } from '@client/features/workshops/components/workshops-page';
import { WorkshopsUnavailable } from '@client/features/workshops/components/workshops-unavailable';
import { WORKSHOPS_HEAD } from '@client/features/workshops/lib/workshops-head';

export const Route = createFileRoute('/workshops')({
  head: () => WORKSHOPS_HEAD,
  loader: async ({ context: { queryClient } }) => {
    // The saved copy first, so that an offline visit finds the list.
    await keepPublicQueriesOffline(queryClient);
    await queryClient.ensureQueryData(workshopsQueryOptions());
  },
  component: WorkshopsPage,
  pendingComponent: WorkshopsLoading,
  errorComponent: WorkshopsUnavailable,
});
