/**
 * "Update available": a new service worker waits until the user chooses to reload (it never skips
 * waiting by itself), so a deployment never swaps code under a page in use.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import './update-prompt.css';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined); // checked again next time
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text">A new version of Trabot is available.</p>
      <div className="update-prompt-actions">
        <button type="button" className="app-button app-button-small" onClick={() => void updateServiceWorker(true)}>
          Reload
        </button>
        <button
          type="button"
          className="app-button app-button-small app-button-clear"
          onClick={() => setNeedRefresh(false)}
        >
          Later
        </button>
      </div>
    </div>
  );
}
