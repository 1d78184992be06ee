/** GET /api/admin/warnings?showDeleted=: the last 50 warnings, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Warning } from '@shared/schemas/admin/operations';
import { apiJson } from '@client/lib/api';

export const getWarnings = (showDeleted: boolean): Promise<Warning[]> =>
  apiJson<Warning[]>(`/api/admin/warnings?showDeleted=${showDeleted}`);

/** Both lists (with and without deleted warnings) sit under this key. */
export const warningsKey = ['admin', 'warnings'] as const;

export const warningsQueryOptions = (showDeleted: boolean) =>
  queryOptions({ queryKey: [...warningsKey, { showDeleted }] as const, queryFn: () => getWarnings(showDeleted) });

export const useWarnings = (showDeleted: boolean) => useQuery(warningsQueryOptions(showDeleted));
