/** A loading spinner that only appears after a delay, so fast loads never flash it. */
import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

export const SPINNER_DELAY_MS = 300;

export function DelayedSpinner({
  label = 'Loading',
  delayMs = SPINNER_DELAY_MS,
}: {
  label?: string;
  delayMs?: number;
}) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className="delayed-spinner" role="progressbar" aria-label={label}>
      <Spinner />
    </div>
  );
}
