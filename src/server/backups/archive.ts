/**
 * A backup file: a zip (fflate) holding `manifest.json` (what the backup is) and `pgdata.tar.gz` (the
 * embedded database's data folder as PGlite dumps it, gzipped by Node's zlib in its thread pool:
 * several times faster than deflating in JavaScript, and the event loop stays free). Both entries
 * are stored in the zip as they are. The manifest names the secret
 * key's fingerprint (never the key), the schema version, each table's row count and checksum, and
 * the SHA-256 of the tar; next to the file, `<name>.sha256` (sha256sum's format) holds the file's
 * own SHA-256. `unzip -p <file> manifest.json` shows the manifest.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import { z } from 'zod';
import type { SchemaVersion, TableStats } from './snapshot';

export const MANIFEST_FILE = 'manifest.json';
export const DATA_FILE = 'pgdata.tar.gz';
export const BACKUP_FORMAT = 'trabot-backup';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  kind: z.enum(['daily', 'manual']),
  database: z.literal('pglite'),
  schema: z.object({ migrations: z.number().int().min(0), last: z.string().nullable(), hash: z.string().nullable() }),
  secretKeyFingerprint: z.string().regex(/^[0-9a-f]{16}$/),
  tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), checksum: z.string() })),
  /** The uncompressed tar's size and SHA-256. */
  data: z.object({ file: z.literal(DATA_FILE), bytes: z.number().int().positive(), sha256: z.string().length(64) }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** Identifies a secret key without revealing it: 64 bits of a SHA-256 of the key under its own label. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('trabot secret key fingerprint\0').update(key).digest('hex').slice(0, 16);
}

export function buildManifest(input: {
  createdAt: Date;
  kind: 'daily' | 'manual';
  schema: SchemaVersion;
  tables: Record<string, TableStats>;
  key: Buffer;
  tar: Uint8Array;
}): BackupManifest {
  return {
    format: BACKUP_FORMAT,
    formatVersion: 1,
    createdAt: input.createdAt.toISOString(),
    kind: input.kind,
    database: 'pglite',
    schema: input.schema,
    secretKeyFingerprint: keyFingerprint(input.key),
    tables: input.tables,
    data: { file: DATA_FILE, bytes: input.tar.byteLength, sha256: sha256(input.tar) },
  };
}

/** The zip's bytes. */
export async function packBackup(manifest: BackupManifest, tar: Uint8Array): Promise<Uint8Array> {
  const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  const gzipped = new Uint8Array(await promisify(gzip)(tar, { level: 6 }));
  // Stored, not deflated again: zipping is a copy and a CRC.
  return zipSync({ [MANIFEST_FILE]: [manifestBytes, { level: 0 }], [DATA_FILE]: [gzipped, { level: 0 }] });
}

/** Why a backup file is refused. */
export class BadBackupError extends Error {}

/** The manifest and the database tar of a backup file, checked: refuses a damaged or foreign file. */
export async function unpackBackup(bytes: Uint8Array): Promise<{ manifest: BackupManifest; tar: Uint8Array }> {
  let files: Unzipped;
  try {
    files = unzipSync(bytes);
  } catch (err) {
    throw new BadBackupError(
      `not a readable backup (${(err as Error).message}): the file is damaged or not a Trabot backup`,
    );
  }
  const manifestBytes = files[MANIFEST_FILE];
  const gzipped = files[DATA_FILE];
  if (!manifestBytes || !gzipped)
    throw new BadBackupError(`not a Trabot backup: it lacks ${MANIFEST_FILE} or ${DATA_FILE}`);
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestBytes)));
  } catch (err) {
    throw new BadBackupError(
      `its manifest does not match a Trabot backup's (${(err as Error).message.split('\n')[0]})`,
    );
  }
  let tar: Uint8Array;
  try {
    tar = new Uint8Array(await promisify(gunzip)(gzipped));
  } catch (err) {
    throw new BadBackupError(`its database does not decompress (${(err as Error).message}): the file is damaged`);
  }
  if (tar.byteLength !== manifest.data.bytes || sha256(tar) !== manifest.data.sha256)
    throw new BadBackupError("the database in it does not match its manifest's checksum: the file is damaged");
  return { manifest, tar };
}
