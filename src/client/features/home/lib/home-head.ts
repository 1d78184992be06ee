/** The home page's head (its routes: /, /home and any unknown path; canonical /). */
import { publicPageHead } from '@client/lib/page-head';
import { SITE } from '@client/site-config';

export const HOME_HEAD = publicPageHead({
  title: `${SITE.name}: algorithmic trading research, free workshops and membership`,
  description: `${SITE.name} builds and trades algorithmic trading systems for Indian markets, develops algorithms for firms and investors, runs free technical-analysis workshops and a membership for retail traders.`,
  path: '/',
});
