/** The portfolio enquiry's draft (spec section 3): saved as the visitor types, restored, cleared. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formDraft } from '@client/features/public-forms/lib/form-draft';
import { buildFormString } from '@shared/form-string';
import { PORTFOLIO_DRAFT_KEY, portfolioEnquiryForm } from '@shared/forms/portfolio-enquiry';
import { validAnswers } from '../../shared/forms/form-test-kit';
import { renderApp, stubApi } from '../render-app';
import { control, isModalOpen, modalForm, pressButton, stepHeading, textControl, toastText } from './public-form-kit';

const storedDraft = () =>
  JSON.parse(localStorage.getItem(PORTFOLIO_DRAFT_KEY) ?? 'null') as Record<string, unknown> | null;

async function openPortfolioForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Contact Us about Portfolio Enhancement' }));
  await waitFor(() => expect(modalForm()).toBeTruthy());
}

function closeModal() {
  // The shared Modal's only toolbar button is Close (its label sits on the shadow button).
  const close = document.querySelector('ion-modal ion-toolbar ion-buttons ion-button');
  if (!close) throw new Error('no Close button');
  fireEvent.click(close);
}

describe('formDraft storage', () => {
  const draft = formDraft(PORTFOLIO_DRAFT_KEY, portfolioEnquiryForm);

  it('writes, reads back and clears the answers under one key', () => {
    draft.write({ firstName: 'Meera', assetClasses: ['Futures'] });
    expect(Object.keys(localStorage)).toEqual([PORTFOLIO_DRAFT_KEY]);
    expect(draft.read()).toEqual({ firstName: 'Meera', assetClasses: ['Futures'] });
    draft.clear();
    expect(localStorage.getItem(PORTFOLIO_DRAFT_KEY)).toBeNull();
    expect(draft.read()).toEqual({});
  });

  it('keeps only the questions of the form, each in its own shape, from whatever is stored', () => {
    localStorage.setItem(
      PORTFOLIO_DRAFT_KEY,
      JSON.stringify({
        firstName: 'Meera',
        lastName: 42,
        assetClasses: ['Options', 7],
        markets: 'Indian',
        __proto__x: 'x',
        admin: true,
      }),
    );
    expect(draft.read()).toEqual({ firstName: 'Meera', assetClasses: ['Options'] });
    localStorage.setItem(PORTFOLIO_DRAFT_KEY, '{not json');
    expect(draft.read()).toEqual({});
  });

  it('survives storage that refuses to write (full or disabled)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => draft.write({ firstName: 'Meera' })).not.toThrow();
  });
});

describe('the portfolio form draft', { timeout: 30_000 }, () => {
  it('is saved as the visitor types and restored when the modal opens again, also after a reload', async () => {
    stubApi(null, {});
    renderApp('/');
    await openPortfolioForm();
    fireEvent.input(textControl('firstName'), { target: { value: 'Meera' } });
    fireEvent(
      control('applicantType', 'ion-radio-group'),
      new CustomEvent('ionChange', { detail: { value: 'individual' }, bubbles: true }),
    );
    await waitFor(() => expect(storedDraft()).toMatchObject({ firstName: 'Meera', applicantType: 'individual' }));

    closeModal();
    await waitFor(() => expect(isModalOpen()).toBe(false));
    await openPortfolioForm();
    expect(textControl('firstName').value).toBe('Meera');
    expect(control<HTMLIonRadioGroupElement>('applicantType', 'ion-radio-group').value).toBe('individual');

    // A reload: a fresh app over the same storage.
    cleanup();
    renderApp('/');
    await openPortfolioForm();
    expect(textControl('firstName').value).toBe('Meera');
  });

  it('writes a change typed just before the form goes away, without waiting for the save delay', async () => {
    stubApi(null, {});
    renderApp('/');
    await openPortfolioForm();
    fireEvent.input(textControl('lastName'), { target: { value: 'Iyer' } });
    expect(storedDraft()).toBeNull(); // the save is still pending
    cleanup(); // the page goes away (navigation or reload) before the delay ran out
    expect(storedDraft()).toMatchObject({ lastName: 'Iyer' });
  });

  it('is cleared after a successful submit, even with a save still pending, and the answers reach the firm', async () => {
    const answers = validAnswers(portfolioEnquiryForm);
    localStorage.setItem(PORTFOLIO_DRAFT_KEY, JSON.stringify(answers));
    const api = stubApi(null, { 'POST /api/contact-us': () => ({ status: 201, body: { status: 'success', id: 9 } }) });
    renderApp('/');
    await openPortfolioForm();
    for (const step of portfolioEnquiryForm.steps.slice(1)) {
      pressButton('Next');
      await waitFor(() => expect(stepHeading()).toContain(step.title));
    }
    fireEvent.input(textControl('specificRequirements'), { target: { value: 'Weekly reports' } });
    pressButton('Submit');
    expect(await toastText('Query submitted successfully')).toBeTruthy();
    await waitFor(() => expect(isModalOpen()).toBe(false));
    expect(api.callsTo('POST', '/api/contact-us').map((c) => c.body)).toEqual([
      {
        type: 'Portfolio Enquiry',
        formString: buildFormString(portfolioEnquiryForm, { ...answers, specificRequirements: 'Weekly reports' }),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 600)); // longer than the save delay
    expect(localStorage.getItem(PORTFOLIO_DRAFT_KEY)).toBeNull();
  });

  it('is kept when the submit fails', async () => {
    const answers = validAnswers(portfolioEnquiryForm);
    localStorage.setItem(PORTFOLIO_DRAFT_KEY, JSON.stringify(answers));
    stubApi(null, { 'POST /api/contact-us': () => ({ status: 400, body: { error: 'Invalid body: formString' } }) });
    renderApp('/');
    await openPortfolioForm();
    for (const step of portfolioEnquiryForm.steps.slice(1)) {
      pressButton('Next');
      await waitFor(() => expect(stepHeading()).toContain(step.title));
    }
    pressButton('Submit');
    expect(await toastText('Error submitting contact form')).toBeTruthy();
    expect(isModalOpen()).toBe(true);
    expect(storedDraft()).toMatchObject({ firstName: answers.firstName });
  });
});
