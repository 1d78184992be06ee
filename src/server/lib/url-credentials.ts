/**
 * The password of a `scheme://user:password@host` URL masked in any text: a log line (JSON, where
 * a quote or backslash inside the URL is escaped) or an API answer. The username stays, so the
 * masked form still says which account the URL logs in as.
 */
import { MASK_CHAR } from '@shared/format-secret';

/** What a password is shown as: a fixed length, so the mask tells nothing about it. */
export const MASKED_PASSWORD = MASK_CHAR.repeat(4);

// scheme:// then user, ':' then the password up to the last '@' before the host; a character
// escaped in JSON (\" or \\) counts as one. Neither part crosses whitespace, '/' or a bare quote.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/)((?:[^\s:/@"\\]|\\.)*):(?:[^\s/"\\]|\\.)*@/gi;

export function maskUrlCredentials(text: string): string {
  return text.includes('@') ? text.replace(URL_PASSWORD, `$1$2:${MASKED_PASSWORD}@`) : text;
}
