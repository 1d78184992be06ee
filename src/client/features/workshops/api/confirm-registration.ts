/**
 * POST /api/workshop-confirmation {token}: the confirmation page's button. The answer's status says
 * the outcome (confirmed, used, expired, unknown); anything else (offline, 429, an outage) is an
 * error the page shows with the button kept.
 */
import { useMutation } from '@tanstack/react-query';
import {
  confirmOutcomeOf,
  WORKSHOP_CONFIRM_API,
  type ConfirmOutcome,
  type WorkshopConfirmationBody,
} from '@shared/workshop-confirmation';
import { apiJson, HttpError, jsonBody } from '@client/lib/api';

export async function confirmRegistration(body: WorkshopConfirmationBody): Promise<ConfirmOutcome> {
  try {
    await apiJson<unknown>(WORKSHOP_CONFIRM_API, jsonBody('POST', body));
    return 'confirmed';
  } catch (error) {
    const outcome = error instanceof HttpError ? confirmOutcomeOf(error.status) : null;
    if (outcome) return outcome;
    throw error;
  }
}

export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration });
