/** GET /api/backend-key: the stable public id of the backend's database (scopes the offline cache). */
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

export const backendKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['backend-key'],
    queryFn: async () => {
      const { key } = await apiJson<{ key: string }>('/api/backend-key');
      if (typeof key !== 'string' || !key) throw new Error('Malformed backend key');
      return key;
    },
    staleTime: Infinity,
  });
