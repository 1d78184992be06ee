/**
 * Toast store (spec section 9: success 2 s, error and blank 4 s, loading until dismissed,
 * at most 20 at once). The <Toaster/> component renders it; anything may call `toast.*`.
 */
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';

export type ToastKind = 'success' | 'error' | 'blank' | 'loading';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  items = [...items, { id, kind, message }];
  // Oldest go first when over the limit.
  while (items.length > TOAST_LIMIT) {
    const oldest = items[0];
    if (oldest) dismiss(oldest.id);
  }
  const duration = TOAST_DURATION_MS[kind];
  if (duration > 0)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  blank: (message: string) => show('blank', message),
  loading: (message: string) => show('loading', message),
  dismiss,
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return items;
}
