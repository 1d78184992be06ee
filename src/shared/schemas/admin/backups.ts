/** GET/POST /api/admin/backups: the embedded database's backups, their schedule and off-machine copies. */

/** An off-machine copy's outcome: never the command or its output (they may hold a remote's credentials). */
export interface BackupCopy {
  exitCode: number | null;
  signal: string | null;
  finishedAt: string;
}

export interface BackupEntry {
  name: string;
  /** Bytes. */
  size: number;
  /** SHA-256 of the file, hex (also in `<name>.sha256` next to it). */
  checksum: string;
  createdAt: string;
  kind: 'daily' | 'manual';
  /** The off-machine copy's outcome (BACKUP_COPY_COMMAND), null when none ran (yet). */
  copy: BackupCopy | null;
}

export interface BackupsStatus {
  database: 'pglite' | 'postgres';
  /** Where backups are written; null on PostgreSQL. */
  dir: string | null;
  /**
   * The daily backup's time in India (HH:MM), null when off or on PostgreSQL; what retention keeps:
   * daily backups by days and months, manual ones the newest `manual`.
   */
  schedule: { at: string | null; keep: { daily: number; monthly: number; manual: number } };
  /** Whether BACKUP_COPY_COMMAND is set. */
  copyCommand: boolean;
  /** The newest off-machine copy's outcome, and of which backup; null when none ran. */
  lastCopy: (BackupCopy & { backup: string }) | null;
  running: boolean;
  lastFailure: { at: string; kind: 'daily' | 'manual'; error: string } | null;
  /** Newest first. */
  backups: BackupEntry[];
}

/** The last good backup is stale past this age (the Admin screen warns). */
export const BACKUP_STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
