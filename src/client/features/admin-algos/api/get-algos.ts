/** GET /api/algos: every algo with its switch. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Algo } from '../../../../shared/schemas/admin/algos';
import { apiJson } from '../../../lib/api';
import { algoKeys } from './algo-keys';

export const getAlgos = (): Promise<Algo[]> => apiJson<Algo[]>('/api/algos');

export const algosQueryOptions = () => queryOptions({ queryKey: algoKeys.list(), queryFn: getAlgos });

export const useAlgos = () => useQuery(algosQueryOptions());
