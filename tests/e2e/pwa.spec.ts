import { expect, test } from './support/fixtures';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the manifest is linked and makes the app installable; every icon loads', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await request.get(new URL(href!, page.url()).toString());
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Trabot',
    short_name: 'Trabot',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });
  const sizes = manifest.icons.map((icon) => `${icon.sizes}${icon.purpose === 'maskable' ? ' maskable' : ''}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const iconResponse = await request.get(new URL(icon.src, page.url()).toString());
    expect(iconResponse.status(), icon.src).toBe(200);
    expect(iconResponse.headers()['content-type']).toContain('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#/);
  // Chromium's own verdict (the install prompt itself does not fire in a headless browser). Test
  // contexts are incognito-like, which Chromium reports too: everything else must be clean.
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito'),
    )
    .toEqual([]);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
});

test('the service worker installs, controls the page after a reload, and never skips waiting by itself', async ({
  page,
}) => {
  await page.goto('/');
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { active: registration.active?.state, scope: registration.scope };
  });
  expect(state.active).toMatch(/activat/);
  expect(new URL(state.scope).pathname).toBe('/');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  // The only skipWaiting() is the one the page asks for when the user accepts the update.
  const swSource = await page.evaluate(async () => (await fetch('/sw.js')).text());
  expect(swSource.match(/skipWaiting\(\)/g)).toHaveLength(1);
  expect(swSource).toMatch(/"SKIP_WAITING"\s*===\s*\w+\.data\.type\s*&&\s*self\.skipWaiting\(\)/);
  expect(swSource).not.toContain('clientsClaim');
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch/] });

  test('after one online visit the site and a deep link reload with the server unreachable', async ({
    page,
    goOffline,
  }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload(); // now controlled by the service worker
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/workshops');
    await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
    await page.waitForTimeout(1500); // persisted query copies are written with a 1 s throttle

    await goOffline();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Member Login' })).toBeVisible();
  });
});
