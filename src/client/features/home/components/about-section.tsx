import { SITE } from '@client/site-config';
import { HomeSection } from './home-section';

export function AboutSection() {
  return (
    <HomeSection id="aboutus" title="About Us">
      <div className="about-text">
        <p>
          {SITE.name} is a technical-analysis research firm. We design, build and trade automated algorithmic trading
          systems, with a focus on NSE-listed stocks, indices and their derivatives. Our team combines traders who read
          price and volume every day with engineers who turn that reading into software that can be tested and trusted.
        </p>
        <p>
          The systems we run with our own capital are the ones we offer: to firms as research and development, to
          investment firms as portfolio enhancement, and to our members as mentorship and the chance to test them. What
          we learn along the way we teach for free.
        </p>
        <p>
          Questions? Write to us at <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
        </p>
      </div>
    </HomeSection>
  );
}
