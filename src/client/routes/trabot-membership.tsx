/** Membership details: the route is the product name followed by -membership (spec section 2). */
import { createFileRoute } from '@tanstack/react-router';
import { MembershipPage } from '@client/features/membership/components/membership-page';
import { MEMBERSHIP_HEAD } from '@client/features/membership/lib/membership-head';

export const Route = createFileRoute('/trabot-membership')({
  head: () => MEMBERSHIP_HEAD,
  component: MembershipPage,
});
