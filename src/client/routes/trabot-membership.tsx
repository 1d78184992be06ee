import { createFileRoute } from '@tanstack/react-router';
import { MembershipPage } from '../features/home/components/membership-page';

export const Route = createFileRoute('/trabot-membership')({
  component: MembershipPage,
});
