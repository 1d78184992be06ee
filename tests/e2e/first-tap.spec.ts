/**
 * The first tap works: on a prerendered page, a tap or typing made before the app's
 * modules take the page over is not lost. The app's modules (all but the tiny boot script) are
 * held back here until the test has tapped and typed, as on a slow phone.
 */
import type { Page } from '@playwright/test';
import { researchEnquiryForm } from '@shared/forms/research-enquiry';
import { CREDENTIALS } from './support/credentials';
import { expect, test } from './support/fixtures';
import { formModal } from './public-support';

/** Holds every script but boot.js until `release` is called. */
async function holdAppModules(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Opens a prerendered page without waiting for the takeover (the fixture's goto waits for it). */
async function openPrerendered(page: Page, path: string) {
  await page.mainFrame().goto(path);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  // boot.js has made the controls live.
  await expect(page.locator('#root[data-prerendered] [inert]')).toHaveCount(0);
}

const takenOver = (page: Page) => expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 } });

test('"Contact Us" tapped before the takeover opens its form once the app is there', async ({ page }) => {
  const release = await holdAppModules(page);
  await openPrerendered(page, '/');
  await page.getByRole('button', { name: 'Contact Us about Research and Development' }).click();
  // Nothing happened natively (no navigation, no form); the app is still held back.
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  release();
  await takenOver(page);
  await expect(formModal(page, researchEnquiryForm.title).getByRole('heading', { level: 2 })).toHaveText(
    'Step 1 of 8 Contact',
  );
});

test.describe(() => {
  // The captcha is not solved yet: the server answers the early Sign In with its 400.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('Enter pressed in the login before the takeover signs in through the app, never natively', async ({ page }) => {
    const release = await holdAppModules(page);
    await openPrerendered(page, '/login');
    await page.getByLabel('Email').fill(CREDENTIALS.member.email);
    await page.getByLabel('Password', { exact: true }).fill(CREDENTIALS.member.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(page.url()).not.toContain('password');
    const signIn = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/login');
    release();
    await takenOver(page);
    expect((await signIn).postDataJSON()).toMatchObject({
      email: CREDENTIALS.member.email,
      password: CREDENTIALS.member.password,
    });
    expect(page.url()).not.toContain('password');
  });
});

test('typing before the takeover stays in the live field, which keeps the focus', async ({ page }) => {
  const release = await holdAppModules(page);
  await openPrerendered(page, '/login');
  await page.getByLabel('Email').fill('early@example.com');
  release();
  await takenOver(page);
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').press('End');
  await page.keyboard.type('.in');
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com.in');
});

test('"I\'m not a robot" ticked before the takeover verifies once the app is there: Sign In logs in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const release = await holdAppModules(page);
  await openPrerendered(page, '/login');
  await page.getByText("I'm not a robot").click();
  await page.getByLabel('Email').fill(CREDENTIALS.member.email);
  await page.getByLabel('Password', { exact: true }).fill(CREDENTIALS.member.password);
  release();
  await takenOver(page);
  // No second tap on the box: the first one's verification runs and ends. Its proof of work takes
  // about a second, and up to half a minute on a machine busy with other runs.
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/trades$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
});

test('the captcha and Sign In both tapped before the takeover log in once the captcha is verified', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const signIns: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/login') signIns.push(r.postDataJSON());
  });
  // The captcha's challenge is held too, so its verification is surely under way when looked at.
  let answerCaptcha: () => void = () => undefined;
  const captchaAnswered = new Promise<void>((resolve) => (answerCaptcha = resolve));
  await page.route(/\/api\/captcha(\?|$)/, async (route) => {
    await captchaAnswered;
    await route.continue();
  });
  const release = await holdAppModules(page);
  await openPrerendered(page, '/login');
  await page.getByLabel('Email').fill(CREDENTIALS.member.email);
  await page.getByLabel('Password', { exact: true }).fill(CREDENTIALS.member.password);
  await page.getByText("I'm not a robot").click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  release();
  await takenOver(page);
  // The early Sign In waits for the captcha the early tick started, instead of going without it.
  await expect(page.getByText('Verifying...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
  expect(signIns).toEqual([]);
  answerCaptcha();
  await expect(page).toHaveURL(/\/dashboard\/trades$/, { timeout: 45_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  expect(signIns).toEqual([
    { email: CREDENTIALS.member.email, password: CREDENTIALS.member.password, captcha: expect.any(String) },
  ]);
});
