/**
 * The cryptography of a backup (format 2), keyed by the server's secret key (SECRET_KEY or
 * DATA_DIR/secret.key). Two keys are derived per backup with HKDF-SHA-256 from the secret key and a
 * random salt kept in the manifest, under distinct labels: one encrypts the gzipped database
 * (AES-256-GCM, a random 96-bit nonce; the salt already makes the key new for each backup), the
 * other signs the manifest (HMAC-SHA-256 over its exact bytes). The manifest names the encrypted
 * data's SHA-256, nonce and GCM tag, so its signature covers the data too: a reader checks the
 * signature, then the data's SHA-256, and only then decrypts (the GCM tag is checked once more).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

export const CIPHER = 'aes-256-gcm';
const ENCRYPTION_LABEL = 'trabot backup v2: encryption';
const AUTHENTICATION_LABEL = 'trabot backup v2: authentication';
const TABLE_CHECKSUM_LABEL = 'trabot backup v2: table checksum\0';

export interface BackupKeys {
  salt: Buffer;
  encryption: Buffer;
  authentication: Buffer;
}

export function deriveBackupKeys(secretKey: Buffer, salt: Buffer = randomBytes(16)): BackupKeys {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', secretKey, salt, label, 32));
  return { salt, encryption: derive(ENCRYPTION_LABEL), authentication: derive(AUTHENTICATION_LABEL) };
}

/** The manifest's signature: HMAC-SHA-256 of its exact bytes, hex. */
export function signManifest(keys: BackupKeys, manifestBytes: Uint8Array): string {
  return createHmac('sha256', keys.authentication).update(manifestBytes).digest('hex');
}

export function signatureMatches(keys: BackupKeys, manifestBytes: Uint8Array, signature: string): boolean {
  const expected = Buffer.from(signManifest(keys, manifestBytes), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A table's checksum as the manifest shows it: keyed, so that the readable manifest does not let
 * anyone confirm a guess of a small table's rows (the raw checksum is a sum of the rows' md5s).
 */
export function keyedTableChecksum(keys: BackupKeys, table: string, checksum: string): string {
  return createHmac('sha256', keys.authentication)
    .update(`${TABLE_CHECKSUM_LABEL}${table}\0${checksum}`)
    .digest('hex')
    .slice(0, 32);
}

export interface SealedData {
  ciphertext: Buffer;
  nonce: Buffer;
  tag: Buffer;
}

/** gzip then AES-256-GCM (the inverse of openData). */
export async function sealData(keys: BackupKeys, tar: Uint8Array): Promise<SealedData> {
  const nonce = randomBytes(12);
  const cipher = createCipheriv(CIPHER, keys.encryption, nonce);
  const gzipped = await promisify(gzip)(tar, { level: 6 });
  const ciphertext = Buffer.concat([cipher.update(gzipped), cipher.final()]);
  return { ciphertext, nonce, tag: cipher.getAuthTag() };
}

/** Decrypts (the GCM tag checked) and gunzips, refusing more than `bytes` of output. Throws on any mismatch. */
export async function openData(keys: BackupKeys, sealed: SealedData, bytes: number): Promise<Uint8Array> {
  const decipher = createDecipheriv(CIPHER, keys.encryption, sealed.nonce);
  decipher.setAuthTag(sealed.tag);
  const gzipped = Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  return new Uint8Array(await promisify(gunzip)(gzipped, { maxOutputLength: Math.max(bytes, 1) }));
}
