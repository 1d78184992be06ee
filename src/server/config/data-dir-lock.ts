/**
 * One process per embedded database folder: PGlite corrupts its files when two processes open the
 * same folder. The lock file names its holder and is created atomically with its full content (a
 * temporary file hard-linked into place: like the `wx` flag it fails if the lock exists, and no
 * reader ever sees it half written). A lock whose process is gone, or whose pid now belongs to
 * another process (a reused pid after a crash or reboot), is stale and taken over.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'trabot.lock';

export interface LockInfo {
  pid: number;
  startedAt: string;
  command: string;
  /**
   * Which process that pid was: the boot and the process's start time in the kernel's clock ticks
   * (Linux /proc). After a crash or a reboot the pid may belong to another program; a live pid
   * whose start differs is not the holder. Absent where /proc is not readable.
   */
  processStart?: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, ${holder.command}). ` +
        'Stop the server first (Ctrl+C), then run this command again.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files held by this process: a second open from the same process is refused too. */
const heldHere = new Set<string>();

/** The script and its sub-command words, never its options (they may carry a password). */
export function describeCommand(argv: readonly string[] = process.argv): string {
  const [, script, ...args] = argv;
  const words = [script ? path.relative(process.cwd(), script) || script : 'node'];
  for (const arg of args) {
    if (arg.startsWith('-')) break;
    words.push(arg);
  }
  return words.join(' ');
}

/** `<boot id>:<start time>` of a live process, or undefined where /proc cannot tell (not Linux, no such pid). */
export function processStartOf(pid: number): string | undefined {
  try {
    const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name's closing parenthesis (the name may hold spaces).
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTime ? `${bootId}:${startTime}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id runs on this machine. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface LockFile {
  holder: LockInfo;
  /** The exact bytes read: a takeover only removes the very lock it judged stale. */
  raw: string;
}

function readLock(file: string): LockFile | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockInfo>;
    if (Number.isInteger(parsed.pid) && (parsed.pid as number) > 0) {
      const holder: LockInfo = {
        pid: parsed.pid as number,
        startedAt: String(parsed.startedAt ?? ''),
        command: String(parsed.command ?? 'unknown'),
      };
      if (typeof parsed.processStart === 'string') holder.processStart = parsed.processStart;
      return { raw, holder };
    }
  } catch {
    // A torn or foreign file: treated as stale below.
  }
  return { raw, holder: { pid: 0, startedAt: '', command: 'unreadable lock file' } };
}

function isHeld(file: string, holder: LockInfo): boolean {
  if (heldHere.has(file)) return true;
  // Our own pid in a lock we do not hold: left by an earlier run that got the same pid (containers).
  if (holder.pid === process.pid || holder.pid === 0) return false;
  if (!isAlive(holder.pid)) return false;
  // Alive, but is it still the process that wrote the lock? (After a reboot the pid may be anyone's.)
  if (holder.processStart === undefined) return true;
  const now = processStartOf(holder.pid);
  return now === undefined || now === holder.processStart;
}

/**
 * Moves a stale lock out of the way. Rename is atomic, so of two processes taking over the same
 * stale lock only one moves it; if what we moved is not the stale lock we judged (another process
 * took over in between), it is put back.
 */
function removeStale(file: string, stale: string): void {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (fs.readFileSync(aside, 'utf8') !== stale) {
    try {
      fs.linkSync(aside, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  fs.rmSync(aside, { force: true });
}

function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  fs.writeFileSync(temp, content, { flag: 'wx', mode: 0o600 });
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

export function acquireDataDirLock(dataDir: string, command = describeCommand()): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const mine: LockInfo = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command,
    processStart: processStartOf(process.pid),
  };
  const content = JSON.stringify(mine);

  for (let attempt = 1; ; attempt++) {
    if (createExclusive(file, content)) break;
    const existing = readLock(file);
    if (existing && isHeld(file, existing.holder)) throw new DataDirLockedError(dataDir, existing.holder);
    if (attempt >= 5) throw new Error(`Could not take the lock ${file}; remove it if no Trabot process runs.`);
    // No lock any more (released between our write and our read), or a stale one: try again.
    if (existing) removeStale(file, existing.raw);
  }

  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    process.off('exit', release);
    try {
      if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on('exit', release);
  return { file, release };
}
