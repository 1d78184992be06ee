import { formatTimestamp } from '@shared/format';

/** Until when the daily login's session holds (as the page shows it), or null when there is none now. */
export function sessionValidUntil(expiresAt: string | null, now: Date): string | null {
  return expiresAt && Date.parse(expiresAt) > now.getTime() ? formatTimestamp(expiresAt) : null;
}
