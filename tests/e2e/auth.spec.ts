import { CREDENTIALS } from './support/credentials';
import { expect, fillLogin, solveCaptcha, test } from './support/fixtures';

test.describe('login', () => {
  test('a member logs in through the real captcha and lands on the trades page', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Member Login | Trabot');
    await expect(page.getByRole('heading', { name: 'Member Login' })).toBeVisible();
    await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('status').getByText('Logged in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });

  test('the captcha ticked first (before typing anything) loads the widget and verifies at once', async ({ page }) => {
    await page.goto('/login');
    // Until the visitor starts to log in, a placeholder stands in for the widget.
    await solveCaptcha(page);
    await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });

  test('Sign In tapped while the captcha is still verifying waits for it, then logs in', async ({ page }) => {
    const signIns: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/login') signIns.push(r.postDataJSON());
    });
    await page.goto('/login');
    await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
    // The challenge is held until Sign In has been tapped: the verification is surely under way.
    let answerCaptcha: () => void = () => undefined;
    const captchaAnswered = new Promise<void>((resolve) => (answerCaptcha = resolve));
    await page.route(/\/api\/captcha(\?|$)/, async (route) => {
      await captchaAnswered;
      await route.continue();
    });
    await page.getByText("I'm not a robot").click();
    await expect(page.getByText('Verifying...')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    expect(signIns).toEqual([]);
    answerCaptcha();
    await expect(page).toHaveURL(/\/dashboard\/trades$/, { timeout: 30_000 });
    expect(signIns).toEqual([
      { email: CREDENTIALS.member.email, password: CREDENTIALS.member.password, captcha: expect.any(String) },
    ]);
  });

  test.describe('refused attempts', () => {
    test.use({ allowedConsoleErrors: [/status of 40[01]/] });

    test('without a solved captcha the server answers 400: "Invalid captcha, please try again"', async ({ page }) => {
      await page.goto('/login');
      await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid captcha, please try again' })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a wrong password gets 401: "Invalid credentials", and the captcha is reset', async ({ page }) => {
      await page.goto('/login');
      await fillLogin(page, CREDENTIALS.member.email, 'not-the-password');
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Verified', { exact: true })).toBeHidden();
      await expect(page.getByText("I'm not a robot")).toBeVisible();
    });
  });

  test('empty fields are flagged at the field and the first one gets the focus', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
  });

  test("after Sign In, a field's message follows what is typed into it", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const email = page.getByLabel('Email');
    await expect(page.getByText('Email is required')).toBeVisible();
    await email.fill('member');
    await expect(page.getByText('Enter a valid email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('member@example.com');
    await expect(page.getByText('Enter a valid email')).toBeHidden();
    await expect(email).not.toHaveAttribute('aria-invalid');
    // The other field keeps its message until it is corrected itself.
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('the button reads "Signing In..." and is disabled while the request is pending', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
    await solveCaptcha(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    const pending = page.getByRole('button', { name: 'Signing In...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });
});

test('logout shows "Logged out successfully", goes to /login and closes the dashboard', async ({ page, login }) => {
  await login();
  await page.goto('/dashboard/trades');
  // The page read first, as a member would: its trades and P&L figures come back before the session ends
  // (a request still on its way then comes back refused, a 401 in the console).
  await expect(page.getByText('No trades found')).toBeVisible();
  const pnl = page.getByRole('region', { name: 'Profit & loss' });
  await expect(pnl).toBeVisible();
  await expect(pnl.getByText('…', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('status').getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The login page shown: the logout is done, this browser's member data forgotten (a reload before
  // that would still ask for the trades, and be refused).
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard/trades');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('logout failure', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  test('shows "Failed to log out" and keeps the member where they are', async ({ page, login }) => {
    await login();
    await page.goto('/dashboard/trades');
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to log out' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });
});

test.describe('a login that throws while the browser is online', () => {
  // The refused connection is logged by the browser.
  test.use({ allowedConsoleErrors: [/ERR_CONNECTION_REFUSED|ERR_FAILED|Failed to fetch/] });

  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1366, height: 900 }],
  ] as const) {
    test(`on a ${name}, says "Invalid login" (spec section 8), not "Offline"`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
      await solveCaptcha(page, 60_000);
      await page.route('**/api/login', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid login' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: /^Offline$/ })).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});
