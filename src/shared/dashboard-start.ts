/**
 * Where a member's visit to the dashboard starts, shared by the client, which makes these requests,
 * and the server, which names them in the page's HTML for a logged-in visitor
 * (src/server/pages/dashboard-preloads.ts) so they leave with the page's scripts.
 */
/** Where login lands: the member's trades. */
export const HOME_AFTER_LOGIN = '/dashboard/trades';
/** The session check every page makes first. */
export const CHECK_SESSION_PATH = '/api/check-session';
/** The signed-in user's own trades, every status (the trades page filters them). */
export const OWN_TRADES_PATH = '/api/account-trades?status=active';
/**
 * The member's trades page prerendered in its loading state (scripts/prerender.ts), which the
 * server answers a member's visit with, the member's first trade cards in place
 * (src/server/pages/member-trades-markup.ts).
 */
export const MEMBER_TRADES_PAGE_FILE = 'dashboard-trades.html';
