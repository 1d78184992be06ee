/** GET /api/admin/workshops/{id}/registrations: who registered for a workshop, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopRegistration } from '@shared/schemas/admin/inbox';
import { apiJson } from '@client/lib/api';

export const getWorkshopRegistrations = (workshopId: number): Promise<WorkshopRegistration[]> =>
  apiJson<WorkshopRegistration[]>(`/api/admin/workshops/${workshopId}/registrations`);

export const workshopRegistrationsQueryOptions = (workshopId: number) =>
  queryOptions({
    queryKey: ['admin', 'workshops', workshopId, 'registrations'] as const,
    queryFn: () => getWorkshopRegistrations(workshopId),
  });

export const useWorkshopRegistrations = (workshopId: number) => useQuery(workshopRegistrationsQueryOptions(workshopId));
