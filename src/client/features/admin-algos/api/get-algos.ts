/** GET /api/algos: every algo with its switch and its testing slots. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlgoListItem } from '@shared/schemas/admin/algos';
import { apiJson } from '@client/lib/api';
import { algoKeys, LIST_STALE_TIME_MS } from './algo-keys';

export const getAlgos = (): Promise<AlgoListItem[]> => apiJson<AlgoListItem[]>('/api/algos');

export const algosQueryOptions = () =>
  queryOptions({ queryKey: algoKeys.list(), queryFn: getAlgos, staleTime: LIST_STALE_TIME_MS });

export const useAlgos = () => useQuery(algosQueryOptions());
