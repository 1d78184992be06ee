import { Link } from '@tanstack/react-router';
import { MembershipWorkflow } from '@client/features/membership';
import { HomeSection } from './home-section';

export function MembershipSection() {
  return (
    <HomeSection id="membership" title="Membership">
      <p className="section-intro">
        A paid programme for retail traders in India who want to trade systematically. Members learn from the team that
        builds and trades our algorithms, share ideas in a private chat community, and may volunteer to test our
        proprietary algorithms with limited capital, subject to availability. Slots are limited.
      </p>
      <MembershipWorkflow />
      <Link to="/trabot-membership" className="button-link button-link-solid">
        Explore More
      </Link>
    </HomeSection>
  );
}
