/**
 * The data folder is private to the user running Trabot, like PostgreSQL's own data directory: it
 * holds the database (password hashes, encrypted broker keys), the secret key and the logs. At
 * start-up the process creates everything with owner-only modes (umask 077), the folder becomes
 * 0700 and anything already inside loses its group and other permissions. A folder that cannot be
 * made private stops the start with a message saying what to do.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirNotPrivateError extends Error {}

const GROUP_OTHER = 0o077;

/** Clears group/other bits below `dir` (an older version left files 0644 and folders 0755). */
function tightenContents(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(dir, entry.name);
    const { mode } = fs.statSync(file);
    if (mode & GROUP_OTHER) fs.chmodSync(file, mode & 0o700);
    if (entry.isDirectory()) tightenContents(file);
  }
}

export function makeDataDirPrivate(dataDir: string): void {
  process.umask(GROUP_OTHER);
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
    tightenContents(dataDir);
  } catch (err) {
    throw new DataDirNotPrivateError(
      `The data folder ${dataDir} cannot be made private (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): ` +
        'run Trabot as the user who owns it, or set DATA_DIR to a folder that user can create.',
    );
  }
  if (fs.statSync(dataDir).mode & GROUP_OTHER) {
    throw new DataDirNotPrivateError(
      `The data folder ${dataDir} stays readable by other users after chmod 0700 (a file system without Unix permissions?): ` +
        'put DATA_DIR on a file system that keeps them.',
    );
  }
}
