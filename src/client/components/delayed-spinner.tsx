/** A loading spinner that only appears after a delay, so fast loads never flash it. */
import { IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';

export const SPINNER_DELAY_MS = 300;

export function DelayedSpinner({ label = 'Loading', delayMs = SPINNER_DELAY_MS }: { label?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="delayed-spinner" role="progressbar" aria-label={label}>
      <IonSpinner name="crescent" aria-hidden="true" />
    </div>
  );
}
