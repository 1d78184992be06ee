/**
 * Runs a form's submission and shows its toast (spec section 8): the success text, "Offline" when
 * the fetch helper refused for lack of a network, else the form's failure text. Resolves whether it
 * succeeded, so the modal closes on success and keeps the answers otherwise.
 */
import { MSG } from '../../../../shared/messages';
import { OfflineError } from '../../../lib/api';
import { toast } from '../../../lib/toast';

export interface SubmitToasts {
  success: string;
  failure: string;
}

export async function submitWithToast(send: () => Promise<unknown>, messages: SubmitToasts): Promise<boolean> {
  try {
    await send();
    toast.success(messages.success);
    return true;
  } catch (error) {
    toast.error(error instanceof OfflineError ? MSG.offline : messages.failure);
    return false;
  }
}
