import { Link } from '@tanstack/react-router';
import { chatbubblesOutline } from 'ionicons/icons';
import { Icon } from '@shared/ui/icon';
import { SITE } from '@client/site-config';
import { HomeSection } from './home-section';
import { IntroVideo } from './intro-video';

export function FreeLearningSection() {
  return (
    <HomeSection id="freelearning" title="Free Learning" className="free-learning">
      <div className="free-learning-text">
        <p className="section-intro">
          Learning systematic trading should not depend on what you can pay. Our free programme is open to every trader:
        </p>
        <ul className="free-learning-list">
          <li>
            <strong>Expert-led workshops</strong> on technical analysis, strategy building and risk management, with
            limited seats so that every question gets answered.
          </li>
          <li>
            <strong>Monthly webinars</strong> on what our research is finding in Indian markets.
          </li>
          <li>
            <strong>A community chat group</strong> to keep learning between sessions.
          </li>
        </ul>
        <div className="free-learning-actions">
          <Link to="/workshops" className="button-link button-link-solid">
            Explore More
          </Link>
          <a className="button-link" href={SITE.chatGroup.url} target="_blank" rel="noopener noreferrer">
            <Icon icon={chatbubblesOutline} />
            {SITE.chatGroup.label}
          </a>
        </div>
      </div>
      <IntroVideo />
    </HomeSection>
  );
}
