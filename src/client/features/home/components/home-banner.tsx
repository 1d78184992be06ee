import { Link } from '@tanstack/react-router';
import { SITE } from '@client/site-config';

export function HomeBanner() {
  return (
    <section className="home-banner" aria-labelledby="home-title">
      <div className="home-banner-text">
        <p className="home-eyebrow">Technical-analysis research for Indian markets</p>
        <h1 id="home-title">Algorithmic trading systems, researched and tested before they trade</h1>
        <p>
          {SITE.name} designs, backtests and runs rule-based trading systems for NSE stocks and derivatives. We build
          them for firms, add them to portfolios, and teach traders how they work, starting with free workshops.
        </p>
        <div className="home-banner-actions">
          <Link to="." hash="services" className="button-link button-link-solid">
            Explore Our Services
          </Link>
          <Link to="/workshops" className="button-link">
            Join a Free Workshop
          </Link>
        </div>
      </div>
      <img
        className="home-banner-art"
        src="/images/hero-chart.svg"
        alt="A candlestick chart with a moving average and the buy and sell signals of a trading system"
        width="560"
        height="400"
        fetchPriority="high"
      />
    </section>
  );
}
