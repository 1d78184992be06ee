/**
 * Webhook tokens: what an algo's own code (strategy server, TradingView alert, Amibroker, Python)
 * sends its signals with. A token is shown once, when made; only its SHA-256 is stored, with its
 * last 4 characters to tell tokens apart. Revoked tokens stay stored (signals name their token).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { NewWebhookToken, WebhookToken } from '@shared/schemas/admin/signal-approvals';
import type { Db } from '../db/client';
import { webhookTokens } from '../db/schema';

const TOKEN_PREFIX = 'tbw_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type TokenRow = typeof webhookTokens.$inferSelect;

const toWebhookToken = (row: TokenRow): WebhookToken => ({
  token_id: row.token_id,
  algo_id: row.algo_id,
  masked: `${TOKEN_PREFIX}…${row.token_hint}`,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

export async function createWebhookToken(db: Db, algoId: number, userId: number): Promise<NewWebhookToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(webhookTokens)
    .values({ algo_id: algoId, token_hash: hashOf(token), token_hint: token.slice(-4), created_by: userId })
    .returning({ token_id: webhookTokens.token_id });
  return { token_id: row!.token_id, token };
}

/** The live tokens of one algo, or of every algo, oldest first. */
export async function listWebhookTokens(db: Db, algoId?: number): Promise<WebhookToken[]> {
  const rows = await db
    .select()
    .from(webhookTokens)
    .where(and(isNull(webhookTokens.revoked_at), algoId === undefined ? undefined : eq(webhookTokens.algo_id, algoId)))
    .orderBy(asc(webhookTokens.algo_id), asc(webhookTokens.token_id));
  return rows.map(toWebhookToken);
}

/** False when the algo has no such live token. */
export async function revokeWebhookToken(db: Db, algoId: number, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(webhookTokens)
    .set({ revoked_at: new Date() })
    .where(
      and(eq(webhookTokens.token_id, tokenId), eq(webhookTokens.algo_id, algoId), isNull(webhookTokens.revoked_at)),
    )
    .returning({ id: webhookTokens.token_id });
  return rows.length > 0;
}

/** The live token's id and algo, its use recorded; null for an unknown or revoked token. */
export async function useWebhookToken(db: Db, token: string): Promise<{ token_id: number; algo_id: number } | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [row] = await db
    .update(webhookTokens)
    .set({ last_used_at: new Date() })
    .where(and(eq(webhookTokens.token_hash, hashOf(token)), isNull(webhookTokens.revoked_at)))
    .returning({ token_id: webhookTokens.token_id, algo_id: webhookTokens.algo_id });
  return row ?? null;
}
