/**
 * The landing page (spec sections 1 and 2): banner, services, mission and values, membership, free
 * learning and about us, each an anchor the header and footer link to. Opening it with an anchor
 * scrolls to that section (smoothly unless the visitor prefers reduced motion).
 */
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { Page } from '@client/components/page';
import { useSectionScroll } from '../hooks/use-section-scroll';
import { AboutSection } from './about-section';
import { FreeLearningSection } from './free-learning-section';
import { HomeBanner } from './home-banner';
import { MembershipSection } from './membership-section';
import { MissionSection } from './mission-section';
import { ServicesSection } from './services-section';
import './home-page.css';

export function HomePage() {
  useSectionScroll();
  const hash = useRouterState({ select: (state) => state.location.hash });
  const [openedAtAnchor] = useState(() => hash !== '');
  return (
    <Page title="Home" showTitle={false}>
      <div className="home-page" data-opened-at-anchor={openedAtAnchor || undefined}>
        <HomeBanner />
        <ServicesSection />
        <MissionSection />
        <MembershipSection />
        <FreeLearningSection />
        <AboutSection />
      </div>
    </Page>
  );
}
