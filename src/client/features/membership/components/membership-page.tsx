/**
 * Membership details (spec sections 2 and 9): what the membership is, how it works, the fee and
 * its policies, algorithm testing, and "Fill Out the Interest Form" opening the interest form.
 */
import { chatbubblesOutline, flaskOutline, schoolOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Icon } from '@shared/ui/icon';
import { Page } from '@client/components/page';
import { SITE } from '@client/site-config';
import { MembershipInterestModal } from '@client/features/public-forms';
import { MEMBERSHIP_TITLE } from '../lib/membership-head';
import { TERMS } from '../lib/membership-terms';
import { MembershipWorkflow } from './membership-workflow';
import './membership-page.css';

const BENEFITS = [
  {
    icon: schoolOutline,
    title: 'Mentorship',
    text: 'Guidance from our research team on building, testing and running rule-based strategies for NSE stocks and derivatives: how to define entries and exits, size positions and judge a backtest honestly.',
  },
  {
    icon: chatbubblesOutline,
    title: 'Private community',
    text: 'A members-only chat group where traders share ideas, questions and lessons with each other and with our team.',
  },
  {
    icon: flaskOutline,
    title: 'Optional algorithm testing',
    text: `Members may volunteer to test our proprietary algorithms with limited capital, subject to availability: at most ${TERMS.maxMembersPerAlgo} members per algorithm, with capital from ${TERMS.minCapital} to ${TERMS.maxCapital}.`,
  },
] as const;

export function MembershipPage() {
  const [formOpen, setFormOpen] = useState(false);
  const interestButton = (
    <div className="membership-cta">
      <button
        type="button"
        className="app-button"
        onClick={() => setFormOpen(true)}
        onPointerEnter={MembershipInterestModal.preload}
        onFocus={MembershipInterestModal.preload}
      >
        Fill Out the Interest Form
      </button>
    </div>
  );

  return (
    <Page title={MEMBERSHIP_TITLE}>
      <p className="page-intro">
        The {SITE.name} membership is a paid programme for retail traders in India who want to trade systematically. It
        pairs mentorship from the team that builds and trades our algorithms with a private community of fellow members,
        and it gives those who wish the chance to test our proprietary algorithms with limited capital.
      </p>
      {interestButton}

      <section aria-labelledby="membership-benefits" className="membership-section">
        <h2 id="membership-benefits">What members get</h2>
        <ul className="membership-benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <Icon icon={benefit.icon} />
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="membership-how" className="membership-section">
        <h2 id="membership-how">How it works</h2>
        <MembershipWorkflow />
      </section>

      <section aria-labelledby="membership-fee" className="membership-section">
        <h2 id="membership-fee">Fee and policies</h2>
        <p className="membership-fee">
          <strong>{TERMS.feeUsd}</strong> or <strong>{TERMS.feeInr}</strong> per month, including taxes. The fee is
          subject to change.
        </p>
        <ul className="membership-policies">
          <li>
            The fee is due from the {TERMS.dueFrom} to the {TERMS.dueBy} of each month.
          </li>
          <li>
            A membership not paid by the {TERMS.dueBy} is cancelled automatically, and its slot is reopened for the next
            applicant.
          </li>
          <li>Fees are non-refundable.</li>
          <li>Opting out before the {TERMS.dueBy} of a month requires no payment for that month.</li>
          <li>
            Slots are limited: an application may be accepted or rejected, and a membership may be cancelled, at any
            time.
          </li>
        </ul>
      </section>

      <section aria-labelledby="membership-testing" className="membership-section">
        <h2 id="membership-testing">Algorithm testing</h2>
        <p>
          Testing is voluntary and depends on availability. To keep each test meaningful and its risk contained, at most{' '}
          {TERMS.maxMembersPerAlgo} members test any one algorithm, each with capital of at least {TERMS.minCapital} and
          at most {TERMS.maxCapital}. Testing trades real money in live markets: only use capital you can afford to
          lose.
        </p>
      </section>

      <section aria-labelledby="membership-apply" className="membership-section membership-apply">
        <h2 id="membership-apply">Interested?</h2>
        <p>
          Tell us about your trading and what you want from the membership. We review every application and reply by
          e-mail.
        </p>
        {interestButton}
      </section>

      <MembershipInterestModal isOpen={formOpen} onClose={() => setFormOpen(false)} />
    </Page>
  );
}
