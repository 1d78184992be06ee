/**
 * The stored enquiry HTML as React elements, rebuilt through an allow-list: the text is parsed with
 * DOMParser (an inert document: no script runs, nothing loads) and only p, br, strong, em, ul, ol,
 * li, b and i are recreated, WITHOUT any attribute. Other elements give their text; scripts, styles
 * and the like are dropped with their content. Nothing of the parsed document reaches the page.
 */
import { createElement, Fragment, type ReactNode } from 'react';

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'b', 'i']);
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'xmp',
  'noembed',
  'noframes',
]);
/** Deeper nesting than any form produces is flattened to text. */
const MAX_DEPTH = 32;

function rebuild(nodes: NodeListOf<ChildNode>, depth: number): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, key) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = (node as Element).localName;
    if (DROPPED.has(tag)) return;
    if (depth >= MAX_DEPTH) {
      out.push(node.textContent);
      return;
    }
    const children = rebuild(node.childNodes, depth + 1);
    if (tag === 'br') out.push(createElement('br', { key }));
    else if (ALLOWED.has(tag)) out.push(createElement(tag, { key }, ...children));
    else out.push(createElement(Fragment, { key }, ...children));
  });
  return out;
}

export function safeHtml(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return rebuild(doc.body.childNodes, 0);
}
