/** GET /api/admin/backups (the backups and their schedule) and POST (take one now). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupEntry, BackupsStatus } from '@shared/schemas/admin/backups';
import { apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';

export const backupsQueryOptions = queryOptions({
  queryKey: ['admin', 'backups'] as const,
  queryFn: () => apiJson<BackupsStatus>('/api/admin/backups'),
});

export const useBackups = () => useQuery(backupsQueryOptions);

export function useTakeBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    // A body (ignored by the server) gives the request the longer answer time of an upload:
    // a backup of a large database takes more than a read's 15 s.
    mutationFn: () => apiJson<BackupEntry>('/api/admin/backups', jsonBody('POST', {})),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQueryOptions.queryKey }),
    meta: {
      success: (backup: BackupEntry) => `Backup taken: ${backup.name}`,
      failure: (error: unknown) =>
        error instanceof HttpError
          ? serverErrorText(error.body, 'Failed to take a backup')
          : refusalMessage(error, 'Failed to take a backup'),
    },
  });
}
