/** Membership details: the route is the product name followed by -membership (spec section 2). */
import { createFileRoute } from '@tanstack/react-router';
import { MembershipPage } from '@client/features/membership/components/membership-page';

export const Route = createFileRoute('/trabot-membership')({
  component: MembershipPage,
});
