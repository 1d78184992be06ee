/** PUT /api/admin/workshops creates a workshop; POST /api/admin/workshops/{id} updates one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { workshopBodySchema } from '@shared/schemas/admin/inbox';
import type { Workshop } from '@shared/schemas/public-forms';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { adminWorkshopsQueryOptions } from './get-admin-workshops';

export interface SaveWorkshopInput {
  /** null creates a workshop. */
  id: number | null;
  body: z.output<typeof workshopBodySchema>;
}

export const saveWorkshop = ({ id, body }: SaveWorkshopInput): Promise<Workshop> =>
  id === null
    ? apiJson<Workshop>('/api/admin/workshops', jsonBody('PUT', body))
    : apiJson<Workshop>(`/api/admin/workshops/${id}`, jsonBody('POST', body));

/** Not in the spec's catalogue (workshop management goes beyond it). */
const WORKSHOP_SAVE_SUCCESS = 'Workshop saved successfully';
const WORKSHOP_SAVE_FAILURE = 'Failed to save workshop';

export function useSaveWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkshop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminWorkshopsQueryOptions().queryKey }),
    meta: { success: WORKSHOP_SAVE_SUCCESS, failure: (error) => refusalMessage(error, WORKSHOP_SAVE_FAILURE) },
  });
}
