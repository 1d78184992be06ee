/**
 * Renders the toast store (lib/toast.ts): a top-centre stack, green for success, red for error,
 * announced politely by the always-present live region (errors as alerts), each dismissible.
 */
import { alertCircle, checkmarkCircle, close } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { Icon } from '@shared/ui/icon';
import { Spinner } from './spinner';
import { dismiss, getToasts, subscribeToasts, type ToastItem } from '@client/lib/toast';
import './toaster.css';

const noToasts: ToastItem[] = [];

function ToastIcon({ kind }: { kind: ToastItem['kind'] }) {
  if (kind === 'success') return <Icon icon={checkmarkCircle} />;
  if (kind === 'error') return <Icon icon={alertCircle} />;
  if (kind === 'loading') return <Spinner />;
  return null;
}

export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, () => noToasts);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-relevant="additions" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : undefined}>
          <ToastIcon kind={t.kind} />
          <span className="toast-message">{t.message}</span>
          <button
            type="button"
            className="toast-dismiss"
            aria-label="Dismiss notification"
            onClick={() => dismiss(t.id)}
          >
            <Icon icon={close} />
          </button>
        </div>
      ))}
    </div>
  );
}
