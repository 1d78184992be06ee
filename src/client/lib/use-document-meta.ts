/**
 * Title, description, canonical link and Open Graph / Twitter tags of a public page. The tags of
 * index.html are the defaults: a page updates them while it is shown and puts them back after.
 */
import { useEffect } from 'react';
import { SITE } from '@client/site-config';

export interface DocumentMeta {
  /** The full document title, e.g. "Online Workshops | Trabot". */
  title: string;
  description: string;
  /** The canonical path of the page ("/" for every address that shows the home page). */
  path: string;
  type?: 'website' | 'article';
}

type Tag = readonly ['name' | 'property', string];

const DESCRIPTION: Tag = ['name', 'description'];
const OG = (key: string): Tag => ['property', `og:${key}`];
const TWITTER = (key: string): Tag => ['name', `twitter:${key}`];

function metaElement([attr, key]: Tag): HTMLMetaElement {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  return el;
}

function canonicalLink(): HTMLLinkElement {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.append(el);
  }
  return el;
}

/** Every tag a page sets, with its content. Absolute URLs, as Open Graph requires. */
export function metaTags({ title, description, path, type = 'website' }: DocumentMeta, origin: string): [Tag, string][] {
  const url = new URL(path, origin).href;
  const image = new URL(SITE.shareImage.path, origin).href;
  return [
    [DESCRIPTION, description],
    [OG('site_name'), SITE.name],
    [OG('title'), title],
    [OG('description'), description],
    [OG('type'), type],
    [OG('url'), url],
    [OG('image'), image],
    [OG('image:width'), String(SITE.shareImage.width)],
    [OG('image:height'), String(SITE.shareImage.height)],
    [OG('image:alt'), SITE.shareImage.alt],
    [TWITTER('card'), 'summary_large_image'],
    [TWITTER('title'), title],
    [TWITTER('description'), description],
    [TWITTER('image'), image],
  ];
}

export function useDocumentMeta(meta: DocumentMeta): void {
  const { title, description, path, type } = meta;
  useEffect(() => {
    const tags = metaTags({ title, description, path, type }, window.location.origin);
    const elements = tags.map(([tag]) => metaElement(tag));
    const previous = elements.map((el) => el.getAttribute('content'));
    const link = canonicalLink();
    const previousHref = link.getAttribute('href');
    const previousTitle = document.title;

    document.title = title;
    tags.forEach(([, content], i) => elements[i]!.setAttribute('content', content));
    link.href = new URL(path, window.location.origin).href;

    return () => {
      document.title = previousTitle;
      elements.forEach((el, i) => {
        const content = previous[i];
        if (content === null || content === undefined) el.remove();
        else el.setAttribute('content', content);
      });
      if (previousHref === null) link.remove();
      else link.setAttribute('href', previousHref);
    };
  }, [title, description, path, type]);
}
