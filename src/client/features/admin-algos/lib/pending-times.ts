/** Ages and expiry countdowns of pending signals, as a phone card reads them ("4 min ago", "expires in 2:05"). */

const MINUTE = 60_000;

export function formatAge(createdAt: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(createdAt));
  if (ms < MINUTE) return 'just now';
  if (ms < 60 * MINUTE) return `${Math.floor(ms / MINUTE)} min ago`;
  const hours = Math.floor(ms / (60 * MINUTE));
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/** "no expiry", "expires in 4:59" (m:ss under an hour), "expires in 3 h", or "expired". */
export function formatExpiry(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'no expiry';
  const ms = Date.parse(expiresAt) - now;
  if (ms <= 0) return 'expired';
  if (ms < 60 * MINUTE) {
    const seconds = Math.floor(ms / 1000);
    return `expires in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  }
  return `expires in ${Math.floor(ms / (60 * MINUTE))} h`;
}
