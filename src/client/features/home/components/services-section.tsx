/**
 * Our Services (spec section 2): four cards. Research and Portfolio open their enquiry form in the
 * Contact Us modal; Free Education and Membership lead to their sections.
 */
import { Link } from '@tanstack/react-router';
import { flaskOutline, peopleOutline, schoolOutline, trendingUpOutline } from 'ionicons/icons';
import { Icon } from '@shared/ui/icon';
import { useState, type ReactNode } from 'react';
import { PortfolioEnquiryModal, ResearchEnquiryModal } from '@client/features/public-forms';
import { HomeSection } from './home-section';

type OpenForm = 'research' | 'portfolio' | null;

interface ServiceCardProps {
  icon: string;
  title: string;
  children: ReactNode;
  action: ReactNode;
  /** Pointing at the card starts loading its form. */
  onIntent?: () => void;
}

function ServiceCard({ icon, title, children, action, onIntent }: ServiceCardProps) {
  return (
    <article className="service-card" onPointerEnter={onIntent}>
      <Icon icon={icon} className="service-icon" />
      <h3>{title}</h3>
      <p>{children}</p>
      {action}
    </article>
  );
}

export function ServicesSection() {
  const [open, setOpen] = useState<OpenForm>(null);
  const close = () => setOpen(null);
  const contactButton = (form: Exclude<OpenForm, null>, preload: () => void, label: string) => (
    <button
      type="button"
      className="button-link button-link-solid"
      onClick={() => setOpen(form)}
      onFocus={preload}
      aria-label={`Contact Us about ${label}`}
    >
      Contact Us
    </button>
  );

  return (
    <HomeSection id="services" title="Our Services">
      <p className="section-intro">
        From a single strategy to a firm's whole portfolio, we bring the same method: precise rules, honest testing on
        Indian market data, and risk controls built in from the start.
      </p>
      <div className="card-grid">
        <ServiceCard
          icon={flaskOutline}
          title="Research and Development"
          onIntent={ResearchEnquiryModal.preload}
          action={contactButton('research', ResearchEnquiryModal.preload, 'Research and Development')}
        >
          Consultancy and development of algorithmic trading systems. We turn your trading idea into exact rules,
          backtest it with brokerage, taxes and slippage included, and build the system that trades it.
        </ServiceCard>
        <ServiceCard
          icon={trendingUpOutline}
          title="Portfolio Enhancement"
          onIntent={PortfolioEnquiryModal.preload}
          action={contactButton('portfolio', PortfolioEnquiryModal.preload, 'Portfolio Enhancement')}
        >
          Proprietary algorithms for investment firms: rule-based strategies with documented risk controls that can
          diversify returns and soften drawdowns in an existing portfolio.
        </ServiceCard>
        <ServiceCard
          icon={schoolOutline}
          title="Free Education"
          action={
            <Link to="." hash="freelearning" className="button-link">
              Learn More
            </Link>
          }
        >
          Free expert-led workshops with limited seats, monthly webinars and a community chat group for traders who want
          to learn systematic trading.
        </ServiceCard>
        <ServiceCard
          icon={peopleOutline}
          title="Membership"
          action={
            <Link to="." hash="membership" className="button-link">
              Learn More
            </Link>
          }
        >
          A paid programme for retail traders in India: mentorship, optional testing of our algorithms with limited
          capital, and a private chat community.
        </ServiceCard>
      </div>
      <ResearchEnquiryModal isOpen={open === 'research'} onClose={close} />
      <PortfolioEnquiryModal isOpen={open === 'portfolio'} onClose={close} />
    </HomeSection>
  );
}
