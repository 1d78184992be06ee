/**
 * The frame of every routed page: the main landmark and the content width. The page heading shows
 * the title unless the page draws its own (showTitle=false). The document title is the route's
 * (its `head` option, src/client/lib/page-head.ts).
 */
import type { ReactNode } from 'react';
import './page.css';

export interface PageProps {
  title: string;
  children: ReactNode;
  showTitle?: boolean;
  /** Up to 1600 px wide instead of 1200: for tables with many columns (a laptop shows them whole). */
  wide?: boolean;
}

export function Page({ title, children, showTitle = true, wide = false }: PageProps) {
  return (
    <main id="main-content" className={wide ? 'page page--wide' : 'page'} tabIndex={-1}>
      {showTitle && <h1 className="page-title">{title}</h1>}
      {children}
    </main>
  );
}
