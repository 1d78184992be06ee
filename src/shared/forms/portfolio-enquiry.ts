/**
 * Portfolio Enhancement enquiry (spec sections 3 and 5): every field required unless marked
 * optional, every single choice required, multi-choice never required. Sent as "Portfolio
 * Enquiry". The visitor's draft is kept in localStorage under PORTFOLIO_DRAFT_KEY.
 */
import type { EnquiryFormDefinition } from '../schemas/public-forms';
import { buildFormSchema, labelled, type FormAnswers } from './form-definition';
import { email, longText, multi, phone, radio, select, shortText, yesNo } from './fields';

export const PORTFOLIO_DRAFT_KEY = 'trabot.portfolio-form';

/** Fund size bands in rupee crore, wide enough for an individual and for a fund house. */
export const FUND_SIZE_BANDS = [
  { value: 'under-1cr', label: 'Under ₹1 crore' },
  { value: '1-10cr', label: '₹1 crore to ₹10 crore' },
  { value: '10-50cr', label: '₹10 crore to ₹50 crore' },
  { value: '50-250cr', label: '₹50 crore to ₹250 crore' },
  { value: 'over-250cr', label: 'Over ₹250 crore' },
] as const;

export const PORTFOLIO_ENHANCEMENT_GOALS = [
  { value: 'risk-adjusted-returns', label: 'Improve risk-adjusted returns' },
  { value: 'reduce-drawdowns', label: 'Reduce drawdowns and volatility' },
  { value: 'diversify', label: 'Diversify with strategies uncorrelated to my holdings' },
  { value: 'hedge', label: 'Hedge existing positions' },
  { value: 'automate', label: 'Automate execution and reduce manual errors' },
] as const;

export const portfolioEnquiryForm = {
  id: 'portfolio-enquiry',
  title: 'Portfolio Enhancement Enquiry',
  enquiryType: 'Portfolio Enquiry',
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        radio('applicantType', 'Are you enquiring for a firm or as an individual?', [
          { value: 'firm', label: 'Firm' },
          { value: 'individual', label: 'Individual' },
        ]),
        shortText('firstName', 'First name', { autoComplete: 'given-name', maxLength: 100 }),
        shortText('lastName', 'Last name', { autoComplete: 'family-name', maxLength: 100 }),
        phone('phone', 'Phone number', 'any'),
        email('email', 'Email address'),
        shortText('companyName', 'Company name (optional)', { required: false, autoComplete: 'organization' }),
        shortText('location', 'Location (city and state)', { placeholder: 'e.g. Pune, Maharashtra' }),
        radio('communication', 'How should we contact you?', [
          { value: 'email', label: 'Email' },
          { value: 'phone', label: 'Phone call' },
          { value: 'whatsapp', label: 'WhatsApp' },
        ]),
      ],
    },
    {
      id: 'markets',
      title: 'Markets and style',
      fields: [
        multi(
          'assetClasses',
          'Which asset classes do you invest in?',
          labelled('Equities (Stocks)', 'Futures', 'Options', 'Commodities', 'Currencies', 'Bonds'),
        ),
        multi('markets', 'Which markets do you invest in?', labelled('Indian', 'U.S.', 'European', 'Other')),
        shortText('otherMarkets', 'Other markets (optional)', { required: false }),
        multi(
          'tradingStyle',
          'What is your trading style?',
          labelled('Intraday', 'Swing', 'Positional', 'Long-Term Investing'),
        ),
      ],
    },
    {
      id: 'fund-risk',
      title: 'Fund and risk',
      fields: [
        select('fundSize', 'What is the size of the fund or portfolio?', FUND_SIZE_BANDS),
        shortText('targetReturn', 'What annual return do you aim for?', { placeholder: 'e.g. 18% a year' }),
        shortText('maxDrawdown', 'What is the largest drawdown you can accept?', {
          placeholder: 'e.g. 10% of capital',
        }),
        radio('riskTolerance', 'What is your risk tolerance?', [
          { value: 'low', label: 'Low' },
          { value: 'medium', label: 'Medium' },
          { value: 'high', label: 'High' },
        ]),
        multi(
          'riskManagement',
          'How do you manage risk today?',
          labelled('Hedging', 'Stop Loss', 'Portfolio Diversification', 'Other'),
        ),
        shortText('otherRiskManagement', 'Other risk management (optional)', { required: false }),
      ],
    },
    {
      id: 'algorithms',
      title: 'Algorithmic trading',
      fields: [
        yesNo('experience', 'Do you have experience with algorithmic trading?'),
        yesNo('currentUsage', 'Do you use trading algorithms today?'),
        multi(
          'algoTypes',
          'Which kinds of algorithms interest you?',
          labelled('Trend-Following', 'Mean Reversion', 'Options Trading'),
        ),
        multi('portfolioEnhancement', 'What should our algorithms do for your portfolio?', PORTFOLIO_ENHANCEMENT_GOALS),
      ],
    },
    {
      id: 'next-steps',
      title: 'Next steps',
      fields: [
        yesNo('licenses', 'Do you hold the licences or registrations your trading needs (e.g. SEBI)?'),
        longText('specificRequirements', 'Do you have specific requirements for the algorithms?', {
          hint: 'Write "None" if there is nothing specific.',
        }),
        yesNo('consultation', 'Would you like a free consultation call?'),
      ],
    },
  ],
} as const satisfies EnquiryFormDefinition;

export type PortfolioEnquiryAnswers = FormAnswers<typeof portfolioEnquiryForm>;
export const portfolioEnquirySchema = buildFormSchema(portfolioEnquiryForm);
