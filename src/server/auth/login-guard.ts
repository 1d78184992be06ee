/**
 * Brute force against one login email, without handing attackers a lockout. Two counters per email,
 * in 15-minute windows shared by every replica (rate-limit.ts):
 *
 * - per (email, client address): failed attempts; past LOGIN_LIMIT_PER_EMAIL that address is refused
 *   (429) for that email. A correct password resets it.
 * - per email, across all addresses: failed attempts; from LOGIN_LIMIT_PER_EMAIL on the email is
 *   guarded: a login for it needs a captcha issued for it, which takes GUARDED_WORK_FACTOR times
 *   the work (GET /api/captcha?email=...). Never a refusal: the owner, from an address without
 *   failures, still gets in with the slower captcha. A correct password does not count.
 *
 * Both are counted before the password is checked (one atomic upsert each), so a burst of
 * concurrent guesses cannot all pass on a stale count; a success takes its hit back.
 */
import type { Db } from '../db/client';
import * as rateLimit from '../security/rate-limit';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

const normalize = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `login:pair:${normalize(email)} ${ip}`;
const emailKey = (email: string) => `login:email:${normalize(email)}`;

/** Whether challenges for this email should be the guarded, harder ones. */
export async function isGuarded(db: Db, email: string, threshold: number): Promise<boolean> {
  return (await rateLimit.peek(db, emailKey(email), LOGIN_WINDOW_MS)) >= threshold;
}

export type LoginAttempt =
  | { verdict: 'refused'; retryAfterSeconds: number }
  | { verdict: 'needs-guarded-captcha' }
  | { verdict: 'check'; succeeded(): Promise<void> };

/**
 * Counts one attempt for (email, ip) before its password is checked. `guardedCaptchaEmail` is the
 * email the attempt's captcha was issued for as guarded, if it was.
 */
export async function countAttempt(
  db: Db,
  attempt: { email: string; ip: string; guardedCaptchaEmail?: string },
  threshold: number,
): Promise<LoginAttempt> {
  const pair = pairKey(attempt.email, attempt.ip);
  const perPair = await rateLimit.hit(db, pair, LOGIN_WINDOW_MS);
  if (perPair.count > threshold) return { verdict: 'refused', retryAfterSeconds: perPair.retryAfterSeconds };
  const email = emailKey(attempt.email);
  const perEmail = await rateLimit.hit(db, email, LOGIN_WINDOW_MS);
  const guarded = perEmail.count - 1 >= threshold;
  if (guarded && normalize(attempt.guardedCaptchaEmail ?? '') !== normalize(attempt.email))
    return { verdict: 'needs-guarded-captcha' };
  return {
    verdict: 'check',
    succeeded: async () => {
      await Promise.all([rateLimit.reset(db, pair), rateLimit.unhit(db, email)]);
    },
  };
}
