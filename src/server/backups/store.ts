/**
 * The backup folder (DATA_DIR/backups or BACKUP_DIR): complete backups only. A backup is written
 * under a temporary name (`.partial-...`), flushed to disk, its checksum file written, and only
 * then renamed to its final name: a process killed mid-backup leaves a `.partial-` file that is
 * never listed (and is removed by the next backup), never a half backup under a good name.
 * Files are owner-only (0600), like the rest of the data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { istDay } from '@shared/ist';
import { sha256 } from './archive';

export type BackupKind = 'daily' | 'manual';

/** The off-machine copy's outcome: neither the command nor its output (they may hold credentials). */
export interface CopyResult {
  exitCode: number | null;
  signal: string | null;
  finishedAt: string;
}

export interface StoredBackup {
  name: string;
  file: string;
  size: number;
  checksum: string;
  createdAt: string;
  kind: BackupKind;
  copy: CopyResult | null;
}

const NAME = /^trabot-backup-(\d{8})T(\d{6})(\d{3})Z-(daily|manual)\.zip$/;
export const PARTIAL_PREFIX = '.partial-';

/** `trabot-backup-20261127T123005123Z-manual.zip` (UTC, to the millisecond). */
export function backupName(at: Date, kind: BackupKind): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `trabot-backup-${stamp}-${kind}.zip`;
}

function parseName(name: string): { createdAt: string; kind: BackupKind } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, d, t, ms, kind] = match as unknown as [string, string, string, string, BackupKind];
  const createdAt = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.${ms}Z`;
  return Number.isNaN(Date.parse(createdAt)) ? null : { createdAt, kind };
}

const checksumFile = (file: string) => `${file}.sha256`;
const copyFile = (file: string) => `${file}.copy.json`;

function fsyncDir(dir: string) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeDurably(file: string, data: Uint8Array | string) {
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function ensureBackupDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Writes a complete backup: temporary name, fsync, checksum file, rename, fsync of the folder. */
export function storeBackup(dir: string, name: string, bytes: Uint8Array): StoredBackup {
  ensureBackupDir(dir);
  const file = path.join(dir, name);
  const partial = path.join(dir, `${PARTIAL_PREFIX}${process.pid}-${name}`);
  writeDurably(partial, bytes);
  const checksum = sha256(bytes);
  const sumTemp = `${partial}.sha256`;
  writeDurably(sumTemp, `${checksum}  ${name}\n`);
  fs.renameSync(sumTemp, checksumFile(file));
  fs.renameSync(partial, file);
  fsyncDir(dir);
  const parsed = parseName(name)!;
  return { name, file, size: bytes.byteLength, checksum, ...parsed, copy: null };
}

/** The checksum recorded next to a backup file (sha256sum's format), or null when there is none. */
export function recordedChecksum(file: string): string | null {
  try {
    const line = fs.readFileSync(checksumFile(file), 'utf8');
    const hex = /^([0-9a-f]{64})\s/.exec(line)?.[1];
    return hex ?? null;
  } catch {
    return null;
  }
}

export function recordCopy(file: string, result: CopyResult): void {
  const temp = `${copyFile(file)}.${process.pid}.new`;
  fs.writeFileSync(temp, JSON.stringify(result), { mode: 0o600 });
  fs.renameSync(temp, copyFile(file));
}

function readCopy(file: string): CopyResult | null {
  try {
    // Only these fields: a copy file written before them also held the command and its output.
    const { exitCode, signal, finishedAt } = JSON.parse(fs.readFileSync(copyFile(file), 'utf8')) as CopyResult;
    return { exitCode, signal, finishedAt };
  } catch {
    return null;
  }
}

/** The complete backups in the folder, newest first (a file without its checksum file is not one). */
export function listBackups(dir: string): StoredBackup[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const backups: StoredBackup[] = [];
  for (const name of names) {
    const parsed = parseName(name);
    if (!parsed) continue;
    const file = path.join(dir, name);
    const checksum = recordedChecksum(file);
    if (!checksum) continue;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    backups.push({ name, file, size: stat.size, checksum, ...parsed, copy: readCopy(file) });
  }
  return backups.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Removes what a killed backup left (`.partial-` files of processes that are gone, or of this one). */
export function removePartials(dir: string, isAlive: (pid: number) => boolean): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(PARTIAL_PREFIX)) continue;
    const pid = Number(name.slice(PARTIAL_PREFIX.length).split('-')[0]);
    if (pid !== process.pid && Number.isInteger(pid) && isAlive(pid)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  // Checksum files whose backup never got its final name.
  for (const name of names) {
    if (name.endsWith('.zip.sha256') && !names.includes(name.slice(0, -'.sha256'.length))) {
      fs.rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export interface Retention {
  daily: number;
  monthly: number;
  /** Manual backups kept: the newest this many (BACKUP_KEEP_MANUAL). */
  manual: number;
}

/**
 * Which backups to keep. Daily backups (restic's --keep-daily/--keep-monthly): the newest of each
 * of the last `daily` days that have one, and of each of the last `monthly` months that have one
 * (days and months in India), plus always the newest daily. Manual backups by their own rule, the
 * newest `manual` of them: a manual backup never competes with the daily backup of its day.
 * `backups` newest first.
 */
export function backupsToKeep<T extends { createdAt: string; kind: BackupKind }>(
  backups: readonly T[],
  keep: Retention,
): Set<T> {
  const daily = backups.filter((b) => b.kind === 'daily');
  const kept = new Set<T>(backups.filter((b) => b.kind === 'manual').slice(0, keep.manual));
  if (daily[0]) kept.add(daily[0]);
  const bucket = (count: number, key: (day: string) => string) => {
    const seen = new Set<string>();
    for (const backup of daily) {
      if (seen.size >= count) break;
      const k = key(istDay(new Date(backup.createdAt)));
      if (seen.has(k)) continue;
      seen.add(k);
      kept.add(backup);
    }
  };
  bucket(keep.daily, (day) => day);
  bucket(keep.monthly, (day) => day.slice(0, 7));
  return kept;
}

/** Deletes the backups retention does not keep; returns their names. */
export function pruneBackups(dir: string, keep: Retention): string[] {
  const backups = listBackups(dir);
  const kept = backupsToKeep(backups, keep);
  const removed: string[] = [];
  for (const backup of backups) {
    if (kept.has(backup)) continue;
    fs.rmSync(backup.file, { force: true });
    fs.rmSync(checksumFile(backup.file), { force: true });
    fs.rmSync(copyFile(backup.file), { force: true });
    removed.push(backup.name);
  }
  return removed;
}
