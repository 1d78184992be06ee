import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, formFields } from '@shared/forms/form-definition';
import {
  FUND_SIZE_BANDS,
  PORTFOLIO_DRAFT_KEY,
  portfolioEnquiryForm,
  portfolioEnquirySchema,
} from '@shared/forms/portfolio-enquiry';
import { errorsOf, fieldNames, optionLabels, requiredNames, validAnswers } from './form-test-kit';

describe('portfolio enquiry form', () => {
  it('is sent as a Portfolio Enquiry and has a draft key', () => {
    expect(portfolioEnquiryForm.enquiryType).toBe('Portfolio Enquiry');
    expect(PORTFOLIO_DRAFT_KEY).toMatch(/portfolio/);
  });

  it('asks the spec fields in spec order, split into 3 to 5 steps', () => {
    expect(fieldNames(portfolioEnquiryForm)).toEqual([
      'applicantType',
      'firstName',
      'lastName',
      'phone',
      'email',
      'companyName',
      'location',
      'communication',
      'assetClasses',
      'markets',
      'otherMarkets',
      'tradingStyle',
      'fundSize',
      'targetReturn',
      'maxDrawdown',
      'riskTolerance',
      'riskManagement',
      'otherRiskManagement',
      'experience',
      'currentUsage',
      'algoTypes',
      'portfolioEnhancement',
      'licenses',
      'specificRequirements',
      'consultation',
    ]);
    expect(portfolioEnquiryForm.steps.length).toBeGreaterThanOrEqual(3);
    expect(portfolioEnquiryForm.steps.length).toBeLessThanOrEqual(5);
  });

  it('offers the spec option lists verbatim', () => {
    expect(optionLabels(portfolioEnquiryForm, 'assetClasses')).toEqual([
      'Equities (Stocks)',
      'Futures',
      'Options',
      'Commodities',
      'Currencies',
      'Bonds',
    ]);
    expect(optionLabels(portfolioEnquiryForm, 'markets')).toEqual(['Indian', 'U.S.', 'European', 'Other']);
    expect(optionLabels(portfolioEnquiryForm, 'tradingStyle')).toEqual([
      'Intraday',
      'Swing',
      'Positional',
      'Long-Term Investing',
    ]);
    expect(optionLabels(portfolioEnquiryForm, 'riskManagement')).toEqual([
      'Hedging',
      'Stop Loss',
      'Portfolio Diversification',
      'Other',
    ]);
    expect(optionLabels(portfolioEnquiryForm, 'algoTypes')).toEqual([
      'Trend-Following',
      'Mean Reversion',
      'Options Trading',
    ]);
    expect(optionLabels(portfolioEnquiryForm, 'portfolioEnhancement')).toHaveLength(5);
    expect(optionLabels(portfolioEnquiryForm, 'fundSize')).toEqual(FUND_SIZE_BANDS.map((b) => b.label));
    expect(FUND_SIZE_BANDS.every((b) => b.label.includes('₹') && b.label.includes('crore'))).toBe(true);
    const values = (name: string) => formFields(portfolioEnquiryForm).find((f) => f.name === name);
    expect(values('applicantType')).toMatchObject({ options: [{ value: 'firm' }, { value: 'individual' }] });
    expect(values('communication')).toMatchObject({
      options: [{ value: 'email' }, { value: 'phone' }, { value: 'whatsapp' }],
    });
    expect(values('riskTolerance')).toMatchObject({
      options: [{ value: 'low' }, { value: 'medium' }, { value: 'high' }],
    });
    for (const name of ['experience', 'currentUsage', 'licenses', 'consultation']) {
      expect(optionLabels(portfolioEnquiryForm, name), name).toEqual(['Yes', 'No']);
    }
  });

  it('requires every radio and field except the optional ones and the multi-choice questions', () => {
    const fields = formFields(portfolioEnquiryForm);
    expect(fields.filter((f) => f.kind === 'radio' || f.kind === 'select').every((f) => f.required)).toBe(true);
    const notRequired = fieldNames(portfolioEnquiryForm).filter(
      (n) => !requiredNames(portfolioEnquiryForm).includes(n),
    );
    expect(notRequired.sort()).toEqual(
      [
        'algoTypes',
        'assetClasses',
        'companyName',
        'markets',
        'otherMarkets',
        'otherRiskManagement',
        'portfolioEnhancement',
        'riskManagement',
        'tradingStyle',
      ].sort(),
    );
  });

  it('validates email, phone and choices', () => {
    const valid = validAnswers(portfolioEnquiryForm);
    expect(errorsOf(portfolioEnquirySchema, { ...valid, phone: '98765 43210' })).toEqual({});
    expect(errorsOf(portfolioEnquirySchema, { ...valid, phone: 'call me' })).toEqual({ phone: FIELD_MESSAGES.phone });
    expect(errorsOf(portfolioEnquirySchema, { ...valid, email: 'x@y' })).toEqual({ email: FIELD_MESSAGES.email });
    expect(errorsOf(portfolioEnquirySchema, { ...valid, fundSize: '' })).toEqual({ fundSize: FIELD_MESSAGES.choose });
    expect(errorsOf(portfolioEnquirySchema, { ...valid, riskTolerance: 'extreme' })).toEqual({
      riskTolerance: FIELD_MESSAGES.choose,
    });
  });
});
