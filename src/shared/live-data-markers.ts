/**
 * The HTML comments around the loading state of a prerendered page with live data
 * (scripts/prerender.ts writes them): the server answering the page puts the data's markup between
 * them (src/server/http/serve-client.ts), so a first visit shows the data without waiting for any script.
 */
export const LIVE_DATA_START = 'live-data';
export const LIVE_DATA_END = '/live-data';
/**
 * Marks the elements a server rendered from a visitor's own data (the member's trade cards): the
 * app's takeover then waits for the live page to have its data too (no swap back to "Loading").
 */
export const SERVER_DATA_ATTR = 'data-server-data';
/** On a prerendered #root with live data: the selector of its loading state (scripts/prerender.ts). */
export const LOADING_SELECTOR_ATTR = 'data-loading-selector';
