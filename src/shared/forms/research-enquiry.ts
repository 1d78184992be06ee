/**
 * Research and Development enquiry (spec sections 3 and 5): every field required unless marked
 * optional, single choices required, multi-choice never required. Sent as "Research Enquiry".
 */
import type { EnquiryFormDefinition } from '../schemas/public-forms';
import { buildFormSchema, labelled, type FormAnswers } from './form-definition';
import { email, longText, multi, radio, shortText, yesNo } from './fields';

export const researchEnquiryForm = {
  id: 'research-enquiry',
  title: 'Research and Development Enquiry',
  enquiryType: 'Research Enquiry',
  steps: [
    {
      id: 'contact',
      title: 'Contact',
      fields: [
        shortText('firstName', 'First name', { autoComplete: 'given-name', maxLength: 100 }),
        shortText('lastName', 'Last name', { autoComplete: 'family-name', maxLength: 100 }),
        email('email', 'Email address'),
      ],
    },
    {
      id: 'general',
      title: 'General',
      fields: [
        radio('traderType', 'Are you enquiring for a firm or as an individual trader?', [
          { value: 'firm', label: 'Firm' },
          { value: 'individual', label: 'Individual' },
        ]),
        multi(
          'markets',
          'Which markets do you trade?',
          labelled('Equities', 'Forex', 'Commodities', 'Cryptocurrencies', 'Bonds & Fixed Income'),
        ),
        multi('tradingFrequency', 'How often do you trade?', labelled('Intraday', 'Swing Trading', 'Long-term')),
        radio('customisationLevel', 'How much customisation does your trading system need?', [
          { value: 'fully-custom', label: 'A fully custom system built around my strategy' },
          { value: 'modification', label: 'Modifications to an existing system or strategy' },
          { value: 'pre-built', label: 'A pre-built system I can start with' },
        ]),
      ],
    },
    {
      id: 'funding',
      title: 'Funding',
      fields: [
        yesNo('funding', 'Do you have the funding for the development in place?'),
        yesNo('fullOwnership', 'Do you want full ownership of the finished system and its code?'),
        yesNo('tradingPool', 'Would you consider sharing the system in a trading pool to lower its cost?'),
        shortText('roiExpectations', 'What return on investment do you expect from the system?', {
          placeholder: 'e.g. 20% a year',
        }),
      ],
    },
    {
      id: 'strategy',
      title: 'Strategy',
      fields: [
        shortText('targetExchange', 'Which exchange(s) should the system trade on?', {
          placeholder: 'e.g. NSE, BSE, MCX',
        }),
        multi(
          'strategies',
          'Which strategies interest you?',
          labelled('Trend Following', 'Mean Reversion', 'Arbitrage', 'Others'),
        ),
        longText('profitableTradeDefinition', 'How do you define a profitable trade?', {
          placeholder: 'e.g. a risk-reward of at least 1:2, or a minimum gain per trade',
        }),
        longText('preferredIndicators', 'Which technical indicators do you prefer?', {
          placeholder: 'e.g. moving averages, RSI, VWAP',
        }),
        yesNo('fundamentalAnalysis', 'Should the system also use fundamental analysis?'),
      ],
    },
    {
      id: 'technical',
      title: 'Technical',
      fields: [
        yesNo('realTimeMonitoring', 'Do you need real-time monitoring of the system while it trades?'),
        yesNo('multipleAccounts', 'Should the system trade several accounts at once?'),
      ],
    },
    {
      id: 'risk',
      title: 'Risk',
      fields: [
        shortText('maxDrawdown', 'What is the largest drawdown you can accept?', {
          placeholder: 'e.g. 15% of capital',
        }),
        longText('complianceRequirements', 'Do you have compliance or regulatory requirements? (optional)', {
          required: false,
        }),
      ],
    },
    {
      id: 'data',
      title: 'Data',
      fields: [
        yesNo(
          'predictiveModelling',
          'Do you want predictive modelling (statistics or machine learning) in the system?',
        ),
        radio('dataGranularity', 'What data granularity does your strategy need?', [
          { value: 'tick', label: 'Tick-by-tick' },
          { value: '1min', label: '1-minute bars' },
          { value: '15min', label: '15-minute bars' },
          { value: 'daily', label: 'Daily bars' },
        ]),
        longText('additionalDataRequirements', 'What other data does your strategy need?', {
          hint: 'For example option chains, news or fundamentals. Write "None" if there is nothing else.',
        }),
      ],
    },
    {
      id: 'support',
      title: 'Support services',
      fields: [
        yesNo('backtestingServices', 'Do you need backtesting of your strategies?'),
        yesNo('modelValidation', 'Do you need independent validation of your trading model?'),
        yesNo('trainingWorkshops', 'Would you like training workshops for you or your team?'),
        yesNo('ongoingMaintenance', 'Do you need ongoing maintenance and support after delivery?'),
        yesNo('strategyDiversification', 'Would you like help diversifying across several strategies?'),
        yesNo('dedicatedResearch', 'Would you like dedicated research for your needs?'),
      ],
    },
  ],
} as const satisfies EnquiryFormDefinition;

export type ResearchEnquiryAnswers = FormAnswers<typeof researchEnquiryForm>;
export const researchEnquirySchema = buildFormSchema(researchEnquiryForm);
