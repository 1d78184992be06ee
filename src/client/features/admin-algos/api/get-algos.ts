/** GET /api/algos: every algo with its switch. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Algo } from '@shared/schemas/admin/algos';
import { apiJson } from '@client/lib/api';
import { algoKeys, LIST_STALE_TIME_MS } from './algo-keys';

export const getAlgos = (): Promise<Algo[]> => apiJson<Algo[]>('/api/algos');

export const algosQueryOptions = () =>
  queryOptions({ queryKey: algoKeys.list(), queryFn: getAlgos, staleTime: LIST_STALE_TIME_MS });

export const useAlgos = () => useQuery(algosQueryOptions());
