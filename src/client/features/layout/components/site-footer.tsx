/** The public footer of spec section 2 (hidden on dashboard paths by the layout). */
import { Link } from '@tanstack/react-router';
import { logoLinkedin, logoX, mailOutline } from 'ionicons/icons';
import { Icon } from '@shared/ui/icon';
import { SITE } from '@client/site-config';
import { FOOTER_QUICK_LINKS } from '../nav-links';
import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {SITE.name}
          </h2>
          <p>{SITE.blurb}</p>
          <ul className="footer-social">
            <li>
              <a
                href={SITE.social.microblog.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={SITE.social.microblog.label}
              >
                <Icon icon={logoX} />
              </a>
            </li>
            <li>
              <a
                href={SITE.social.professional.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={SITE.social.professional.label}
              >
                <Icon icon={logoLinkedin} />
              </a>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            Quick Links
          </h2>
          <ul className="footer-links">
            {FOOTER_QUICK_LINKS.map((link) => (
              <li key={link.label}>
                <Link to="/" hash={link.hash}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            Contact
          </h2>
          <a className="footer-email" href={`mailto:${SITE.email}`}>
            <Icon icon={mailOutline} />
            {SITE.email}
          </a>
        </section>
      </div>
      <p className="footer-disclaimer">
        <strong>Disclaimer:</strong> everything on this site is for educational purposes only and is not investment
        advice. Trading involves risk: every trader must do their own research before making any trading decision. All
        content is protected by copyright.
      </p>
      <p className="footer-copyright">
        © {SITE.copyrightYear} {SITE.name}. All rights reserved.
      </p>
    </footer>
  );
}
