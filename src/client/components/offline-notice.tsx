/**
 * Shown only while the browser is offline or our server cannot be reached, above data read from
 * the device's saved copy: "Offline, as of 21/11/2026 14:05" (the time the data was last fetched).
 */
import { cloudOfflineOutline } from 'ionicons/icons';
import { formatOfflineAsOf } from '@shared/format';
import { useOnline } from '@client/lib/online';
import { Icon } from '@shared/ui/icon';
import './offline-notice.css';

export function OfflineNotice({ updatedAt }: { updatedAt: number }) {
  if (useOnline()) return null;
  return (
    <p role="status" className="offline-notice">
      <Icon icon={cloudOfflineOutline} />
      {updatedAt > 0 ? formatOfflineAsOf(updatedAt) : 'Offline, nothing saved on this device yet'}
    </p>
  );
}
