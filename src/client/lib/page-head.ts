/**
 * What routes put in the document head (their `head` option; `<HeadContent />` in the root route
 * renders it, and the build's prerendered pages carry what it rendered). The root route gives every
 * page the site's title and description; a page's route overrides them: `titleHead` for a page
 * that only names itself (the dashboard), `publicPageHead` for a page a crawler or a shared link
 * sees (canonical link, Open Graph and Twitter tags).
 */
import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useState } from 'react';
import { ROUTE_HEAD_TAGS } from '@shared/route-head-tags';
import { SITE } from '@client/site-config';

type Meta = { title: string } | { name: string; content: string } | { property: string; content: string };
export interface PageHead {
  meta: Meta[];
  links?: { rel: string; href: string }[];
}

/** "Trades | Trabot". */
export const pageTitle = (name: string): string => `${name} | ${SITE.name}`;

/** Absolute, as Open Graph asks and a canonical link should be: the public site's address. */
const siteUrl = (path: string): string => new URL(path, SITE.origin).href;

/** The root route's: a page without a head of its own is "Trabot" with the site's description. */
export const SITE_HEAD: PageHead = {
  meta: [{ title: SITE.name }, { name: 'description', content: SITE.description }],
};

export const titleHead = (name: string): PageHead => ({ meta: [{ title: pageTitle(name) }] });

export interface PublicPage {
  /** The full document title, e.g. "Online Workshops | Trabot". */
  title: string;
  description: string;
  /** The canonical path of the page ("/" for every address that shows the home page). */
  path: string;
}

export function publicPageHead({ title, description, path }: PublicPage): PageHead {
  const url = siteUrl(path);
  const image = siteUrl(SITE.shareImage.path);
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:site_name', content: SITE.name },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: url },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: String(SITE.shareImage.width) },
      { property: 'og:image:height', content: String(SITE.shareImage.height) },
      { property: 'og:image:alt', content: SITE.shareImage.alt },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

/**
 * For the root route, next to <HeadContent />: drops the head tags the HTML came with (index.html's
 * <title>, a prerendered page's tags) once React has put in the routes' own. React (createRoot, no
 * hydration) adds its <title>, <meta> and <link> beside those of the HTML rather than reusing them:
 * without this there would be two of each. The new title goes in first, so the tab's title never
 * blanks.
 */
export function useHtmlHeadTakeover(): void {
  // Read before the first commit, so none of React's own tags are among them.
  const [fromHtml] = useState(() => Array.from(document.head.querySelectorAll(ROUTE_HEAD_TAGS)));
  // The router runs the routes' `head` once their loaders are done: not yet while a route shows its
  // loading state (a prerendered page's tags stay until then).
  const routeTagsIn = useRouterState({ select: (state) => state.matches.some((match) => match.meta !== undefined) });
  useLayoutEffect(() => {
    if (routeTagsIn) for (const tag of fromHtml) tag.remove();
  }, [routeTagsIn, fromHtml]);
}
