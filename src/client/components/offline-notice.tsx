/**
 * Above data read from the device's saved copy, why it is not live and of when it is:
 * - while the browser is offline or our server cannot be reached: "Offline, as of 21/11/2026 14:05";
 * - while the server answers but failed the last refresh (a 500): "Showing your trades as of 14:05;
 *   the server did not answer", with a Retry (the page also keeps trying on its own schedule).
 * Nothing while the data is live.
 */
import { cloudOfflineOutline } from 'ionicons/icons';
import { formatOfflineAsOf, formatServerFailedAsOf } from '@shared/format';
import { useOnline } from '@client/lib/online';
import { Icon } from '@shared/ui/icon';
import './offline-notice.css';

export interface OfflineNoticeProps {
  /** When the shown data was fetched (a query's dataUpdatedAt, ms); 0 when nothing is shown. */
  updatedAt: number;
  /** The last refresh failed while data is shown (a query's isError with data). */
  failed?: boolean;
  /** What the data is, as in "Showing your {subject} as of ...". */
  subject?: string;
  /** Asks the server again. */
  onRetry?: () => void;
}

export function OfflineNotice({ updatedAt, failed = false, subject = 'data', onRetry }: OfflineNoticeProps) {
  const online = useOnline();
  if (online && !(failed && updatedAt > 0)) return null;
  if (!online) {
    return (
      <p role="status" className="offline-notice">
        <Icon icon={cloudOfflineOutline} />
        {updatedAt > 0 ? formatOfflineAsOf(updatedAt) : 'Offline, nothing saved on this device yet'}
      </p>
    );
  }
  return (
    <div role="status" className="offline-notice offline-notice--failed">
      <Icon icon={cloudOfflineOutline} />
      <span>{formatServerFailedAsOf(subject, updatedAt)}</span>
      {onRetry && (
        <button type="button" className="offline-notice-retry" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
