/**
 * Above data read from the device's saved copy, why it is not live and of when it is:
 * - while the browser is offline or our server cannot be reached: "Offline, as of 21/11/2026 14:05";
 * - while the server answers but failed the last refresh (a 500): "Showing your trades as of 14:05;
 *   the server did not answer", with a Retry (the page also keeps trying on its own schedule). It
 *   shows from the first failed request, not once the retry has failed too (see refreshFailed).
 * Nothing while the data is live.
 */
import { cloudOfflineOutline } from 'ionicons/icons';
import { formatOfflineAsOf, formatServerFailedAsOf } from '@shared/format';
import { useOnline } from '@client/lib/online';
import { Icon } from '@shared/ui/icon';
import './offline-notice.css';

/** The parts of a query's state that say whether its shown data failed to refresh. */
interface RefreshState {
  data: unknown;
  isError: boolean;
  failureCount: number;
}

/**
 * Data is shown and the server failed to refresh it: the query has failed (after its retry), or its
 * first request has failed and the retry is waiting. The latter is the moment the member should
 * know: the retry waits a second and more, during which the saved copy would pass for live.
 */
export const refreshFailed = ({ data, isError, failureCount }: RefreshState): boolean =>
  data !== undefined && (isError || failureCount > 0);

export interface OfflineNoticeProps {
  /** When the shown data was fetched (a query's dataUpdatedAt, ms); 0 when nothing is shown. */
  updatedAt: number;
  /** The last refresh failed while data is shown (refreshFailed of the query). */
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
