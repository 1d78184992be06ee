/**
 * The public forms in Chromium against a real server: validation at the field, successful
 * submissions read back from the database, the portfolio draft across a reload, workshops that are
 * Completed or open for registration, and a script typed into an enquiry that never runs.
 */
import { eq } from 'drizzle-orm';
import { enquiries, workshopRegistrations, workshops } from '@server/db/schema';
import { createLogger } from '@server/lib/logger';
import type { FirmMail, Mailer } from '@server/services/mail';
import { deliverDueMail } from '@server/services/outbox';
import { sanitizeFormHtml } from '@server/services/sanitize';
import { queueConfirmationMails } from '@server/services/workshop-confirmations';
import { queueLinkMails } from '@server/services/workshop-link-mails';
import { buildFormString } from '@shared/form-string';
import { membershipInterestForm } from '@shared/forms/membership-interest';
import { PORTFOLIO_DRAFT_KEY, portfolioEnquiryForm } from '@shared/forms/portfolio-enquiry';
import { researchEnquiryForm } from '@shared/forms/research-enquiry';
import { workshopLabel, workshopStartsAt } from '@shared/forms/workshop-schedule';
import { CONFIRM_TEXTS } from '@shared/workshop-confirmation';
import { validAnswers } from '../unit/shared/forms/form-test-kit';
import { expect, fillAndSubmit, fillSteps, formModal, test, toast, UPCOMING_WORKSHOP } from './public-support';

// Whole multi-step forms typed as a user does: up to 54 s in a clean-clone CI run on 2 loaded cores
// (the research enquiry timed out at 60 s once), so each test here gets two minutes.
test.describe.configure({ timeout: 120_000 });

const emailFor = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('Research and Development enquiry', () => {
  test('Next flags the blank questions of the step at the field and focuses the first', async ({ page }) => {
    await page.goto('/#services');
    await page.getByRole('button', { name: 'Contact Us about Research and Development' }).click();
    const modal = formModal(page, researchEnquiryForm.title);
    await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 8 Contact');
    await modal.getByRole('button', { name: 'Next' }).click();
    const firstName = modal.getByLabel('First name', { exact: true });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByText('This field is required')).toHaveCount(3);
    // The error is the field's description, for screen readers.
    const describedBy = await firstName.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('This field is required');

    await firstName.fill('Asha');
    await modal.getByLabel('Last name', { exact: true }).fill('Rao');
    await modal.getByLabel('Email address', { exact: true }).fill('asha@example');
    await modal.getByRole('button', { name: 'Next' }).click();
    await expect(modal.getByText('Enter a valid email')).toBeVisible();
    await expect(modal.getByLabel('Email address', { exact: true })).toBeFocused();
    await modal.getByLabel('Email address', { exact: true }).fill('asha@example.com');
    await modal.getByRole('button', { name: 'Next' }).click();
    await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Step 2 of 8 General');
    await expect(modal.getByRole('heading', { level: 2 })).toBeFocused();
  });

  test('a complete enquiry is stored as a Research Enquiry with every answer', async ({ page, formsServer }) => {
    const answers = {
      ...validAnswers(researchEnquiryForm),
      email: emailFor('research'),
      markets: ['Equities', 'Forex'],
    };
    await page.goto('/');
    await page.getByRole('button', { name: 'Contact Us about Research and Development' }).click();
    const modal = formModal(page, researchEnquiryForm.title);
    await fillAndSubmit(page, modal, researchEnquiryForm, answers);
    await expect(toast(page, 'Query submitted successfully')).toBeVisible();
    await expect(modal).toBeHidden();

    const rows = await formsServer.inDatabase((db) =>
      db.select().from(enquiries).where(eq(enquiries.type, 'Research Enquiry')),
    );
    const row = rows.find((r) => r.form_html.includes(answers.email));
    expect(row?.form_html).toBe(sanitizeFormHtml(buildFormString(researchEnquiryForm, answers)));
    expect(row?.form_html).toContain('<strong>Which markets do you trade?</strong><br />Equities<br />Forex</p>');
  });
});

test('a Portfolio Enhancement enquiry: a missing choice is flagged, then the enquiry is stored', async ({
  page,
  formsServer,
}) => {
  const answers = { ...validAnswers(portfolioEnquiryForm), email: emailFor('portfolio'), companyName: '' };
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact Us about Portfolio Enhancement' }).click();
  const modal = formModal(page, portfolioEnquiryForm.title);
  // Step 3 without its fund size: the select is required, so the form stays on step 3.
  await fillSteps(page, modal, portfolioEnquiryForm, { ...answers, fundSize: '' }, { to: 3 });
  await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Step 3 of 5 Fund and risk');
  await expect(modal.getByText('Please choose an option')).toBeVisible();
  await modal.locator('[data-field="fundSize"] ion-select').click();
  await page.locator('ion-popover').getByRole('radio', { name: '₹1 crore to ₹10 crore' }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Next' }).click();
  await fillSteps(page, modal, portfolioEnquiryForm, answers, { from: 3 });
  await expect(toast(page, 'Query submitted successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), PORTFOLIO_DRAFT_KEY)).toBeNull();

  const rows = await formsServer.inDatabase((db) =>
    db.select().from(enquiries).where(eq(enquiries.type, 'Portfolio Enquiry')),
  );
  const row = rows.find((r) => r.form_html.includes(answers.email));
  expect(row?.form_html).toBe(
    sanitizeFormHtml(buildFormString(portfolioEnquiryForm, { ...answers, fundSize: '1-10cr' })),
  );
  expect(row?.form_html).toContain('<strong>Company name (optional)</strong><br />Not provided</p>');
});

test('the portfolio draft is restored after a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact Us about Portfolio Enhancement' }).click();
  const modal = formModal(page, portfolioEnquiryForm.title);
  await modal.getByRole('radio', { name: 'Individual', exact: true }).click();
  await modal.getByLabel('First name', { exact: true }).fill('Meera');
  await modal.getByLabel('Location (city and state)', { exact: true }).fill('Kochi, Kerala');
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', PORTFOLIO_DRAFT_KEY))
    .toContain('Kochi, Kerala');

  await page.reload();
  await page.getByRole('button', { name: 'Contact Us about Portfolio Enhancement' }).click();
  await expect(modal.getByLabel('First name', { exact: true })).toHaveValue('Meera');
  await expect(modal.getByLabel('Location (city and state)', { exact: true })).toHaveValue('Kochi, Kerala');
  await expect(modal.getByRole('radio', { name: 'Individual', exact: true })).toHaveAttribute('aria-checked', 'true');
});

test('a Membership Interest is stored; the interest form opens from the membership page', async ({
  page,
  formsServer,
}) => {
  const answers = {
    ...validAnswers(membershipInterestForm),
    email: emailFor('member'),
    goals: ['Mentorship', 'Community Engagement'],
  };
  await page.goto('/trabot-membership');
  await page.getByRole('button', { name: 'Fill Out the Interest Form' }).first().click();
  const modal = formModal(page, membershipInterestForm.title);
  // Validation: the contact number must be a phone number.
  await modal.getByLabel('Contact number', { exact: true }).fill('call me');
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByText('Enter a valid phone number, e.g. +91 98765 43210')).toBeVisible();
  await modal.getByLabel('Contact number', { exact: true }).fill('');

  await fillAndSubmit(page, modal, membershipInterestForm, answers);
  await expect(toast(page, 'Membership form submitted successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  const rows = await formsServer.inDatabase((db) =>
    db.select().from(enquiries).where(eq(enquiries.type, 'Membership Interest')),
  );
  const row = rows.find((r) => r.form_html.includes(answers.email));
  expect(row?.form_html).toBe(sanitizeFormHtml(buildFormString(membershipInterestForm, answers)));
});

test.describe('failures', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  test('a failed enquiry keeps the modal and the answers: "Error submitting contact form"; offline: "Offline"', async ({
    page,
    context,
  }) => {
    await page.route('**/api/contact-us', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' }),
    );
    const answers = { ...validAnswers(researchEnquiryForm), firstName: 'Kept' };
    await page.goto('/');
    await page.getByRole('button', { name: 'Contact Us about Research and Development' }).click();
    const modal = formModal(page, researchEnquiryForm.title);
    await fillAndSubmit(page, modal, researchEnquiryForm, answers);
    await expect(toast(page, 'Error submitting contact form')).toBeVisible();
    await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Step 8 of 8 Support services');
    await expect(modal.locator('[data-field="dedicatedResearch"]').getByRole('radio', { name: 'Yes' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await context.setOffline(true);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Offline')).toBeVisible();
    await expect(modal).toBeVisible();
    for (let i = 0; i < 7; i++) await modal.getByRole('button', { name: 'Back' }).click();
    await expect(modal.getByLabel('First name', { exact: true })).toHaveValue('Kept');
  });
});

test.describe('online workshops', () => {
  test('past workshops show a disabled Completed button; an upcoming one opens the registration, which is stored without the phone', async ({
    page,
    formsServer,
  }) => {
    await page.goto('/workshops');
    const upcoming = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: UPCOMING_WORKSHOP.title }) });
    await expect(upcoming.getByRole('button', { name: 'Register' })).toBeEnabled();
    await expect(upcoming.getByRole('button', { name: 'Completed' })).toHaveCount(0);
    for (const title of [
      'Building Your First Algorithmic Strategy for NSE Stocks',
      'Technical Analysis Foundations: Candlesticks, Volume and Moving Averages',
    ]) {
      const past = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(past.getByRole('button', { name: 'Completed' })).toBeDisabled();
      await expect(past.getByRole('button', { name: 'Register' })).toHaveCount(0);
    }
    await expect(page.getByText('Sun, 9 Mar 2025')).toBeVisible();
    await expect(page.getByText('10:00AM IST').first()).toBeVisible();

    await upcoming.getByRole('button', { name: 'Register' }).click();
    const modal = formModal(page, 'Workshop Registration');
    await expect(modal.getByText(workshopLabel(UPCOMING_WORKSHOP))).toBeVisible();
    await expect(modal.getByText('The joining link is sent to this email 24 hours before the workshop.')).toBeVisible();
    const email = emailFor('workshop');
    await modal.getByLabel('Full name', { exact: true }).fill('Kiran Shah');
    await modal.getByLabel('Email address', { exact: true }).fill(email);
    await modal.getByLabel('Phone number (with country code)', { exact: true }).fill('98765 43210');
    await modal.locator('[data-field="source"] ion-select').click();
    await page.locator('ion-popover').getByRole('radio', { name: 'YouTube' }).click();
    await expect(page.locator('ion-popover')).toHaveCount(0); // it hands the focus back to the select as it closes
    await modal.getByRole('button', { name: 'Register' }).click();
    await expect(modal.getByText('Include your country code, e.g. +91 98765 43210').first()).toBeVisible();
    await expect(modal.getByLabel('Phone number (with country code)', { exact: true })).toBeFocused();
    await modal.getByLabel('Phone number (with country code)', { exact: true }).fill('+91 98765 43210');
    await modal.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Request sent successfully')).toBeVisible();
    await expect(modal).toBeHidden();

    const stored = await formsServer.inDatabase(async (db) => {
      const [registration] = await db
        .select()
        .from(workshopRegistrations)
        .where(eq(workshopRegistrations.email, email));
      const [workshop] = await db.select().from(workshops).where(eq(workshops.title, UPCOMING_WORKSHOP.title));
      return { registration, workshop };
    });
    expect(stored.registration).toMatchObject({
      name: 'Kiran Shah',
      source: 'youtube',
      comments: '',
      workshop_label: workshopLabel(UPCOMING_WORKSHOP),
      workshop_id: stored.workshop?.workshop_id,
    });
    expect(JSON.stringify(stored.registration)).not.toContain('98765');
  });

  test.describe('confirmation', () => {
    // The second press of Confirm answers 409 (used), which Chromium logs as a failed load.
    test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

    test('a registrant confirms the address from the mail, then gets the joining link 24 hours before', async ({
      page,
      formsServer,
      login,
    }) => {
      const email = emailFor('joining');
      const registered = await page.request.post('/api/workshop-enquiry', {
        data: {
          name: 'Meera Iyer',
          email,
          source: 'youtube',
          comments: '',
          workshop: workshopLabel(UPCOMING_WORKSHOP),
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const sent: FirmMail[] = [];
      const mailer: Mailer = { enabled: true, send: async (mail) => (sent.push(mail), 'sent') };
      const silent = createLogger({ level: 'silent', stdout: false });
      const startsAt = workshopStartsAt(UPCOMING_WORKSHOP).getTime();

      // The confirmation mail, as the server sends it with mail on (this one runs with mail off).
      await formsServer.inDatabase(async (db) => {
        const now = new Date(startsAt - 10 * 24 * 3_600_000);
        await queueConfirmationMails({ db }, mailer, formsServer.url, now);
        await deliverDueMail({ db, log: silent }, mailer, now);
      });
      const confirmation = sent.find((m) => m.to === email);
      const link = /href="([^"]+)"/.exec(confirmation!.html)![1]!;
      expect(link).toMatch(/\/workshops\/confirm#[A-Za-z0-9_-]{43}$/);
      expect(confirmation!.html).not.toContain('Meera');

      // Opening the link confirms nothing; the button does, once.
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Confirm your workshop registration' })).toBeVisible();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(CONFIRM_TEXTS.confirmed);
      await page.reload();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('main').getByRole('status')).toHaveText(CONFIRM_TEXTS.used);
      await page.goto('/workshops/confirm#not-a-token');
      await expect(page.getByRole('main').getByRole('status')).toHaveText(CONFIRM_TEXTS.unknown);
      await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

      await login({ role: 'superadmin' });
      await page.goto('/dashboard/admin/workshops');
      await page.getByRole('button', { name: `Edit workshop ${UPCOMING_WORKSHOP.title}` }).click();
      const form = page.locator('ion-modal').filter({ hasText: 'Edit Workshop' });
      await form.getByLabel('Joining link').fill('https://meet.example.com/option-chains');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Workshop saved successfully')).toBeVisible();

      const registrations = page.locator('ion-modal').filter({ hasText: 'Registrations:' });
      const registrant = registrations.locator('tr').filter({ hasText: email });
      await page.getByRole('button', { name: `Registrations of ${UPCOMING_WORKSHOP.title}` }).click();
      await expect(registrant).toContainText('not yet (24 hours before)');
      await expect(registrant).toContainText(/confirmed \d{2}\/\d{2}\/\d{4}/);

      // The business schedule's two steps, as the leader runs them, at 23 hours before the start
      // (time is an input: the workshop is 30 days ahead of the machine's date).
      // The admin screens poll the server, which inDatabase stops meanwhile: leave them first.
      await page.goto('about:blank');
      await formsServer.inDatabase(async (db) => {
        const now = new Date(startsAt - 23 * 3_600_000);
        await queueLinkMails({ db }, mailer, now);
        await deliverDueMail({ db, log: silent }, mailer, now);
      });
      const mail = sent.filter((m) => m.to === email && m.html.includes('Join here'));
      expect(mail).toHaveLength(1);
      expect(JSON.stringify(mail[0])).toContain('https://meet.example.com/option-chains');

      await page.goto('/dashboard/admin/workshops');
      await page.getByRole('button', { name: `Registrations of ${UPCOMING_WORKSHOP.title}` }).click();
      await expect(registrant).toContainText(/sent \d{2}\/\d{2}\/\d{4}/);
    });
  });
});

test('a script typed into an enquiry never runs: not in the page, not where the stored enquiry is shown', async ({
  page,
  formsServer,
  login,
}) => {
  const attacks = {
    firstName: '<script>window.__xss = "script"</script>',
    lastName: '<img src=x onerror="window.__xss = \'img\'">',
    roiExpectations: '"><svg onload="window.__xss = \'svg\'">',
  };
  const answers = { ...validAnswers(researchEnquiryForm), ...attacks, email: emailFor('xss') };
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Contact Us about Research and Development' }).click();
  await fillAndSubmit(page, formModal(page, researchEnquiryForm.title), researchEnquiryForm, answers);
  await expect(toast(page, 'Query submitted successfully')).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();

  const rows = await formsServer.inDatabase((db) =>
    db.select().from(enquiries).where(eq(enquiries.type, 'Research Enquiry')),
  );
  const html = rows.find((r) => r.form_html.includes(answers.email))?.form_html ?? '';
  expect(html).toContain('&lt;script&gt;window.__xss = "script"&lt;/script&gt;');
  expect(html).not.toMatch(/<(script|img|svg)\b/i);

  // Shown as HTML (as a mail client or an admin screen would), with no policy to protect it.
  const viewer = await page.context().newPage();
  await viewer.setContent(`<!doctype html><html><body>${html}</body></html>`);
  await viewer.waitForTimeout(300);
  expect(await viewer.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(await viewer.locator('script, img, svg').count()).toBe(0);
  await expect(viewer.getByText('<script>window.__xss = "script"</script>')).toBeVisible();
  await viewer.close();

  // And in the admin's enquiries inbox.
  await login({ role: 'superadmin' });
  await page.goto('/dashboard/admin/enquiries');
  const card = page.getByRole('list', { name: 'Enquiries' }).getByRole('article').filter({ hasText: answers.email });
  await expect(card).toContainText('<script>window.__xss = "script"</script>');
  await expect(card).toContainText(attacks.lastName);
  await expect(card.locator('script, img, svg')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
