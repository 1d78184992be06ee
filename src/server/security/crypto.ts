/**
 * Secrets at rest (broker access keys, broker tokens): AES-256-GCM with a 32-byte key from
 * SECRET_KEY, or generated once into DATA_DIR/secret.key (mode 0600) for the embedded default.
 * Stored format: `v1.<iv b64url>.<tag b64url>.<ciphertext b64url>`.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A stable secret for one purpose (e.g. signing captchas), derived from the key with HKDF. */
  deriveSecret(purpose: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes (base64-encoded)');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    deriveSecret(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `trabot:${purpose}`, 32)).toString('base64url');
    },
  };
}

/** The key from SECRET_KEY, else DATA_DIR/secret.key, created on first use. */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'base64');
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}
