/**
 * Renders the toast store (lib/toast.ts): a top-centre stack, green for success, red for error,
 * announced politely by the always-present live region (errors as alerts), each dismissible.
 */
import { IonIcon, IonSpinner } from '@ionic/react';
import { alertCircle, checkmarkCircle, close } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { dismiss, getToasts, subscribeToasts, type ToastItem } from '../lib/toast';
import './toaster.css';

const noToasts: ToastItem[] = [];

function ToastIcon({ kind }: { kind: ToastItem['kind'] }) {
  if (kind === 'success') return <IonIcon icon={checkmarkCircle} aria-hidden="true" />;
  if (kind === 'error') return <IonIcon icon={alertCircle} aria-hidden="true" />;
  if (kind === 'loading') return <IonSpinner name="crescent" aria-hidden="true" />;
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
          <button type="button" className="toast-dismiss" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            <IonIcon icon={close} aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
