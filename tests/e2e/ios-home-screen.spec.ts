/**
 * iPhones (issue 47): the meta tags iOS reads for a Home Screen app, and a one-time hint on iOS
 * Safari (which has no install prompt) saying how to add Trabot, and that approvals by push need it.
 */
import { devices } from '@playwright/test';
import { expect, test } from './support/fixtures';

const HINT = 'Add Trabot to your Home Screen';
const hintChunk = /\/ios-home-screen-hint[^/]*\.js$/;

test.describe('on an iPhone', () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent, viewport: { width: 390, height: 844 } });

  test('the Home Screen meta tags are there, and the hint shows once until dismissed', async ({ page }) => {
    await page.goto('/');
    const meta = (name: string) => page.locator(`head meta[name="${name}"]`);
    await expect(meta('apple-mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('apple-mobile-web-app-status-bar-style')).toHaveAttribute('content', 'default');
    await expect(meta('apple-mobile-web-app-title')).toHaveAttribute('content', 'Trabot');

    const hint = page.getByRole('complementary', { name: HINT });
    await expect(hint).toBeVisible();
    await expect(hint.getByText('In Safari, tap Share, then Add to Home Screen.')).toBeVisible();
    await expect(
      hint.getByText(/approving signals from the lock screen work only in the app on your Home Screen/),
    ).toBeVisible();
    const box = (await hint.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect(hint).toHaveCount(0);

    // Remembered: not again on this device, on any page.
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    for (const path of ['/', '/workshops', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(2_000); // the hint would come a second after the app's first render
      await expect(page.getByRole('complementary', { name: HINT })).toHaveCount(0);
    }
    expect(chunks.filter((url) => hintChunk.test(url))).toEqual([]);
  });
});

test('other browsers neither show the hint nor load its code', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(request.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.getByRole('complementary', { name: HINT })).toHaveCount(0);
  expect(chunks.filter((url) => hintChunk.test(url))).toEqual([]);
});
