import { useId } from 'react';

/** Ids of a natively drawn control and of the hint and error text under it, which describe it. */
export function useFieldNoteIds() {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = (hint: string | undefined, error: string | undefined) =>
    [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}
