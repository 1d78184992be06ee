/** DELETE /api/admin/warnings/{warningId}: marks a warning deleted (one-way); both lists refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { warningsKey } from './get-warnings';

export async function deleteWarning(warningId: number): Promise<void> {
  await apiFetch(`/api/admin/warnings/${warningId}`, { method: 'DELETE' });
}

export function useDeleteWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWarning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warningsKey }),
  });
}
