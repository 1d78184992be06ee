/**
 * The HTML comments around the loading state of a prerendered page with live data
 * (scripts/prerender.ts writes them): the server answering the page puts the data's markup between
 * them (src/server/http/serve-client.ts), so a first visit shows the data without waiting for any script.
 */
export const LIVE_DATA_START = 'live-data';
export const LIVE_DATA_END = '/live-data';
