/**
 * The three enquiry forms end to end in the page: every step answered, submitted as
 * `{type, formString}` to POST /api/contact-us (fetch replaced at the network boundary), with the
 * toasts and modal behaviour of spec section 8.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildFormString, NOT_PROVIDED } from '@shared/form-string';
import type { FormAnswers } from '@shared/forms/form-definition';
import { membershipInterestForm } from '@shared/forms/membership-interest';
import { portfolioEnquiryForm } from '@shared/forms/portfolio-enquiry';
import { researchEnquiryForm } from '@shared/forms/research-enquiry';
import { validAnswers } from '../../shared/forms/form-test-kit';
import { renderApp, setOnline, stubApi } from '../render-app';
import { fillAndSubmit, isModalOpen, modalForm, pageButton, textControl, toastText } from './public-form-kit';

const CONTACT = 'POST /api/contact-us';
const stored = () => ({ status: 201, body: { status: 'success', id: 1 } });

async function openFrom(path: string, button: string) {
  renderApp(path);
  fireEvent.click(
    await (button.startsWith('Contact Us') ? screen.findByRole('button', { name: button }) : pageButton(button)),
  );
  await waitFor(() => expect(modalForm()).toBeTruthy());
}

const research: FormAnswers<typeof researchEnquiryForm> = {
  ...validAnswers(researchEnquiryForm),
  firstName: 'Asha',
  email: 'asha@example.com',
  markets: ['Equities', 'Bonds & Fixed Income'],
  tradingFrequency: [],
  profitableTradeDefinition: 'Risk-reward of 1:2\nor better',
  complianceRequirements: '',
};

describe('enquiry submission', { timeout: 30_000 }, () => {
  it('sends a Research Enquiry with the formString built from every answer, then closes with a success toast', async () => {
    const api = stubApi(null, { [CONTACT]: stored });
    await openFrom('/', 'Contact Us about Research and Development');
    await fillAndSubmit(researchEnquiryForm, research);
    expect(await toastText('Query submitted successfully')).toBeTruthy();
    await waitFor(() => expect(isModalOpen()).toBe(false));
    const [call] = api.callsTo('POST', '/api/contact-us');
    expect(call?.body).toEqual({
      type: 'Research Enquiry',
      formString: buildFormString(researchEnquiryForm, research),
    });
    const formString = (call!.body as { formString: string }).formString;
    expect(formString).toContain('<p><strong>First name</strong><br>Asha</p>');
    expect(formString).toContain(
      '<strong>Which markets do you trade?</strong><br>Equities<br>Bonds &amp; Fixed Income</p>',
    );
    expect(formString).toContain(`<strong>How often do you trade?</strong><br>${NOT_PROVIDED}</p>`);
    expect(formString).toContain('Risk-reward of 1:2<br>or better');
    expect(formString).toContain(`(optional)</strong><br>${NOT_PROVIDED}</p>`);
  });

  it('sends a Membership Interest with its own success toast', async () => {
    const api = stubApi(null, { [CONTACT]: stored });
    const answers = { ...validAnswers(membershipInterestForm), fullName: 'Ravi Kumar', goals: ['Mentorship', 'Other'] };
    await openFrom('/trabot-membership', 'Fill Out the Interest Form');
    await fillAndSubmit(membershipInterestForm, answers);
    expect(await toastText('Membership form submitted successfully')).toBeTruthy();
    await waitFor(() => expect(isModalOpen()).toBe(false));
    expect(api.callsTo('POST', '/api/contact-us').map((c) => c.body)).toEqual([
      { type: 'Membership Interest', formString: buildFormString(membershipInterestForm, answers) },
    ]);
  });

  it('keeps the membership form open with its answers when the server fails: "Error submitting membership form"', async () => {
    stubApi(null, { [CONTACT]: () => ({ status: 500, body: { error: 'Internal error' } }) });
    const answers = { ...validAnswers(membershipInterestForm), comments: 'Call me after 6 pm' };
    await openFrom('/trabot-membership', 'Fill Out the Interest Form');
    await fillAndSubmit(membershipInterestForm, answers);
    expect(await toastText('Error submitting membership form')).toBeTruthy();
    expect(isModalOpen()).toBe(true);
    expect(textControl('comments').value).toBe('Call me after 6 pm');
  });

  it('sends a Portfolio Enquiry; a failure toasts "Error submitting contact form" and keeps the answers', async () => {
    let fail = true;
    const api = stubApi(null, {
      [CONTACT]: () => (fail ? { status: 500, body: { error: 'Internal error' } } : stored()),
    });
    const answers = { ...validAnswers(portfolioEnquiryForm), firstName: 'Meera', companyName: '' };
    await openFrom('/', 'Contact Us about Portfolio Enhancement');
    await fillAndSubmit(portfolioEnquiryForm, answers);
    expect(await toastText('Error submitting contact form')).toBeTruthy();
    expect(isModalOpen()).toBe(true);
    expect(textControl('specificRequirements').value).toBe(answers.specificRequirements);

    fail = false;
    fireEvent.click(screen.getByText('Submit', { selector: 'ion-button' }));
    expect(await toastText('Query submitted successfully')).toBeTruthy();
    await waitFor(() => expect(isModalOpen()).toBe(false));
    const bodies = api.callsTo('POST', '/api/contact-us').map((c) => c.body);
    // 500 is retried once (spec: mutation retry 1), then the second submit succeeds.
    expect(bodies.at(-1)).toEqual({
      type: 'Portfolio Enquiry',
      formString: buildFormString(portfolioEnquiryForm, answers),
    });
  });

  it('refuses to send while offline with the "Offline" toast, and keeps the answers', async () => {
    const api = stubApi(null, { [CONTACT]: stored });
    await openFrom('/', 'Contact Us about Research and Development');
    act(() => setOnline(false));
    await fillAndSubmit(researchEnquiryForm, research);
    expect(await toastText('Offline')).toBeTruthy();
    expect(isModalOpen()).toBe(true);
    expect(api.callsTo('POST', '/api/contact-us')).toHaveLength(0);
  });
});
