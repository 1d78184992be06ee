/**
 * Membership details (spec sections 2 and 9): what members get, the policies and the fee. The
 * interest form arrives with the public-forms issue; until then interest is expressed by e-mail.
 */
import { ALGO_TESTING, MEMBERSHIP_FEE } from '../../../../shared/constants';
import { Page } from '../../../components/page';
import { SITE } from '../../../site-config';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function MembershipPage() {
  const { fromDay, toDay } = MEMBERSHIP_FEE.paymentWindow;
  return (
    <Page title={`${SITE.name} Membership`}>
      <p className="page-intro">
        A paid programme for retail traders in India who want to trade systematically, with mentorship from our
        research team and a private chat community of fellow members.
      </p>

      <h2>What members get</h2>
      <ul>
        <li>Mentorship on building, testing and running trading strategies.</li>
        <li>
          Optional, voluntary testing of our proprietary algorithms with limited capital, subject to availability: at
          most {ALGO_TESTING.maxMembersPerAlgo} members per algorithm, with capital between{' '}
          {usd.format(ALGO_TESTING.minCapitalUsd)} and {usd.format(ALGO_TESTING.maxCapitalUsd)}.
        </li>
        <li>A private chat community.</li>
      </ul>

      <h2>Fee and policies</h2>
      <ul>
        <li>
          {usd.format(MEMBERSHIP_FEE.usd)} or {inr.format(MEMBERSHIP_FEE.inr)} per month including taxes, subject to
          change.
        </li>
        <li>
          The fee is due from the {fromDay}st to the {toDay}th of each month. Membership not paid by the {toDay}th is
          cancelled automatically and the slot is reopened.
        </li>
        <li>Fees are non-refundable; opting out before the {toDay}th of a month requires no payment for it.</li>
        <li>Membership may be accepted, rejected or cancelled at any time.</li>
      </ul>

      <p>
        Interested? Write to us at{' '}
        <a href={`mailto:${SITE.email}?subject=${encodeURIComponent('Membership Interest')}`}>{SITE.email}</a> and we
        will get back to you.
      </p>
    </Page>
  );
}
