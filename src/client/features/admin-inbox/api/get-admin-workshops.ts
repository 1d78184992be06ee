/** GET /api/admin/workshops: every workshop (newest date first) with its registration count. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWorkshop } from '@shared/schemas/admin/inbox';
import { apiJson } from '@client/lib/api';

export const getAdminWorkshops = (): Promise<AdminWorkshop[]> => apiJson<AdminWorkshop[]>('/api/admin/workshops');

export const adminWorkshopsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'workshops'] as const, queryFn: getAdminWorkshops });

export const useAdminWorkshops = () => useQuery(adminWorkshopsQueryOptions());
