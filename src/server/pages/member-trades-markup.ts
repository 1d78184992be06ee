/**
 * The member's trades page (dashboard-trades.html, scripts/prerender.ts) with the member's first
 * running trades in place of its loading state, so that a phone paints the trade cards from the
 * HTML instead of waiting for the app's scripts, the session check and the trades request.
 *
 * The cards are the phone's (trade-cards-markup.ts). A wide screen shows the table instead: there
 * the cards are hidden by CSS (trades.css) and the loading state shows until the app takes over.
 *
 * Only for a live session of a member with an account (the superadmin's trades page is another's
 * view; a visitor without a session is sent to /login by the app): null otherwise, and the server
 * answers the plain shell as before. The trades are the member's own, read by the service the API
 * uses (listAccountTrades, the member's view of the statuses).
 */
import type { Context } from 'hono';
import { DEFAULT_TRADE_FILTER, TRADE_FILTER_STATUSES } from '@shared/constants';
import { findSession, sessionTokenHashOf } from '../auth/sessions';
import type { AppEnv } from '../context';
import { listAccountTrades } from '../services/trades';
import { tradeCardsMarkup } from './trade-cards-markup';

/** The markup for this request's member, or null when the page should be the plain shell. */
export async function memberTradesMarkup(c: Context<AppEnv>): Promise<string | null> {
  // Another filter in the URL (?status=completed) lists other trades than the running ones.
  const filter = c.req.query('status');
  if (filter !== DEFAULT_TRADE_FILTER && TRADE_FILTER_STATUSES.some((known) => known === filter)) return null;
  const tokenHash = sessionTokenHashOf(c);
  if (!tokenHash) return null;
  const { db } = c.get('deps');
  const session = await findSession(db, tokenHash);
  const accountId = session?.user.account_id ?? null;
  if (!session || session.user.role !== 'member' || accountId === null) return null;
  return tradeCardsMarkup(await listAccountTrades(db, accountId, 'active', 'member'));
}
