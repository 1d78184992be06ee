/**
 * An account's order route override at rest (its own static IP, or an http(s) proxy URL that may
 * carry a username and password): sealed with the secret box like broker access keys, opened only
 * to send an order or to say where orders go, shown with the password masked. Decision
 * 2026-12-07-order-route-secrets.
 */
import { and, eq, isNotNull, notLike } from 'drizzle-orm';
import { MASK_CHAR } from '@shared/format-secret';
import type { AppDeps } from '../context';
import { accounts } from '../db/schema';
import { maskUrlCredentials } from '../lib/url-credentials';
import { orderRouteGuard, type OrderRouteGuard } from '../brokers/order-route-guard';
import { isProxyUrl, orderRouteOf, type OrderRoute } from '../brokers/order-route';

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'secrets'>;

/** The secret box's format (security/crypto.ts); an IP address or a URL never looks like it. */
const SEALED = /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/;

/** Shown for an override that cannot be decrypted (e.g. SECRET_KEY changed). */
const UNREADABLE = MASK_CHAR.repeat(8);

export const orderRouteGuardOf = (env: Deps['env']): OrderRouteGuard =>
  orderRouteGuard(env.ORDER_ROUTE_ALLOWED_ADDRESSES);

/** A proxy URL in its normal form (the password percent-encoded, no trailing slash); an address as typed. */
export function normalOrderSource(value: string): string {
  const v = value.trim();
  return isProxyUrl(v) && URL.canParse(v) ? new URL(v).href.replace(/\/$/, '') : v;
}

export const sealOrderSource = (deps: Pick<Deps, 'secrets'>, clear: string) =>
  deps.secrets.encrypt(normalOrderSource(clear));

/**
 * The override in clear: decrypted, or as it is when still stored in clear (written before
 * overrides were sealed; the next start seals it). Throws when it cannot be decrypted.
 */
export function openOrderSource(deps: Pick<Deps, 'secrets'>, stored: string | null): string | null {
  if (stored === null) return null;
  return SEALED.test(stored) ? deps.secrets.decrypt(stored) : stored;
}

type Opened = { clear: string | null } | { unreadable: unknown };

/** The override opened, or why it cannot be (logged). */
function open(deps: Pick<Deps, 'secrets' | 'log'>, stored: string | null, accountId: number): Opened {
  try {
    return { clear: openOrderSource(deps, stored) };
  } catch (err) {
    deps.log.error({ err, accountId }, 'order source cannot be decrypted');
    return { unreadable: err };
  }
}

const viewOf = (clear: string | null) => (clear === null ? null : maskUrlCredentials(normalOrderSource(clear)));

/** What an answer shows: the proxy's password masked (user:••••@). */
export function orderSourceView(
  deps: Pick<Deps, 'secrets' | 'log'>,
  stored: string | null,
  accountId: number,
): string | null {
  const opened = open(deps, stored, accountId);
  return 'clear' in opened ? viewOf(opened.clear) : UNREADABLE;
}

/**
 * The stored override in clear when `posted` is its view unchanged, else null (decrypted once);
 * posting back the view of one that cannot be decrypted throws why.
 */
export function storedOrderSourceShown(
  deps: Pick<Deps, 'secrets' | 'log'>,
  posted: string,
  stored: string | null,
  accountId: number,
): string | null {
  if (stored === null) return null;
  const opened = open(deps, stored, accountId);
  if (!('clear' in opened)) {
    if (posted === UNREADABLE) throw opened.unreadable;
    return null;
  }
  return posted === viewOf(opened.clear) ? opened.clear : null;
}

/** The account's order route: its override opened and checked (one that cannot be decrypted is refused), or the server's. */
export function accountOrderRoute(
  deps: Pick<Deps, 'secrets' | 'log' | 'env'>,
  account: { trabot_account_id: number; order_source: string | null },
  guard: OrderRouteGuard = orderRouteGuardOf(deps.env),
): OrderRoute {
  const opened = open(deps, account.order_source, account.trabot_account_id);
  if (!('clear' in opened))
    return { refused: 'the order address cannot be decrypted (SECRET_KEY changed?): set it again' };
  return orderRouteOf(opened.clear, deps.env.BROKER_SOURCE_ADDRESS, guard);
}

/**
 * Start-up step: seals every override still stored in clear (written before they were sealed, or
 * restored from an older backup). Not a SQL migration: the key is the application's. Answers how many.
 */
export async function sealPlainOrderSources(deps: Pick<Deps, 'db' | 'secrets'>): Promise<number> {
  const rows = await deps.db
    .select({ id: accounts.trabot_account_id, order_source: accounts.order_source })
    .from(accounts)
    // Sealed ones start v1. (SEALED): left in the database; the check below stays as the guard.
    .where(and(isNotNull(accounts.order_source), notLike(accounts.order_source, 'v1.%')));
  let sealed = 0;
  for (const { id, order_source: stored } of rows) {
    if (stored === null || SEALED.test(stored)) continue;
    await deps.db
      .update(accounts)
      .set({ order_source: sealOrderSource(deps, stored) })
      // Unless a superadmin changed it meanwhile.
      .where(and(eq(accounts.trabot_account_id, id), eq(accounts.order_source, stored)));
    sealed++;
  }
  return sealed;
}
