/**
 * When Trabot tries again an exit its broker refused (docs/engine.md, "Failed stops and rejected
 * exits"; docs/decisions/2026-12-07-exit-retry-policy.md). A rejected exit is never sent again at
 * every tick: each try waits for the one before it, by the broker's reason.
 *
 * - A **standing** rejection, one the broker gives again until the account itself changes (holdings
 *   not authorised for sale: CDSL TPIN / DDPI; not enough holdings; no funds or margin; the scrip
 *   banned or restricted; an order rule of the account such as an unregistered IP), is tried again
 *   every 15 minutes only: at most 4 an hour, each one reported, while the member or the superadmin
 *   acts (authorise the holdings, exit at the broker).
 * - Any other rejection (a rate limit, the exchange or the OMS not reachable, a price beyond the
 *   day's band, words Trabot does not know) may pass: tried again after 15 s, then 30 s, 60 s,
 *   120 s, 240 s, and every 5 minutes after that: at most 3 tries in the first minute.
 */
import { istParts } from '@shared/ist';

/** The first wait after a passing rejection; each next one doubles, up to `MAX_BACKOFF_MS`. */
export const FIRST_BACKOFF_MS = 15_000;
export const MAX_BACKOFF_MS = 5 * 60_000;
/** The wait between tries of an exit refused for a standing reason. */
export const STANDING_RETRY_MS = 15 * 60_000;

/** Standing reasons, each with what the person told should do; matched on the broker's words. */
const STANDING: { words: RegExp; what: string }[] = [
  {
    words: /tpin|edis|ddpi|\bpoa\b|authori[sz]|cdsl|nsdl/i,
    what: 'the holdings are not authorised for sale (CDSL TPIN, or DDPI/POA at the broker): authorise them at the broker',
  },
  {
    words: /holding|insufficient (stock|quantity)|short ?sell|no position/i,
    what: 'the account does not hold the shares to sell: check the holdings at the broker',
  },
  {
    words: /insufficient (funds|margin)|margin (shortfall|exceeds|required)|required margin/i,
    what: 'the account has not the funds or margin for it: add funds or exit at the broker',
  },
  {
    words: /\bban(ned)?\b|blocked|restricted|surveillance|not allowed|not permitted|not enabled|suspended/i,
    what: 'the broker does not allow this order on the account or the scrip: exit at the broker',
  },
  {
    words: /\bip\b|market protection|invalid/i,
    what: 'the order breaks a rule of the broker for this account: fix it before the next try',
  },
];

/** What a standing rejection asks of people, or null when the reason may pass (it is retried with backoff). */
export function standingRejection(reason: string): string | null {
  return STANDING.find((s) => s.words.test(reason))?.what ?? null;
}

/** The wait before the next try after `tries` refusals in a row (1: the first), by the last one's reason. */
export function retryDelayMs(tries: number, reason: string): number {
  if (standingRejection(reason) !== null) return STANDING_RETRY_MS;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, tries - 1));
}

/** The next try of an exit refused `tries` times in a row, the last at `lastAt` for `reason`. */
export function nextExitTry(tries: number, lastAt: Date, reason: string): Date {
  return new Date(lastAt.getTime() + retryDelayMs(tries, reason));
}

const hhmmss = (at: Date) => {
  const { hour, minute, second } = istParts(at);
  return [hour, minute, second].map((n) => String(n).padStart(2, '0')).join(':');
};

/** What is retried and when, in words, for a warning and a push. */
export function retryWords(tries: number, lastAt: Date, reason: string): string {
  const at = `${hhmmss(nextExitTry(tries, lastAt, reason))} IST`;
  const standing = standingRejection(reason);
  if (standing !== null)
    return `The broker gives this until the account changes (${standing}); Trabot tries the exit again at ${at}, then every ${STANDING_RETRY_MS / 60_000} minutes while the level holds`;
  return `Trabot tries the exit again at ${at} while the level holds, backing off (${FIRST_BACKOFF_MS / 1000} s doubling to every ${MAX_BACKOFF_MS / 60_000} minutes)`;
}
