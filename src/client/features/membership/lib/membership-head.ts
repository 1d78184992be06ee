/** The membership page's title (its heading) and head. */
import { pageTitle, publicPageHead } from '@client/lib/page-head';
import { SITE } from '@client/site-config';
import { TERMS } from './membership-terms';

export const MEMBERSHIP_TITLE = `${SITE.name} Membership`;

export const MEMBERSHIP_HEAD = publicPageHead({
  title: pageTitle(MEMBERSHIP_TITLE),
  description: `A membership for retail traders in India: mentorship, a private community and optional algorithm testing. ${TERMS.feeUsd} or ${TERMS.feeInr} a month including taxes.`,
  path: '/trabot-membership',
});
