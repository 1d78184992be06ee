/** Password hashing: argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function timingSafeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}

/** Whether `plain` is the stored password; no login or no password set costs the same argon2 time and answers false. */
export async function verifyStoredPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  const ok = await verifyPassword(hash ?? (await timingSafeDummyHash()), plain);
  return Boolean(hash) && ok;
}
