/**
 * A mutation's toasts are declared once, in its `meta` where the mutation is defined, and shown by
 * one handler on the app's MutationCache (see query-client):
 *
 *   useMutation({ mutationFn, meta: { success: MSG.x, failure: (error) => saveFailureMessage(error, MSG.y) } })
 *
 * A text is a string, or made from the outcome (the answer, or the error) and the mutation's
 * variables. A mutation without `success` or `failure` shows no toast for that outcome, so one
 * whose error is shown in its form simply leaves `failure` out, and a caller of `mutateAsync`
 * toasts nothing itself (the handler already did).
 *
 * The toast comes when the mutation settles, after its own onSuccess/onError/onSettled (such as
 * refreshing the list it changed) and together with the caller's `mutate(vars, { onSuccess })`,
 * which keeps the rest (closing a modal, resetting a form). A retried mutation toasts once, at the
 * end.
 */
import type { MutationCacheNotifyEvent } from '@tanstack/react-query';
import { toast } from './toast';

/**
 * A toast's text, fixed or made from the outcome and the variables. A method type, so that a
 * function whose parameters name the mutation's own types (`(_data, { algoId }: SwitchAlgoInput)`)
 * is accepted where `unknown` is declared: the handler passes that mutation's values.
 */
export type ToastText = string | { text(outcome: unknown, variables: unknown): string }['text'];

/** The meta of every mutation (typed through Register below). */
export type MutationToasts = {
  /** The success toast; the outcome is the mutation's answer. */
  success?: ToastText;
  /** The error toast; the outcome is the error (usually an HttpError or OfflineError). */
  failure?: ToastText;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationToasts;
  }
}

const textOf = (text: ToastText, outcome: unknown, variables: unknown) =>
  typeof text === 'string' ? text : text(outcome, variables);

/**
 * The handler, a MutationCache listener: it acts on a mutation's move to success or error (the
 * moment its caller's own callbacks run) and shows the toast its meta declares, if any.
 */
export function toastMutationOutcome(event: MutationCacheNotifyEvent): void {
  if (event.type !== 'updated') return;
  const { action, mutation } = event;
  const toasts = mutation.options.meta;
  if (!toasts) return;
  const variables: unknown = mutation.state.variables;
  if (action.type === 'success' && toasts.success !== undefined)
    toast.success(textOf(toasts.success, action.data, variables));
  if (action.type === 'error' && toasts.failure !== undefined)
    toast.error(textOf(toasts.failure, action.error, variables));
}
