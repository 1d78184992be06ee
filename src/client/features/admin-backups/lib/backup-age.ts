/** How old the last good backup is, in words, and whether that is too old (two days). */
import { BACKUP_STALE_AFTER_MS } from '@shared/schemas/admin/backups';

export function backupAge(createdAt: string, now: number): { text: string; stale: boolean } {
  const ms = Math.max(0, now - Date.parse(createdAt));
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const text =
    days >= 1
      ? `${days} day${days === 1 ? '' : 's'} ${hours % 24} h ago`
      : hours >= 1
        ? `${hours} h ${minutes % 60} min ago`
        : minutes >= 1
          ? `${minutes} min ago`
          : 'just now';
  return { text, stale: ms > BACKUP_STALE_AFTER_MS };
}

/** Bytes as MB with one decimal (KB below one MB). */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
