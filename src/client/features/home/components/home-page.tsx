/**
 * The landing page (spec sections 1 and 2): banner, services, mission, membership, free learning
 * and about us, each an anchor the header and footer link to. The enquiry forms, intro video and
 * chat-group link arrive with the public-forms issue; until then Contact Us writes an e-mail.
 */
import { Link } from '@tanstack/react-router';
import { Page } from '../../../components/page';
import { SITE } from '../../../site-config';
import './home-page.css';

const contactHref = (subject: string) => `mailto:${SITE.email}?subject=${encodeURIComponent(subject)}`;

export function HomePage() {
  return (
    <Page title="Home" showTitle={false}>
      <section className="home-banner" aria-labelledby="home-title">
        <h1 id="home-title">Algorithmic trading systems, researched and traded by technical analysts</h1>
        <p>
          {SITE.name} builds and trades automated trading systems, helps firms and traders put them to work, and
          teaches what it learns in free workshops.
        </p>
        <div className="home-banner-actions">
          <Link to="/" hash="services" className="button-link button-link-solid">
            Our Services
          </Link>
          <Link to="/workshops" className="button-link">
            Free Workshops
          </Link>
        </div>
      </section>

      <section id="services" className="home-section" aria-labelledby="services-title">
        <h2 id="services-title">Our Services</h2>
        <div className="card-grid">
          <article className="info-card">
            <h3>Research and Development</h3>
            <p>Consultancy and development of algorithmic trading systems, from strategy research to live execution.</p>
            <a className="button-link" href={contactHref('Research Enquiry')}>
              Contact Us
            </a>
          </article>
          <article className="info-card">
            <h3>Portfolio Enhancement</h3>
            <p>Proprietary algorithms that investment firms can add to their portfolios.</p>
            <a className="button-link" href={contactHref('Portfolio Enquiry')}>
              Contact Us
            </a>
          </article>
          <article className="info-card">
            <h3>Free Education</h3>
            <p>Free expert-led workshops with limited seats, monthly webinars and a community chat group.</p>
            <Link to="/" hash="freelearning" className="button-link">
              Learn More
            </Link>
          </article>
          <article className="info-card">
            <h3>Membership</h3>
            <p>A paid programme for retail traders in India: mentorship, algorithm testing and a private community.</p>
            <Link to="/" hash="membership" className="button-link">
              Learn More
            </Link>
          </article>
        </div>
      </section>

      <section id="mission" className="home-section" aria-labelledby="mission-title">
        <h2 id="mission-title">Our Mission and Values</h2>
        <p>
          We want systematic trading to be understood, tested and used with discipline. Every system we trade is
          built from technical analysis, tested before it risks capital, and run by rules rather than by emotion.
        </p>
        <ul className="values-list">
          <li>
            <strong>Evidence first:</strong> ideas are backtested and validated before they trade.
          </li>
          <li>
            <strong>Risk before return:</strong> position sizing and stop-losses are part of every system.
          </li>
          <li>
            <strong>Open learning:</strong> we share our methods through free workshops and webinars.
          </li>
        </ul>
      </section>

      <section id="membership" className="home-section" aria-labelledby="membership-title">
        <h2 id="membership-title">Membership</h2>
        <p>
          The membership programme is for retail traders in India. Members get mentorship, a private chat community
          and, optionally and subject to availability, the chance to test our proprietary algorithms with limited
          capital.
        </p>
        <Link to="/trabot-membership" className="button-link button-link-solid">
          Explore More
        </Link>
      </section>

      <section id="freelearning" className="home-section" aria-labelledby="freelearning-title">
        <h2 id="freelearning-title">Free Learning</h2>
        <p>
          Expert-led workshops with limited seats, monthly webinars and a community chat group, free for everyone who
          wants to learn systematic trading.
        </p>
        <Link to="/workshops" className="button-link button-link-solid">
          Explore More
        </Link>
      </section>

      <section id="aboutus" className="home-section" aria-labelledby="aboutus-title">
        <h2 id="aboutus-title">About Us</h2>
        <p>
          {SITE.name} is a technical-analysis research firm. We design, build and trade automated algorithmic trading
          systems, and we offer our research to firms and our experience to traders who want to learn.
        </p>
      </section>
    </Page>
  );
}
