/**
 * Tokens: broker session tokens and price-feed state the execution engine keeps, with their
 * expiry. Every value is encrypted at rest; the admin Tokens screen shows secret ones masked.
 * Names read like "zerodha.access_token" or, per account, "zerodha.access_token (account 3)".
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { maskSecret, MASK_CHAR } from '@shared/format-secret';
import { formatInIst } from '@shared/ist';
import type { AppDeps } from '../context';
import { tokens } from '../db/schema';

type Deps = Pick<AppDeps, 'db' | 'secrets'>;

export interface TokenInput {
  name: string;
  /** The account the token belongs to, when it is an account's. */
  accountId?: number;
  value: string;
  expiresAt?: Date | null;
  /** False for feed state and other values safe to show in full. Default true. */
  secret?: boolean;
}

export interface StoredToken {
  value: string;
  expires_at: Date | null;
  updated_at: Date;
}

export function tokenName(name: string, accountId?: number): string {
  return accountId === undefined ? name : `${name} (account ${accountId})`;
}

export async function setToken(deps: Deps, input: TokenInput): Promise<void> {
  await setTokens(deps, [input]);
}

/** Stores several tokens in one statement (each replaces its namesake). */
export async function setTokens(deps: Deps, inputs: readonly TokenInput[]): Promise<void> {
  if (!inputs.length) return;
  const rows = inputs.map((input) => ({
    name: tokenName(input.name, input.accountId),
    value_enc: deps.secrets.encrypt(input.value),
    secret: input.secret ?? true,
    expires_at: input.expiresAt ?? null,
    updated_at: sql`now()`,
  }));
  await deps.db
    .insert(tokens)
    .values(rows)
    .onConflictDoUpdate({
      target: tokens.name,
      set: {
        value_enc: sql`excluded.value_enc`,
        secret: sql`excluded.secret`,
        expires_at: sql`excluded.expires_at`,
        updated_at: sql`now()`,
      },
    });
}

/** The token's value; null when there is none or it has expired. */
export async function getToken(
  deps: Deps,
  name: string,
  accountId?: number,
  now: Date = new Date(),
): Promise<StoredToken | null> {
  const [row] = await deps.db
    .select()
    .from(tokens)
    .where(eq(tokens.name, tokenName(name, accountId)));
  if (!row || (row.expires_at && row.expires_at <= now)) return null;
  return { value: deps.secrets.decrypt(row.value_enc), expires_at: row.expires_at, updated_at: row.updated_at };
}

/** Which of these token names (full names, see tokenName) exist and have not expired, in one query. */
export async function liveTokenNames(
  deps: Pick<Deps, 'db'>,
  fullNames: readonly string[],
  now: Date = new Date(),
): Promise<Set<string>> {
  if (!fullNames.length) return new Set();
  const rows = await deps.db
    .select({ name: tokens.name })
    .from(tokens)
    .where(and(inArray(tokens.name, [...fullNames]), or(isNull(tokens.expires_at), gt(tokens.expires_at, now))));
  return new Set(rows.map((r) => r.name));
}

/** dd/MM/yyyy HH:mm in India Standard Time. */
export const formatIst = (at: Date): string => formatInIst(at, 'dd/MM/yyyy HH:mm IST');

/**
 * GET /api/admin/tokens: every token name with its display value, e.g.
 * "ab••••••wxyz (expires 22/11/2026 06:00 IST)"; non-secret values in full.
 */
export async function tokenDisplay(
  deps: Deps & Pick<AppDeps, 'log'>,
  now: Date = new Date(),
): Promise<Record<string, string>> {
  const rows = await deps.db.select().from(tokens).orderBy(asc(tokens.name));
  const display: Record<string, string> = {};
  for (const row of rows) {
    let value: string;
    try {
      const plain = deps.secrets.decrypt(row.value_enc);
      value = row.secret ? maskSecret(plain) : plain;
    } catch (err) {
      deps.log.error({ err, token: row.name }, 'token cannot be decrypted');
      value = `${MASK_CHAR.repeat(8)} (unreadable)`;
    }
    const expiry = row.expires_at
      ? ` (${row.expires_at <= now ? 'expired' : 'expires'} ${formatIst(row.expires_at)})`
      : '';
    display[row.name] = value + expiry;
  }
  return display;
}
