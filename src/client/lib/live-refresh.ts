/**
 * Query options for lists that change on the server while they are open (trades, signals moved by
 * the execution engine): refetched every few seconds while the tab is visible and the device is
 * online. Offline, nothing is attempted and the cached copy stays on screen.
 */
import { onlineManager } from '@tanstack/react-query';

export const LIVE_REFRESH_MS = 5_000;

export const liveRefresh = {
  refetchInterval: (): number | false => (onlineManager.isOnline() ? LIVE_REFRESH_MS : false),
  refetchIntervalInBackground: false,
} as const;
