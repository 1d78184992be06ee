/** GET /api/logs?search=&lines=[&static=1]: the last N lines of the server's log that contain the search text. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { logsResponseSchema } from '@shared/schemas/admin/operations';
import { apiJson } from '@client/lib/api';

export interface LogsQuery {
  search: string;
  lines: number;
  /** Also the request lines of static files (left out by default). */
  showStatic?: boolean;
}
export type LogsResponse = z.infer<typeof logsResponseSchema>;

export const getLogs = ({ search, lines, showStatic }: LogsQuery): Promise<LogsResponse> =>
  apiJson<LogsResponse>(
    `/api/logs?${new URLSearchParams({ search, lines: String(lines), ...(showStatic && { static: '1' }) })}`,
  );

export const logsQueryOptions = (query: LogsQuery) =>
  queryOptions({ queryKey: ['admin', 'logs', query] as const, queryFn: () => getLogs(query) });
