/**
 * `backup restore <file>` and `backup verify <file>`: a backup file checked (its checksum file; its
 * manifest's signature with the secret key, the encrypted database against it, see archive.ts),
 * decrypted, loaded by PGlite into a data folder's `pglite/` (which replays its WAL like a restart
 * after a crash), and the restored rows checked against the manifest's counts and checksums per
 * table. Nothing is loaded before the signature and the data's checksums match. Restore refuses a
 * folder a server holds (its lock), a folder that already has a database, a backup made by a newer
 * Trabot, a backup whose signature this key does not reproduce (made with another key, or altered),
 * and a format-1 (unsigned) backup unless told to accept it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock } from '../config/data-dir-lock';
import { loadSecretKey } from '../security/crypto';
import { pgliteFileOptions } from '../db/pglite-files';
import { pgliteDir } from '../db/open';
import {
  BackupKeyMissingError,
  BadBackupError,
  keyFingerprint,
  sha256,
  SignatureMismatchError,
  unpackBackup,
  type AnyManifest,
  type UnpackedBackup,
} from './archive';
import { knownMigrations, schemaVersion, tableStats, type TableStats } from './snapshot';
import { recordedChecksum } from './store';

export { BadBackupError };

/** A refusal with a message for the operator (exit code 1). */
export class RestoreRefusedError extends Error {}

export interface ReadBackup extends UnpackedBackup {
  /** Whether a `<file>.sha256` was there to check the file against. */
  checksumFileFound: boolean;
}

/** Where the key comes from: SECRET_KEY, else a key file, else the data folder's secret.key. */
export interface KeyOptions {
  /** SECRET_KEY from the environment, if set. */
  secretKey: string | undefined;
  /** A file holding the backup's key (base64). */
  keyFile?: string;
  /** Reads a format-1 backup (neither signed nor encrypted) instead of refusing it. */
  acceptUnauthenticated?: boolean;
}

interface FoundKey {
  key: Buffer;
  /** For messages: SECRET_KEY, the key file, or the secret.key's path. */
  source: string;
}

const GIVE_KEY = 'Give the key it was made with (SECRET_KEY, --key-file, or its secret.key in the data folder)';

/** The key named by SECRET_KEY, --key-file or `dataDir`/secret.key (not created when absent). */
function findKey(options: KeyOptions, dataDir: string): FoundKey | null {
  if (options.keyFile && options.secretKey)
    throw new RestoreRefusedError('Refused: --key-file and SECRET_KEY both name a key; give one.');
  if (options.secretKey) return { key: Buffer.from(options.secretKey, 'base64'), source: 'SECRET_KEY' };
  if (options.keyFile) return { key: readKeyFile(options.keyFile), source: options.keyFile };
  const keyPath = path.join(dataDir, 'secret.key');
  return fs.existsSync(keyPath) ? { key: loadSecretKey(undefined, dataDir), source: keyPath } : null;
}

/** Reads and checks a backup file: its recorded checksum when present, its signature, manifest and data. */
async function readBackupFile(
  file: string,
  found: FoundKey | null,
  options: KeyOptions,
  dataDir: string,
): Promise<ReadBackup> {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new RestoreRefusedError(
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const recorded = recordedChecksum(file);
  if (recorded && recorded !== sha256(bytes))
    throw new RestoreRefusedError(
      `Refused: ${file} does not match its checksum (${path.basename(file)}.sha256): the file is damaged or was changed.`,
    );
  try {
    const unpacked = await unpackBackup(bytes, {
      key: found?.key ?? null,
      acceptUnauthenticated: options.acceptUnauthenticated,
    });
    return { ...unpacked, checksumFileFound: recorded !== null };
  } catch (err) {
    if (err instanceof BackupKeyMissingError)
      throw new RestoreRefusedError(
        `Refused: ${file} is encrypted and signed with the secret key whose fingerprint is ${err.fingerprint}; ` +
          `${dataDir} has no secret.key and SECRET_KEY is not set. ${GIVE_KEY}: without it the backup cannot be read ` +
          '(--force-new-key applies only to format-1 backups).',
      );
    if (err instanceof SignatureMismatchError && err.otherKey)
      throw new RestoreRefusedError(
        `Refused: ${file}: ${err.message} (this key from ${found!.source}). ${GIVE_KEY}: without it the backup cannot be read.`,
      );
    if (err instanceof BadBackupError) throw new RestoreRefusedError(`Refused: ${file}: ${err.message}.`);
    throw err;
  }
}

/** Refuses a backup whose schema this code does not know (made by a newer Trabot). */
function checkSchema(manifest: AnyManifest) {
  const known = knownMigrations();
  if (manifest.schema.migrations > known.length || (manifest.schema.migrations > 0 && manifest.schema.last === null))
    throw new RestoreRefusedError(
      `Refused: the backup's database has ${manifest.schema.migrations} migrations, the last unknown to this version of Trabot ` +
        `(which knows ${known.length}, up to ${known.at(-1)?.tag}): restore it with the version that made it, or a newer one.`,
    );
}

export interface TableDifference {
  table: string;
  expected: TableStats | null;
  found: TableStats | null;
}

/** Loads the tar into `pgdata` (empty), checks its rows against the manifest, closes it. */
async function loadAndCheck(pgdata: string, read: ReadBackup): Promise<TableDifference[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  const client = new PGlite({
    ...pgliteFileOptions(pgdata, PGlite.defaultStartParams),
    loadDataDir: new Blob([read.tar as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' }),
  });
  try {
    await client.waitReady;
    const found = await tableStats(client);
    const schema = await schemaVersion(client);
    const differences: TableDifference[] = [];
    for (const table of new Set([...Object.keys(read.manifest.tables), ...Object.keys(found)])) {
      const expected = read.manifest.tables[table] ?? null;
      const raw = found[table];
      const got = raw ? { rows: raw.rows, checksum: read.tableChecksum(table, raw.checksum) } : null;
      if (expected?.rows !== got?.rows || expected?.checksum !== got?.checksum)
        differences.push({ table, expected, found: got });
    }
    if (schema.migrations !== read.manifest.schema.migrations || schema.hash !== read.manifest.schema.hash)
      differences.push({ table: 'drizzle schema version', expected: null, found: null });
    return differences;
  } finally {
    await client.close();
  }
}

function describeDifferences(differences: TableDifference[]): string {
  return differences
    .map(
      (d) =>
        `  ${d.table}: manifest ${d.expected ? `${d.expected.rows} rows` : 'none'}, restored ${d.found ? `${d.found.rows} rows` : 'none'}` +
        (d.expected && d.found && d.expected.rows === d.found.rows ? ' (same count, other content)' : ''),
    )
    .join('\n');
}

export interface VerifyResult {
  manifest: AnyManifest;
  checksumFileFound: boolean;
  /** False for a format-1 backup read under --accept-unauthenticated. */
  authenticated: boolean;
  rows: number;
  tables: number;
}

/** Restores into a temporary folder, checks every table against the manifest, removes the folder. */
export async function verifyBackup(file: string, options: KeyOptions & { dataDir: string }): Promise<VerifyResult> {
  const read = await readBackupFile(file, findKey(options, options.dataDir), options, options.dataDir);
  checkSchema(read.manifest);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-verify-'));
  try {
    const differences = await loadAndCheck(path.join(temp, 'pglite'), read);
    if (differences.length)
      throw new RestoreRefusedError(
        `Verify failed: the restored database differs from the backup's manifest:\n${describeDifferences(differences)}`,
      );
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return summary(read);
}

function summary(read: ReadBackup): VerifyResult {
  const stats = Object.values(read.manifest.tables);
  return {
    manifest: read.manifest,
    checksumFileFound: read.checksumFileFound,
    authenticated: read.authenticated,
    rows: stats.reduce((sum, t) => sum + t.rows, 0),
    tables: stats.length,
  };
}

/** keyFile: copied into the data folder as secret.key. */
export interface RestoreOptions extends KeyOptions {
  file: string;
  dataDir: string;
  /** Format-1 backups only: restores with a key other than the backup's (a format-2 one cannot be read without it). */
  forceNewKey: boolean;
  /** Lines for the operator (warnings included). */
  print: (line: string) => void;
}

export interface RestoreResult extends VerifyResult {
  pgdata: string;
  keyFingerprint: string;
  newKey: boolean;
}

export const NEW_KEY_WARNING =
  "WARNING: restoring with a secret key other than the backup's (--force-new-key). Broker secrets stored in the database " +
  '(broker access keys, broker tokens) were encrypted with the old key and become unreadable: every account must have its ' +
  'broker access key entered again and its broker login redone. Web Push and captcha secrets change too.';

function readKeyFile(file: string): Buffer {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new RestoreRefusedError(
      `Cannot read the key file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32) throw new RestoreRefusedError(`${file} does not hold a secret key (base64 of 32 bytes).`);
  return key;
}

/** Restores a backup into `dataDir` (its pglite/ must be empty or absent); see the module comment. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { file, dataDir, print } = options;
  // The key the restored server will use: SECRET_KEY, else --key-file's, else the folder's secret.key.
  let found = findKey(options, dataDir);
  const read = await readBackupFile(file, found, options, dataDir);
  checkSchema(read.manifest);

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Refused while a server (or another command) holds the folder: DataDirLockedError says so.
  const lock = acquireDataDirLock(dataDir);
  const pgdata = pgliteDir(dataDir);
  let created = false;
  try {
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0)
      throw new RestoreRefusedError(
        `Refused: ${pgdata} already holds a database. Restore into an empty data folder (--data-dir), or move that folder aside first.`,
      );

    // A signed backup was opened with this very key; only a format-1 one can get here with another.
    const wanted = read.manifest.secretKeyFingerprint;
    const fingerprint = found ? keyFingerprint(found.key) : null;
    if (fingerprint !== wanted && !options.forceNewKey)
      throw new RestoreRefusedError(
        `Refused: the backup was made with the secret key whose fingerprint is ${wanted}; ` +
          (found
            ? `this data folder would use another (${fingerprint}, from ${found.source}). `
            : `${dataDir} has no secret.key and SECRET_KEY is not set. `) +
          'Give the original key (SECRET_KEY, --key-file, or its secret.key in the data folder). ' +
          'Without it the broker secrets in the backup cannot be read: --force-new-key restores anyway with a new key.',
      );
    if (fingerprint !== wanted) print(NEW_KEY_WARNING);

    created = true;
    const differences = await loadAndCheck(pgdata, read);
    if (differences.length)
      throw new RestoreRefusedError(
        `Refused: the restored database differs from the backup's manifest (removed again):\n${describeDifferences(differences)}`,
      );

    const keyPath = path.join(dataDir, 'secret.key');
    let newKey = false;
    if (options.keyFile && found && !fs.existsSync(keyPath)) {
      fs.writeFileSync(keyPath, found.key.toString('base64'), { mode: 0o600, flag: 'wx' });
    } else if (!found) {
      found = { key: loadSecretKey(undefined, dataDir), source: keyPath };
      newKey = true;
    }
    return {
      ...summary(read),
      pgdata,
      keyFingerprint: keyFingerprint(found.key),
      newKey: newKey || fingerprint !== wanted,
    };
  } catch (err) {
    if (created) fs.rmSync(pgdata, { recursive: true, force: true });
    throw err;
  } finally {
    lock.release();
  }
}
