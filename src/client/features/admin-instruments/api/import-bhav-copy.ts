/**
 * POST /api/admin/nse/bhav-copy (multipart `file`): imports an NSE bhavcopy into the instrument list,
 * then refreshes the list the Add Signal picker and the Instruments page read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bhavCopyImportSchema, type BhavCopyImport } from '@shared/schemas/admin/algos';
import { apiJson } from '@client/lib/api';
import { algoKeys } from '@client/features/admin-algos';
import { importFailureMessage, importSuccessMessage } from '../lib/import-messages';

export async function importBhavCopy(file: File): Promise<BhavCopyImport> {
  const body = new FormData();
  body.append('file', file);
  return bhavCopyImportSchema.parse(await apiJson<unknown>('/api/admin/nse/bhav-copy', { method: 'POST', body }));
}

export function useImportBhavCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBhavCopy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.instruments() }),
    meta: { success: (result: BhavCopyImport) => importSuccessMessage(result), failure: importFailureMessage },
  });
}
