/**
 * The document-head tags the client's routes manage (their `head` option, src/client/lib/page-head.ts):
 * scripts/prerender.ts copies them from a rendered page into its HTML, and the app drops those of
 * the HTML once it has rendered its own.
 */
export const ROUTE_HEAD_TAGS =
  'title, meta[name="description"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]';
