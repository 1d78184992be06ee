/**
 * GET /api/admin/nse/bhav-copy: the instrument list of the Add Signal picker (a few thousand rows).
 * It changes once a trading day, so it stays fresh for an hour; the server's ETag makes a refetch cheap.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Instrument } from '@shared/schemas/admin/algos';
import { apiJson } from '@client/lib/api';
import { algoKeys } from './algo-keys';

const HOUR_MS = 60 * 60 * 1000;

export const getInstruments = (): Promise<Instrument[]> => apiJson<Instrument[]>('/api/admin/nse/bhav-copy');

export const instrumentsQueryOptions = () =>
  queryOptions({ queryKey: algoKeys.instruments(), queryFn: getInstruments, staleTime: HOUR_MS, gcTime: HOUR_MS });

export const useInstruments = () => useQuery(instrumentsQueryOptions());
