/**
 * A backup file (format 2): a zip (fflate, entries stored as they are) holding
 * - `manifest.json`: what the backup is, readable (`unzip -p <file> manifest.json`) and holding
 *   nothing secret: the secret key's fingerprint (never the key), the schema version, each table's
 *   row count and keyed checksum, the key-derivation salt, and the encrypted data's size, SHA-256,
 *   nonce and GCM tag;
 * - `manifest.sig`: the manifest's HMAC-SHA-256 under a key derived from the secret key;
 * - `pgdata.tar.gz.enc`: the embedded database's data folder as PGlite dumps it, gzipped and
 *   encrypted with AES-256-GCM (see seal.ts).
 * Next to the file, `<name>.sha256` (sha256sum's format) holds the file's own SHA-256.
 * Everything is checked before the database is handed on: the signature (with this server's key),
 * the encrypted data's SHA-256 against the signed manifest, its GCM tag, its size. Format 1 (no
 * signature, no encryption) is read only when the operator accepts that (--accept-unauthenticated).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import { z } from 'zod';
import {
  CIPHER,
  deriveBackupKeys,
  keyedTableChecksum,
  openData,
  sealData,
  signatureMatches,
  signManifest,
} from './seal';
import type { SchemaVersion, TableStats } from './snapshot';

export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.sig';
export const DATA_FILE = 'pgdata.tar.gz.enc';
/** Format 1's data entry: the gzipped tar, in clear. */
export const PLAIN_DATA_FILE = 'pgdata.tar.gz';
export const BACKUP_FORMAT = 'trabot-backup';
export const BACKUP_FORMAT_VERSION = 2;

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));
const common = {
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  kind: z.enum(['daily', 'manual']),
  database: z.literal('pglite'),
  schema: z.object({ migrations: z.number().int().min(0), last: z.string().nullable(), hash: z.string().nullable() }),
  secretKeyFingerprint: hex(16),
  tables: z.record(z.string(), z.object({ rows: z.number().int().min(0), checksum: z.string() })),
};

export const manifestSchema = z.object({
  ...common,
  formatVersion: z.literal(2),
  keyDerivation: z.object({ kdf: z.literal('hkdf-sha256'), salt: hex(32) }),
  /** `bytes`: the database tar's size; the rest describes the encrypted entry. */
  data: z.object({
    file: z.literal(DATA_FILE),
    bytes: z.number().int().positive(),
    cipher: z.literal(CIPHER),
    nonce: hex(24),
    tag: hex(32),
    encryptedBytes: z.number().int().positive(),
    sha256: hex(64),
  }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Format 1: no signature, the data in clear; `data.sha256` is the tar's. */
const plainManifestSchema = z.object({
  ...common,
  formatVersion: z.literal(1),
  data: z.object({ file: z.literal(PLAIN_DATA_FILE), bytes: z.number().int().positive(), sha256: hex(64) }),
});
export type AnyManifest = BackupManifest | z.infer<typeof plainManifestSchema>;

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** Identifies a secret key without revealing it: 64 bits of a SHA-256 of the key under its own label. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('trabot secret key fingerprint\0').update(key).digest('hex').slice(0, 16);
}

export interface BackupContent {
  createdAt: Date;
  kind: 'daily' | 'manual';
  schema: SchemaVersion;
  tables: Record<string, TableStats>;
  tar: Uint8Array;
}

/** The backup file's bytes: the database sealed with `key`, the manifest signed with it. */
export async function packBackup(content: BackupContent, key: Buffer): Promise<Uint8Array> {
  const keys = deriveBackupKeys(key);
  const sealed = await sealData(keys, content.tar);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: content.createdAt.toISOString(),
    kind: content.kind,
    database: 'pglite',
    schema: content.schema,
    secretKeyFingerprint: keyFingerprint(key),
    tables: Object.fromEntries(
      Object.entries(content.tables).map(([table, s]) => [
        table,
        { rows: s.rows, checksum: keyedTableChecksum(keys, table, s.checksum) },
      ]),
    ),
    keyDerivation: { kdf: 'hkdf-sha256', salt: keys.salt.toString('hex') },
    data: {
      file: DATA_FILE,
      bytes: content.tar.byteLength,
      cipher: CIPHER,
      nonce: sealed.nonce.toString('hex'),
      tag: sealed.tag.toString('hex'),
      encryptedBytes: sealed.ciphertext.byteLength,
      sha256: sha256(sealed.ciphertext),
    },
  };
  const manifestBytes = new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`);
  const signature = new TextEncoder().encode(`${signManifest(keys, manifestBytes)}\n`);
  // Stored, not deflated: the data is gzipped then encrypted, deflating it again gains nothing.
  return zipSync({
    [MANIFEST_FILE]: [manifestBytes, { level: 0 }],
    [SIGNATURE_FILE]: [signature, { level: 0 }],
    [DATA_FILE]: [sealed.ciphertext, { level: 0 }],
  });
}

/** Why a backup file is refused. */
export class BadBackupError extends Error {}
/** A format-2 backup read without any key. */
export class BackupKeyMissingError extends BadBackupError {
  constructor(readonly fingerprint: string) {
    super(`it is encrypted and signed with the secret key whose fingerprint is ${fingerprint}, and no key was given`);
  }
}
/** A format-2 backup whose signature this key does not reproduce. */
export class SignatureMismatchError extends BadBackupError {
  constructor(
    readonly otherKey: boolean,
    wanted: string,
    found: string,
  ) {
    super(
      "the backup's signature does not match this server's secret key: " +
        (otherKey
          ? `it was made with another key (the backup names the key whose fingerprint is ${wanted}; this key's is ${found}), or altered`
          : 'the file was altered after it was made'),
    );
  }
}
export const UNAUTHENTICATED_OVERRIDE = '--accept-unauthenticated';

export interface UnpackOptions {
  /** The secret key to check and decrypt with (null: none available). */
  key: Buffer | null;
  /** Reads a format-1 backup (neither signed nor encrypted) instead of refusing it. */
  acceptUnauthenticated?: boolean;
}

export interface UnpackedBackup {
  manifest: AnyManifest;
  tar: Uint8Array;
  /** False for a format-1 backup read under --accept-unauthenticated. */
  authenticated: boolean;
  /** A table's raw checksum as the manifest shows it. */
  tableChecksum: (table: string, checksum: string) => string;
}

function parseManifest(bytes: Uint8Array): AnyManifest {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (err) {
    throw new BadBackupError(`its manifest is not JSON (${(err as Error).message}): the file is damaged`);
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION)
    throw new BadBackupError(
      `it is a format-${version} backup, made by a newer Trabot (this one reads formats 1 and ${BACKUP_FORMAT_VERSION})`,
    );
  const parsed = (version === 1 ? plainManifestSchema : manifestSchema).safeParse(json);
  if (!parsed.success)
    throw new BadBackupError(`its manifest does not match a Trabot backup's (${parsed.error.issues[0]!.message})`);
  return parsed.data;
}

/** The manifest and the database tar of a backup file, checked as the module comment says. */
export async function unpackBackup(bytes: Uint8Array, options: UnpackOptions): Promise<UnpackedBackup> {
  let files: Unzipped;
  try {
    files = unzipSync(bytes);
  } catch (err) {
    throw new BadBackupError(
      `not a readable backup (${(err as Error).message}): the file is damaged or not a Trabot backup`,
    );
  }
  const manifestBytes = files[MANIFEST_FILE];
  if (!manifestBytes) throw new BadBackupError(`not a Trabot backup: it lacks ${MANIFEST_FILE}`);
  const manifest = parseManifest(manifestBytes);
  if (manifest.formatVersion === 1) {
    if (!options.acceptUnauthenticated)
      throw new BadBackupError(
        'it is a format-1 backup, neither signed nor encrypted: nothing shows that this server made it or that it ' +
          `was not altered. Restore it only if you know where the file has been, with ${UNAUTHENTICATED_OVERRIDE}`,
      );
    return { manifest, tar: await unpackPlain(files, manifest), authenticated: false, tableChecksum: (_t, c) => c };
  }

  if (!options.key) throw new BackupKeyMissingError(manifest.secretKeyFingerprint);
  const keys = deriveBackupKeys(options.key, Buffer.from(manifest.keyDerivation.salt, 'hex'));
  const signature = new TextDecoder().decode(files[SIGNATURE_FILE] ?? new Uint8Array()).trim();
  if (!signatureMatches(keys, manifestBytes, signature)) {
    const found = keyFingerprint(options.key);
    const wanted = manifest.secretKeyFingerprint;
    throw new SignatureMismatchError(found !== wanted, wanted, found);
  }
  const ciphertext = files[DATA_FILE];
  if (
    !ciphertext ||
    ciphertext.byteLength !== manifest.data.encryptedBytes ||
    sha256(ciphertext) !== manifest.data.sha256
  )
    throw new BadBackupError(
      'its encrypted database does not match the signed manifest: the file was altered or damaged after it was made',
    );
  let tar: Uint8Array;
  try {
    tar = await openData(
      keys,
      {
        ciphertext: Buffer.from(ciphertext.buffer, ciphertext.byteOffset, ciphertext.byteLength),
        nonce: Buffer.from(manifest.data.nonce, 'hex'),
        tag: Buffer.from(manifest.data.tag, 'hex'),
      },
      manifest.data.bytes,
    );
  } catch (err) {
    throw new BadBackupError(
      `its database does not decrypt (${(err as Error).message}): the file was altered or damaged after it was made`,
    );
  }
  if (tar.byteLength !== manifest.data.bytes)
    throw new BadBackupError("the database in it does not have its manifest's size: the file is damaged");
  return { manifest, tar, authenticated: true, tableChecksum: (t, c) => keyedTableChecksum(keys, t, c) };
}

async function unpackPlain(files: Unzipped, manifest: AnyManifest): Promise<Uint8Array> {
  const gzipped = files[PLAIN_DATA_FILE];
  if (!gzipped) throw new BadBackupError(`not a Trabot backup: it lacks ${PLAIN_DATA_FILE}`);
  let tar: Uint8Array;
  try {
    tar = new Uint8Array(await promisify(gunzip)(gzipped));
  } catch (err) {
    throw new BadBackupError(`its database does not decompress (${(err as Error).message}): the file is damaged`);
  }
  if (tar.byteLength !== manifest.data.bytes || sha256(tar) !== manifest.data.sha256)
    throw new BadBackupError("the database in it does not match its manifest's checksum: the file is damaged");
  return tar;
}
