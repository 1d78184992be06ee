/**
 * What the workshops page shows with or without its list: title, intro and the page's meta. While
 * the list loads, the frame shows placeholder cards (the route's pending view); that state is also
 * what the build prerenders as workshops.html, so a first visit paints the page from the HTML.
 */
import type { ReactNode } from 'react';
import { Page } from '@client/components/page';
import { useDocumentMeta } from '@client/lib/use-document-meta';
import { SITE } from '@client/site-config';
import './workshops-page.css';

const WORKSHOPS_TITLE = 'Online Workshops';
const WORKSHOPS_DESCRIPTION =
  'Free, expert-led online workshops on technical analysis and algorithmic trading for Indian markets. Limited seats, Sundays at 10:00AM IST.';
const PLACEHOLDER_CARDS = 2;

export function WorkshopsFrame({ children }: { children: ReactNode }) {
  useDocumentMeta({ title: `${WORKSHOPS_TITLE} | ${SITE.name}`, description: WORKSHOPS_DESCRIPTION, path: '/workshops' });
  return (
    <Page title={WORKSHOPS_TITLE}>
      <p className="page-intro">
        Free, expert-led workshops on technical analysis and systematic trading in Indian markets, run online by the
        research team behind {SITE.name}'s algorithms. Seats are limited so that every participant can ask questions.
      </p>
      {children}
    </Page>
  );
}

export function WorkshopsLoading() {
  return (
    <WorkshopsFrame>
      <div className="workshop-list workshop-list-loading" role="status" aria-label="Loading workshops">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          <div key={i} className="workshop-card workshop-card-placeholder" />
        ))}
      </div>
    </WorkshopsFrame>
  );
}
