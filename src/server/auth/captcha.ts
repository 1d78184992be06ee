/**
 * ALTCHA proof-of-work captcha (altcha-lib v2, the format the `altcha` 3.x widget fetches and
 * answers). Challenges are HMAC-signed with secrets derived from the app's secret key and expire
 * after CAPTCHA_EXPIRY_MS. Deterministic mode: the server derives the key for a random counter, so
 * the browser's work is bounded (it counts up to that counter) and verifying is two HMACs.
 * A solution is redeemed once: its challenge is inserted into `used_captchas` (insert-on-conflict,
 * so two concurrent replays cannot both pass) and kept until it expires.
 *
 * A login email under attack (see login-guard.ts) gets harder challenges: GUARDED_WORK_FACTOR
 * times the work, issued for that email (in the signed `data`), so guessing its password costs more.
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CAPTCHA_EXPIRY_MS } from '@shared/constants';
import type { SecretBox } from '../security/crypto';
import type { Db } from '../db/client';
import { usedCaptchas } from '../db/schema';

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export interface CaptchaDifficulty {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The solution counter is drawn from [minCounter, maxCounter]: the attempts a solver needs. */
  minCounter: number;
  maxCounter: number;
}

/**
 * Measured with the real altcha 3.2 widget in headless Chromium (2 workers, 2-core x86 server):
 * median ~0.85 s per solve, range 0.5-1.9 s. Server side: creating a challenge ~0.4 ms (one
 * PBKDF2), verifying ~0.3 ms (HMACs only).
 */
export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 1000, minCounter: 3000, maxCounter: 9000 };

/** How many times more work a challenge for a guarded login email takes (~7 s instead of ~0.85 s). */
export const GUARDED_WORK_FACTOR = 8;

export interface CaptchaSecrets {
  hmacSignatureSecret: string;
  hmacKeySignatureSecret: string;
}

export function captchaSecrets(secrets: SecretBox): CaptchaSecrets {
  return {
    hmacSignatureSecret: secrets.deriveSecret('altcha-signature'),
    hmacKeySignatureSecret: secrets.deriveSecret('altcha-key-signature'),
  };
}

export interface ChallengeOptions {
  expiresAt?: Date;
  /** A guarded login email: the challenge takes GUARDED_WORK_FACTOR times the work and names it. */
  guardedEmail?: string;
}

export function createCaptchaChallenge(
  keys: CaptchaSecrets,
  difficulty: CaptchaDifficulty,
  options: ChallengeOptions = {},
): Promise<Challenge> {
  const { expiresAt = new Date(Date.now() + CAPTCHA_EXPIRY_MS), guardedEmail } = options;
  const factor = guardedEmail === undefined ? 1 : GUARDED_WORK_FACTOR;
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: difficulty.cost,
    counter: randomInt(difficulty.maxCounter * factor, difficulty.minCounter * factor),
    deriveKey,
    expiresAt,
    ...(guardedEmail === undefined ? {} : { data: { guardedEmail } }),
    ...keys,
  });
}

/** What the widget submits, base64 of JSON. Parsed strictly before anything is verified. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(CAPTCHA_ALGORITHM),
        nonce: z.string().regex(/^[0-9a-f]{32}$/),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .loose(),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export type CaptchaOutcome = 'ok' | 'missing' | 'invalid' | 'expired' | 'reused';

export const CAPTCHA_ERRORS: Record<Exclude<CaptchaOutcome, 'ok'>, string> = {
  missing: 'Captcha is missing',
  invalid: 'Captcha is invalid',
  expired: 'Captcha has expired',
  reused: 'Captcha has already been used',
};

/** A login for a guarded email (login-guard.ts) whose captcha was not issued for it. */
export const CAPTCHA_GUARDED_ERROR =
  'This login has had many failed attempts: solve a new captcha for it (it takes a few seconds longer)';

export interface RedeemedCaptcha {
  outcome: CaptchaOutcome;
  /** The guarded login email the challenge was issued for, if any. */
  guardedEmail?: string;
}

function decodePayload(payload: string): z.infer<typeof payloadSchema> | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Verifies the widget's payload and redeems it; any outcome but 'ok' means refuse the request. */
export async function redeemCaptcha(
  db: Db,
  keys: CaptchaSecrets,
  payload: string | undefined,
): Promise<RedeemedCaptcha> {
  if (!payload) return { outcome: 'missing' };
  const decoded = decodePayload(payload);
  if (!decoded) return { outcome: 'invalid' };
  const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...keys });
  if (result.expired) return { outcome: 'expired' };
  if (!result.verified) return { outcome: 'invalid' };
  const { nonce, expiresAt, data } = decoded.challenge.parameters;
  const inserted = await db
    .insert(usedCaptchas)
    .values({ challenge_id: nonce, expires_at: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ id: usedCaptchas.challenge_id });
  const guardedEmail = typeof data?.guardedEmail === 'string' ? data.guardedEmail : undefined;
  return inserted.length === 1 ? { outcome: 'ok', guardedEmail } : { outcome: 'reused' };
}

export async function purgeExpiredCaptchas(db: Db): Promise<void> {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expires_at, sql`now()`));
}
