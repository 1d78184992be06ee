/** GET /api/backend-key: the stable public id of the backend's database (scopes the offline cache). */
import { queryOptions } from '@tanstack/react-query';
import type { BackendKeyResponse } from '@shared/schemas/backend-key';
import { apiJson } from '@client/lib/api';

export const backendKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['backend-key'],
    queryFn: async () => {
      const { key } = await apiJson<BackendKeyResponse>('/api/backend-key');
      // Checked by hand: zod stays out of the start-up code.
      if (typeof key !== 'string' || !key) throw new Error('Malformed backend key');
      return key;
    },
    staleTime: Infinity,
  });
