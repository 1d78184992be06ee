/**
 * The superadmin sets where an account's live orders leave from: its own registered static IP, an
 * http(s) proxy URL standing at it, or null for the server's BROKER_SOURCE_ADDRESS. Stored sealed
 * and answered masked (records/order-sources.ts); saving the masked view back unchanged keeps the
 * stored value; a route where the server may not connect is refused (order-route-guard.ts).
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { accounts } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { MASKED_PASSWORD, maskUrlCredentials } from '../lib/url-credentials';
import { describeOrderRoute, isProxyUrl, orderRouteOf, refusedOrderRoute } from '../brokers/order-route';
import {
  normalOrderSource,
  orderRouteGuardOf,
  sealOrderSource,
  storedOrderSourceShown,
} from '../records/order-sources';

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'secrets'>;

const invalid = (message: string) => new DomainError('invalid', message, { order_source: message });

/** The override the superadmin means: the stored one when its masked view came back unchanged. */
function meant(deps: Deps, posted: string, stored: string | null, accountId: number): string {
  const kept = storedOrderSourceShown(deps, posted.trim(), stored, accountId);
  if (kept !== null) return kept;
  const url = isProxyUrl(posted.trim()) ? URL.parse(posted.trim()) : null;
  // The URL parser percent-encodes the dots (upper-case hex, as encodeURIComponent does).
  if (url && url.password === encodeURIComponent(MASKED_PASSWORD))
    throw invalid(
      `order_source: type the proxy password again (${MASKED_PASSWORD} stands for the stored one only at the same address)`,
    );
  return posted;
}

/**
 * Sets the account's order route (null: the server's), refusing one the guard refuses (400 naming
 * order_source); clears the "IP not registered" verdict (the next order tells). Answers the masked view.
 */
export async function setOrderSource(deps: Deps, accountId: number, posted: string | null) {
  const [account] = await deps.db
    .select({ order_source: accounts.order_source })
    .from(accounts)
    .where(eq(accounts.trabot_account_id, accountId));
  if (!account) throw new DomainError('not_found', 'Account not found');
  const clear = posted === null ? null : normalOrderSource(meant(deps, posted, account.order_source, accountId));
  const route = orderRouteOf(clear, deps.env.BROKER_SOURCE_ADDRESS, orderRouteGuardOf(deps.env));
  const refused = await refusedOrderRoute(route);
  if (refused)
    throw invalid(
      `order_source: ${refused} (an order route may not point there unless ORDER_ROUTE_ALLOWED_ADDRESSES lists it)`,
    );
  const [updated] = await deps.db
    .update(accounts)
    .set({
      order_source: clear === null ? null : sealOrderSource(deps, clear),
      order_ip_refusal: null,
      order_ip_refused_at: null,
    })
    .where(eq(accounts.trabot_account_id, accountId))
    .returning();
  if (!updated) throw new DomainError('not_found', 'Account not found');
  return {
    trabot_account_id: accountId,
    // `clear` is in normal form: what the stored value opens to.
    order_source: clear && maskUrlCredentials(clear),
    order_address: describeOrderRoute(route),
  };
}
