/**
 * Membership interest (spec sections 3, 5 and 9): every field required except comments, the six
 * yes/no acknowledgements restate the membership terms. Sent as "Membership Interest".
 */
import { ALGO_TESTING, MEMBERSHIP_FEE } from '../constants';
import type { EnquiryFormDefinition } from '../schemas/public-forms';
import { indianNumberText, usNumberText } from '../number-text';
import { buildFormSchema, labelled, type FormAnswers } from './form-definition';
import { email, longText, multi, phone, radio, shortText, yesNo } from './fields';

const inr = indianNumberText(MEMBERSHIP_FEE.inr);
const { fromDay, toDay } = MEMBERSHIP_FEE.paymentWindow;

export const membershipInterestForm = {
  id: 'membership-interest',
  title: 'Membership Interest Form',
  enquiryType: 'Membership Interest',
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        shortText('fullName', 'Full name', { autoComplete: 'name', maxLength: 100 }),
        email('email', 'Email address'),
        phone('contactNumber', 'Contact number', 'any'),
        shortText('region', 'Where are you based (city and state)?', { autoComplete: 'address-level1' }),
        radio('referralSource', 'How did you hear about the membership?', [
          { value: 'youtube', label: 'YouTube' },
          { value: 'linkedin', label: 'LinkedIn' },
          { value: 'website', label: 'Our website' },
          { value: 'referral', label: 'Referred by someone' },
          { value: 'other', label: 'Other' },
        ]),
      ],
    },
    {
      id: 'trading',
      title: 'Your trading',
      fields: [
        radio('tradingExperience', 'How experienced are you as a trader?', [
          { value: 'beginner', label: 'Beginner' },
          { value: 'intermediate', label: 'Intermediate' },
          { value: 'advanced', label: 'Advanced' },
        ]),
        radio('tradingStyle', 'How do you make your trading decisions?', [
          { value: 'discretionary', label: 'Discretionary (judgement on each trade)' },
          { value: 'mechanical', label: 'Mechanical (fixed rules)' },
          { value: 'partial', label: 'Partly mechanical, partly discretionary' },
        ]),
        multi(
          'goals',
          'What do you want from the membership?',
          labelled(
            'Mentorship',
            'Strategy Development',
            'Community Engagement',
            'Access to Proprietary Trading Tools',
            'Other',
          ),
        ),
      ],
    },
    {
      id: 'terms',
      title: 'Membership terms',
      fields: [
        yesNo(
          'mentorshipUnderstanding',
          'Do you understand that the membership is mentorship and education, not investment advice?',
        ),
        yesNo(
          'feeUnderstanding',
          `Do you understand that the fee is ${MEMBERSHIP_FEE.usd} USD or ${inr} INR a month including taxes, and may change?`,
        ),
        yesNo(
          'limitedSlots',
          'Do you understand that slots are limited and an application may be accepted or rejected?',
        ),
        yesNo(
          'paymentDeadline',
          `Do you understand that the fee is due between the ${fromDay}st and the ${toDay}th of each month and is non-refundable?`,
        ),
        yesNo(
          'paymentTermination',
          `Do you understand that a fee unpaid by the ${toDay}th cancels the membership automatically and reopens the slot?`,
        ),
        yesNo(
          'rejoinPolicy',
          `Do you understand that after a cancellation you apply again to rejoin, and that opting out before the ${toDay}th needs no payment?`,
        ),
      ],
    },
    {
      id: 'skills',
      title: 'Skills and testing',
      fields: [
        longText('expertise', 'What expertise would you bring (e.g. programming, statistics, chart reading)?'),
        yesNo(
          'algorithmTesting',
          `Would you volunteer to test our algorithms with limited capital (USD ${usNumberText(ALGO_TESTING.minCapitalUsd)} to ${usNumberText(ALGO_TESTING.maxCapitalUsd)}, at most ${ALGO_TESTING.maxMembersPerAlgo} members per algorithm, subject to availability)?`,
        ),
        longText('comments', 'Anything else you would like to tell us? (optional)', { required: false }),
      ],
    },
  ],
} as const satisfies EnquiryFormDefinition;

export type MembershipInterestAnswers = FormAnswers<typeof membershipInterestForm>;
export const membershipInterestSchema = buildFormSchema(membershipInterestForm);
