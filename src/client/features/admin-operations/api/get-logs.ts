/** GET /api/logs?search=&lines=: the last N lines of the server's log that contain the search text. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { logsResponseSchema } from '../../../../shared/schemas/admin/operations';
import { apiJson } from '../../../lib/api';

export interface LogsQuery {
  search: string;
  lines: number;
}
export type LogsResponse = z.infer<typeof logsResponseSchema>;

export const getLogs = ({ search, lines }: LogsQuery): Promise<LogsResponse> =>
  apiJson<LogsResponse>(`/api/logs?${new URLSearchParams({ search, lines: String(lines) })}`);

export const logsQueryOptions = (query: LogsQuery) => queryOptions({ queryKey: ['admin', 'logs', query] as const, queryFn: () => getLogs(query) });

export const useLogs = (query: LogsQuery) => useQuery(logsQueryOptions(query));
