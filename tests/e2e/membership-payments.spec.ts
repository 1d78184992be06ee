/**
 * The membership fee on a phone (390x844), against a server of its own configured with the local
 * Razorpay (tests/support/fake-razorpay.ts; MEMBERSHIP_BILLING=0, so only "Pay now" makes links):
 * the superadmin sees the month's collection and accepts an applicant; the new member sees what is
 * due, pays through the (fake) Razorpay page, whose signed webhook marks the month paid, and sees
 * it paid with its receipt. The new member's way in is the invitation's set-password link, read
 * from a local SMTP server's mailbox: opened on the phone, a password chosen, then Member Login.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { enquiries } from '@server/db/schema';
import { startFakeSmtp, type FakeSmtp } from '../integration/public/fake-smtp';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { freePort, startServer } from '../support/real-server';
import { withDatabase } from './public-support';
import { demoServerEnv } from './support/app-server';
import { expect, fillLogin, loginAs, solveCaptcha, test as base, waitForTakeover } from './support/fixtures';

interface PayServer {
  url: string;
  razorpay: FakeRazorpay;
  smtp: FakeSmtp;
}

const test = base.extend<object, { payServer: PayServer }>({
  payServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'trabot-e2e-pay-'));
      const razorpay = await startFakeRazorpay();
      const smtp = await startFakeSmtp();
      const port = await freePort();
      await withDatabase(dataDir, (db) =>
        db.insert(enquiries).values({
          type: 'Membership Interest',
          form_html: '<p><strong>Full name</strong><br>Meera Iyer</p>',
          mail_status: 'off',
        }),
      );
      const server = await startServer({
        port,
        output: 'show',
        env: demoServerEnv(dataDir, {
          RAZORPAY_KEY_ID: razorpay.keyId,
          RAZORPAY_KEY_SECRET: razorpay.keySecret,
          RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
          RAZORPAY_API_ROOT: razorpay.root,
          MEMBERSHIP_BILLING: '0',
          SMTP_URL: smtp.url,
          MAIL_TO: 'firm@example.com',
          // Mail on needs the site's address for the links it carries.
          PUBLIC_URL: `http://localhost:${port}`,
        }),
      });
      const url = `http://localhost:${port}`;
      razorpay.setWebhookUrl(`${url}/api/payments/razorpay/webhook`);
      await provide({
        url,
        razorpay,
        smtp,
      });
      await server.stop();
      await razorpay.close();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ payServer }, provide) => provide(payServer.url),
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the superadmin accepts an applicant on a phone; the member pays through the Razorpay link and sees it paid', async ({
  page,
  browser,
  payServer,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await page.goto('/dashboard/admin/members');
  const collection = page.getByRole('region', { name: /^Collection for \d{4}-\d{2}$/ });
  await expect(collection).toBeVisible();
  await expect(collection.getByText('Paid', { exact: true })).toBeVisible();
  await expect(collection.getByText('Due', { exact: true })).toBeVisible();
  await expect(collection.getByText('Cancelled', { exact: true })).toBeVisible();
  // Razorpay is configured here: no "set by hand" note.
  await expect(page.getByText('Razorpay not configured: dates are set by hand')).toHaveCount(0);

  const applications = page.getByRole('list', { name: 'Applications waiting' });
  await expect(applications.getByText('Meera Iyer')).toBeVisible();
  await applications
    .getByRole('button', { name: /^Accept application/ })
    .first()
    .click();
  const form = page.locator('ion-modal').filter({ hasText: 'Monthly fee' });
  await form.getByLabel('Name', { exact: true }).fill('Meera Iyer');
  await form.getByLabel('Email', { exact: true }).fill('meera@example.in');
  await form.getByLabel('Phone', { exact: true }).fill('+919811122233');
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Application accepted: the invitation is on its way')).toBeVisible();
  await expect(applications).toHaveCount(0);
  // The phone's width holds the page: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const invitation = payServer.smtp.mails.findLast((m) => m.to.includes('meera@example.in'))!;
  const link = /http:\/\/[^"<\s]+\/set-password#token=[A-Za-z0-9_-]{43}/.exec(invitation.body)![0];
  expect(invitation.body).not.toContain('password:');

  const member = await browser.newContext({
    baseURL: payServer.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const phone = await member.newPage();
  await phone.goto(link);
  await expect(phone.getByText('Choose the password for meera@example.in.')).toBeVisible();
  await expect(phone.getByText('At least 8 characters')).toBeVisible();
  await phone.getByLabel('New password', { exact: true }).fill('meera chose this');
  await phone.getByLabel('Confirm new password', { exact: true }).fill('meera chose that');
  await phone.getByRole('button', { name: 'Set Password' }).click();
  await expect(phone.getByText('The two passwords differ')).toBeVisible();
  await phone.getByLabel('Confirm new password', { exact: true }).fill('meera chose this');
  await phone.getByRole('button', { name: 'Set Password' }).click();
  await phone.waitForURL('**/login');
  await expect(phone.getByText('Your password is set. Sign in with it.')).toBeVisible();
  await waitForTakeover(phone);
  await fillLogin(phone, 'meera@example.in', 'meera chose this');
  await solveCaptcha(phone);
  await phone.getByRole('button', { name: 'Sign In' }).click();
  await phone.waitForURL('**/dashboard/trades');
  await phone.goto('/dashboard/account-settings');
  const due = (await (await phone.request.get('/api/membership/month')).json()) as { month: string; deadline: string };
  const card = phone.getByRole('region', { name: 'Membership' });
  await expect(card.getByText('Accepted: first month to pay')).toBeVisible();
  await expect(card.getByText(due.month, { exact: true })).toBeVisible();
  await expect(card.getByText('Rs 5,900', { exact: true })).toBeVisible();
  await expect(card.getByText(due.deadline, { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Pay now Rs 5,900' }).click();
  await phone.waitForURL(`${payServer.razorpay.root}/i/**`);
  await expect(phone.getByRole('heading', { name: `Trabot membership fee for ${due.month}` })).toBeVisible();
  await phone.getByRole('button', { name: 'Pay INR 5900.00' }).click();
  await expect(phone.getByRole('status')).toHaveText('Payment successful');

  await phone.goto(`${payServer.url}/dashboard/account-settings`);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  const payments = card.getByRole('list', { name: 'Membership payments' });
  await expect(payments).toContainText(`${due.month}: Rs 5,900 · TB/`);
  const receipt = payments.getByRole('link', { name: 'Receipt' });
  const [receiptPage] = await Promise.all([member.waitForEvent('page'), receipt.click()]);
  await expect(receiptPage.getByText(`Trabot membership fee for ${due.month}`)).toBeVisible();
  await member.close();

  // The superadmin's collection counts the month paid.
  await page.goto(`/dashboard/admin/members`);
  await expect(page.getByRole('list', { name: new RegExp(`^Members in `) })).toBeVisible();
});

test("the superadmin makes a member's payment link on the Members page and copies it to send", async ({
  page,
  context,
  payServer,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'admin');
  await page.goto('/dashboard/admin/members');
  const members = page.getByRole('list', { name: /^Members in / });
  const make = members.getByRole('button', { name: /^Make payment link for / }).first();
  const name = (await make.getAttribute('aria-label'))!.replace('Make payment link for ', '');
  const row = members.getByRole('listitem').filter({ hasText: name });
  await make.click();
  await expect(page.getByText('Payment link made: copy it to send it')).toBeVisible();
  const link = row.getByRole('link', { name: 'Payment link' });
  await expect(link).toHaveAttribute('href', new RegExp(`^${payServer.razorpay.root}/i/`));
  await row.getByRole('button', { name: `Copy payment link for ${name}` }).click();
  await expect(page.getByText('Payment link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.getAttribute('href'));
  // Made once: the page again shows the same link, and no button to make another.
  await page.reload();
  await expect(row.getByRole('link', { name: 'Payment link' })).toHaveAttribute(
    'href',
    (await link.getAttribute('href'))!,
  );
  await expect(row.getByRole('button', { name: /^Make payment link/ })).toHaveCount(0);
});
