/** The workshops page's title (its heading, also while loading or failed) and head. */
import { pageTitle, publicPageHead } from '@client/lib/page-head';

export const WORKSHOPS_TITLE = 'Online Workshops';

export const WORKSHOPS_HEAD = publicPageHead({
  title: pageTitle(WORKSHOPS_TITLE),
  description:
    'Free, expert-led online workshops on technical analysis and algorithmic trading for Indian markets. Limited seats, Sundays at 10:00AM IST.',
  path: '/workshops',
});
