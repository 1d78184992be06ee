/**
 * The login captcha (ALTCHA proof of work) solved in Node, as the widget would: for API tests and
 * for browser tests that log in through the API instead of the login page.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Encodes a solved challenge the way the altcha widget submits it. */
function encodeCaptchaPayload(challenge: Challenge, solution: unknown): string {
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/** Solves a challenge from GET /api/captcha; the payload to send as the login's `captcha`. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return encodeCaptchaPayload(challenge, solution);
}
