/** DELETE /api/admin/warnings/{warningId}: marks a warning deleted (one-way); both lists refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import { apiFetch } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { warningsKey } from './get-warnings';

export async function deleteWarning(warningId: number): Promise<void> {
  await apiFetch(`/api/admin/warnings/${warningId}`, { method: 'DELETE' });
}

export function useDeleteWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWarning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: warningsKey }),
    meta: {
      success: MSG.warningDeleteSuccess,
      failure: (error) => refusalMessage(error, MSG.warningDeleteFailure),
    },
  });
}
