/**
 * User Timing marks of a prerendered page's takeover, read by the bench
 * (bench/takeover.ts): boot.ts marks the start (with its own copy of the name: it imports nothing,
 * so as not to pull the app into its chunk), prerendered-page.ts the moment the live app is shown.
 */
export const TAKEOVER_START_MARK = 'trabot:takeover-start';
export const LIVE_PAGE_MARK = 'trabot:live-page-shown';
