import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, formFields } from '@shared/forms/form-definition';
import { researchEnquiryForm, researchEnquirySchema } from '@shared/forms/research-enquiry';
import { errorsOf, fieldNames, optionLabels, requiredNames, validAnswers } from './form-test-kit';

const SUPPORT = [
  'backtestingServices',
  'modelValidation',
  'trainingWorkshops',
  'ongoingMaintenance',
  'strategyDiversification',
  'dedicatedResearch',
];

describe('research enquiry form', () => {
  it('is sent as a Research Enquiry', () => {
    expect(researchEnquiryForm.enquiryType).toBe('Research Enquiry');
  });

  it('asks the spec fields in order, in the spec sections', () => {
    expect(researchEnquiryForm.steps.map((s) => [s.title, s.fields.map((f) => f.name)])).toEqual([
      ['Contact', ['firstName', 'lastName', 'email']],
      ['General', ['traderType', 'markets', 'tradingFrequency', 'customisationLevel']],
      ['Funding', ['funding', 'fullOwnership', 'tradingPool', 'roiExpectations']],
      [
        'Strategy',
        ['targetExchange', 'strategies', 'profitableTradeDefinition', 'preferredIndicators', 'fundamentalAnalysis'],
      ],
      ['Technical', ['realTimeMonitoring', 'multipleAccounts']],
      ['Risk', ['maxDrawdown', 'complianceRequirements']],
      ['Data', ['predictiveModelling', 'dataGranularity', 'additionalDataRequirements']],
      ['Support services', SUPPORT],
    ]);
  });

  it('offers the spec option lists verbatim', () => {
    expect(optionLabels(researchEnquiryForm, 'markets')).toEqual([
      'Equities',
      'Forex',
      'Commodities',
      'Cryptocurrencies',
      'Bonds & Fixed Income',
    ]);
    expect(optionLabels(researchEnquiryForm, 'tradingFrequency')).toEqual(['Intraday', 'Swing Trading', 'Long-term']);
    expect(optionLabels(researchEnquiryForm, 'strategies')).toEqual([
      'Trend Following',
      'Mean Reversion',
      'Arbitrage',
      'Others',
    ]);
    const values = (name: string) => formFields(researchEnquiryForm).find((f) => f.name === name);
    expect(values('traderType')).toMatchObject({
      kind: 'radio',
      options: [{ value: 'firm' }, { value: 'individual' }],
    });
    expect(values('customisationLevel')).toMatchObject({
      options: [{ value: 'fully-custom' }, { value: 'modification' }, { value: 'pre-built' }],
    });
    expect(values('dataGranularity')).toMatchObject({
      options: [{ value: 'tick' }, { value: '1min' }, { value: '15min' }, { value: 'daily' }],
    });
    for (const name of [
      'funding',
      'fullOwnership',
      'tradingPool',
      'fundamentalAnalysis',
      'realTimeMonitoring',
      'multipleAccounts',
      'predictiveModelling',
      ...SUPPORT,
    ]) {
      expect(optionLabels(researchEnquiryForm, name), name).toEqual(['Yes', 'No']);
    }
  });

  it('requires everything except complianceRequirements and the multi-choice questions', () => {
    const notRequired = fieldNames(researchEnquiryForm).filter((n) => !requiredNames(researchEnquiryForm).includes(n));
    expect(notRequired.sort()).toEqual(['complianceRequirements', 'markets', 'strategies', 'tradingFrequency']);
  });

  it('validates the email and the single choices', () => {
    const valid = validAnswers(researchEnquiryForm);
    expect(errorsOf(researchEnquirySchema, { ...valid, email: 'trader@' })).toEqual({ email: FIELD_MESSAGES.email });
    expect(errorsOf(researchEnquirySchema, { ...valid, dataGranularity: '5min' })).toEqual({
      dataGranularity: FIELD_MESSAGES.choose,
    });
    expect(
      errorsOf(researchEnquirySchema, {
        ...valid,
        markets: [],
        strategies: [],
        tradingFrequency: [],
        complianceRequirements: '',
      }),
    ).toEqual({});
  });
});
