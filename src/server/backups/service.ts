/**
 * Backups of the embedded database inside the server: on demand (POST /api/admin/backups) and
 * daily at BACKUP_AT (India's time) through the injectable clock, one at a time, each encrypted
 * and signed with the secret key (archive.ts), followed by retention (BACKUP_KEEP for daily
 * backups, BACKUP_KEEP_MANUAL for manual ones) and the optional off-machine copy
 * (BACKUP_COPY_COMMAND). Of the copy only the exit status is kept and logged: the command and its
 * output may hold a remote's credentials, so neither is answered nor logged, and the output is not
 * even read. On PostgreSQL the server takes none: PostgreSQL's own tools do.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { istDay, istTime } from '@shared/ist';
import type { Database } from '../db/client';
import { isAlive } from '../config/data-dir-lock';
import type { Env } from '../config/env';
import type { Logger } from '../lib/logger';
import { packBackup } from './archive';
import {
  backupName,
  listBackups,
  pruneBackups,
  recordCopy,
  removePartials,
  storeBackup,
  type BackupKind,
  type CopyResult,
  type Retention,
  type StoredBackup,
} from './store';

export const POSTGRES_BACKUPS_MESSAGE =
  "This server runs on PostgreSQL (DATABASE_URL): its backups are PostgreSQL's own (pg_dump, or continuous archiving), not Trabot's. See docs/operations.md, Backups.";

/** How often the schedule looks at the clock. */
export const SCHEDULE_CHECK_MS = 60_000;
/** After a failed daily backup, the schedule tries again this much later. */
export const SCHEDULE_RETRY_MS = 30 * 60_000;
/** The copy command is stopped after this long. */
const COPY_TIMEOUT_MS = 30 * 60_000;

export interface BackupFailure {
  at: string;
  kind: BackupKind;
  error: string;
}

export interface BackupStatus {
  database: 'pglite' | 'postgres';
  dir: string | null;
  schedule: { at: string | null; keep: Retention };
  copyCommand: boolean;
  /** The newest off-machine copy's outcome, and of which backup. */
  lastCopy: (CopyResult & { backup: string }) | null;
  running: boolean;
  lastFailure: BackupFailure | null;
  backups: (Omit<StoredBackup, 'file'> & { copy: CopyResult | null })[];
}

export class BackupBusyError extends Error {}
/** An on-demand backup right after another: each holds writes for a moment, so one a minute at most. */
export class BackupTooSoonError extends Error {}
export const MANUAL_BACKUP_INTERVAL_MS = 60_000;
export class BackupUnsupportedError extends Error {}

function runCopy(command: string, file: string, log: Logger): Promise<CopyResult> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      env: { ...process.env, BACKUP_FILE: file, BACKUP_CHECKSUM_FILE: `${file}.sha256` },
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), COPY_TIMEOUT_MS);
    child.on('error', (err) =>
      log.error({ code: (err as NodeJS.ErrnoException).code }, 'backup: the copy command could not start'),
    );
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      resolve({ exitCode, signal, finishedAt: new Date().toISOString() });
    });
  });
}

export interface BackupServiceOptions {
  env: Pick<
    Env,
    'DATA_DIR' | 'BACKUP_DIR' | 'BACKUP_AT' | 'BACKUP_KEEP' | 'BACKUP_KEEP_MANUAL' | 'BACKUP_COPY_COMMAND'
  >;
  database: Pick<Database, 'kind' | 'snapshot'>;
  log: Logger;
  /** The secret key in use: each backup is encrypted and signed with keys derived from it. */
  key: Buffer;
  now?: () => Date;
}

export class BackupService {
  readonly dir: string;
  private readonly now: () => Date;
  private running: Promise<StoredBackup> | null = null;
  private lastFailure: BackupFailure | null = null;
  private copies = new Set<Promise<void>>();
  private retryAfter = 0;
  private lastManualAt = -Infinity;

  constructor(private readonly options: BackupServiceOptions) {
    this.dir = options.env.BACKUP_DIR ?? path.join(options.env.DATA_DIR, 'backups');
    this.now = options.now ?? (() => new Date());
  }

  get supported(): boolean {
    return this.options.database.kind === 'pglite' && !!this.options.database.snapshot;
  }

  private get retention(): Retention {
    const { env } = this.options;
    return { ...env.BACKUP_KEEP, manual: env.BACKUP_KEEP_MANUAL };
  }

  status(): BackupStatus {
    const { env } = this.options;
    const backups = this.supported ? listBackups(this.dir).map(({ file: _file, ...rest }) => rest) : [];
    const copied = backups.filter((b) => b.copy).sort((a, b) => b.copy!.finishedAt.localeCompare(a.copy!.finishedAt));
    return {
      database: this.options.database.kind,
      dir: this.supported ? this.dir : null,
      schedule: { at: this.supported && env.BACKUP_AT !== 'off' ? env.BACKUP_AT : null, keep: this.retention },
      copyCommand: !!env.BACKUP_COPY_COMMAND,
      lastCopy: copied[0] ? { backup: copied[0].name, ...copied[0].copy! } : null,
      running: this.running !== null,
      lastFailure: this.lastFailure,
      backups,
    };
  }

  /** Takes a backup now; refused while one runs (BackupBusyError) and on PostgreSQL. */
  backup(kind: BackupKind): Promise<StoredBackup> {
    if (!this.supported) throw new BackupUnsupportedError(POSTGRES_BACKUPS_MESSAGE);
    if (this.running) throw new BackupBusyError('A backup is already being taken: try again when it is done.');
    if (kind === 'manual') {
      const now = +this.now();
      if (now - this.lastManualAt < MANUAL_BACKUP_INTERVAL_MS)
        throw new BackupTooSoonError('A backup was taken less than a minute ago: try again in a minute.');
      this.lastManualAt = now;
    }
    const run = this.take(kind).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  private async take(kind: BackupKind): Promise<StoredBackup> {
    const { log, env } = this.options;
    const startedAt = this.now();
    const started = performance.now();
    try {
      removePartials(this.dir, isAlive);
      const snapshot = await this.options.database.snapshot!();
      const bytes = await packBackup({ createdAt: startedAt, kind, ...snapshot }, this.options.key);
      const stored = storeBackup(this.dir, backupName(startedAt, kind), bytes);
      const pruned = pruneBackups(this.dir, this.retention);
      this.lastFailure = null;
      log.info(
        {
          backup: stored.name,
          kind,
          bytes: stored.size,
          databaseBytes: snapshot.tar.byteLength,
          heldMs: snapshot.heldMs,
          ms: Math.round(performance.now() - started),
          pruned,
        },
        'backup taken',
      );
      if (env.BACKUP_COPY_COMMAND) this.copy(env.BACKUP_COPY_COMMAND, stored);
      return stored;
    } catch (err) {
      this.lastFailure = { at: startedAt.toISOString(), kind, error: (err as Error).message };
      log.error({ err, kind }, 'backup failed');
      throw err;
    }
  }

  private copy(command: string, stored: StoredBackup) {
    const { log } = this.options;
    const done = runCopy(command, stored.file, log).then((result) => {
      try {
        recordCopy(stored.file, result);
      } catch (err) {
        log.error({ err }, 'backup: could not record the copy command result');
      }
      if (result.exitCode === 0) log.info({ backup: stored.name }, 'backup copied off the machine');
      else
        log.error(
          { backup: stored.name, exitCode: result.exitCode, signal: result.signal },
          'backup: the copy command failed',
        );
    });
    this.copies.add(done);
    void done.finally(() => this.copies.delete(done));
  }

  /** Waits for the backup in progress and, unless told not to (shutdown), the copies. */
  async settled({ copies = true } = {}): Promise<void> {
    await this.running?.catch(() => undefined);
    if (copies) await Promise.all(this.copies);
  }

  /** The daily backup is due: past BACKUP_AT today (India) and no daily backup of today yet. */
  dailyDue(at: Date): boolean {
    const time = this.options.env.BACKUP_AT;
    if (!this.supported || time === 'off') return false;
    const day = istDay(at);
    if (at < istTime(day, time)) return false;
    return !listBackups(this.dir).some((b) => b.kind === 'daily' && istDay(new Date(b.createdAt)) === day);
  }

  /** One look at the clock: takes the daily backup when it is due (a failure is retried at the next look). */
  async checkSchedule(): Promise<StoredBackup | null> {
    const now = this.now();
    if (this.running || +now < this.retryAfter || !this.dailyDue(now)) return null;
    try {
      return await this.backup('daily');
    } catch {
      this.retryAfter = +now + SCHEDULE_RETRY_MS;
      return null;
    }
  }

  /** Looks at the clock every `intervalMs`; returns the stop function. */
  startSchedule(intervalMs = SCHEDULE_CHECK_MS): () => void {
    if (!this.supported) return () => {};
    const timer = setInterval(() => void this.checkSchedule(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
