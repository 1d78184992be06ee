/**
 * Saves a form's answers to its draft as the visitor types (debounced; a pending save is written
 * when the form closes). `discard()` cancels the pending save and removes the draft.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AnyAnswers } from '../lib/form-answers';
import type { FormDraft } from '../lib/form-draft';

export const DRAFT_SAVE_DELAY_MS = 400;

export function useFormDraft(
  draft: FormDraft | undefined,
  form: Pick<UseFormReturn<AnyAnswers>, 'watch' | 'getValues'>,
): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { watch, getValues } = form;

  useEffect(() => {
    if (!draft) return;
    const save = () => {
      timer.current = undefined;
      draft.write(getValues());
    };
    const subscription = watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(save, DRAFT_SAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        save();
      }
    };
  }, [draft, watch, getValues]);

  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    draft?.clear();
  }, [draft]);
}
