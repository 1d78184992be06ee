/**
 * What the workshops page shows with or without its list: title and intro. While
 * the list loads, the frame shows placeholder cards (the route's pending view); that state is also
 * what the build prerenders as workshops.html, so a first visit paints the page from the HTML.
 */
import type { ReactNode } from 'react';
import { Page } from '@client/components/page';
import { SITE } from '@client/site-config';
import { WORKSHOPS_TITLE } from '../lib/workshops-head';
import './workshops-page.css';

const PLACEHOLDER_CARDS = 2;

export function WorkshopsFrame({ children }: { children: ReactNode }) {
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
