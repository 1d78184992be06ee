/**
 * A trade's story on a phone (390x844): from the trades cards to a trade's page with its
 * timeline and P&L after charges, the same page by its URL after a reload, read offline once
 * visited, and the superadmin opening a trade from an account's trades page. The demo member's
 * completed HDFCBANK trade tells the whole story (demo seed: webhook signal, target edited and
 * approved by the admin, entry, a manual exit of half, the rest at the target).
 */
import type { Page } from '@playwright/test';
import type { Member } from '@shared/schemas/admin/members';
import { accountsOf } from './admin-people-support';
import {
  OFFLINE_CONSOLE_ERRORS,
  OFFLINE_NOTICE,
  reloadUnderServiceWorker,
  tradeCard,
  waitForPersisted,
} from './member-support';
import { CREDENTIALS } from './support/credentials';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const STORY = [
  'Signal received',
  'Target moved',
  'Approved',
  'Entry order placed',
  'Entry filled',
  'Manual exit ordered',
  'Manual exit order placed',
  'Manual exit filled',
  'Target exit order placed',
  'Target exit filled',
];

/** Opens the HDFCBANK card's trade page from the completed trades; answers its id. */
async function openHdfcFromCards(page: Page): Promise<string> {
  await page.goto('/dashboard/trades?status=completed');
  const card = await tradeCard(page, 'HDFCBANK');
  const link = card.getByRole('link', { name: /^View trade \d+$/ });
  const tradeId = (await link.getAttribute('aria-label'))!.replace('View trade ', '');
  await link.tap();
  await page.waitForURL(`**/dashboard/trades/${tradeId}`);
  return tradeId;
}

async function expectStory(page: Page, tradeId: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: `Trade ${tradeId}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(`DashboardTradesTrade ${tradeId}`);
  await expect(page.getByRole('heading', { level: 2, name: /^HDFCBANK/ })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('list').first();
  const steps = timeline.locator(':scope > li');
  await expect(steps.locator('.trade-timeline-title')).toHaveText(STORY);
  // Each step has its time; orders their client order id, fills their price and charges, the admin's acts their name.
  await expect(steps.locator('time')).toHaveCount(STORY.length);
  for (const time of await steps.locator('time').allInnerTexts())
    expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  const entryFilled = steps.filter({ hasText: 'Entry filled' });
  await expect(entryFilled).toContainText(/Client order IDTB\d+L\d+/);
  await expect(entryFilled).toContainText(/Price₹962\.40/);
  await expect(entryFilled).toContainText(/Charges₹[\d,]+\.\d{2}/);
  await expect(steps.filter({ hasText: 'Approved' })).toContainText('ByTrabot Admin');
  await expect(steps.filter({ hasText: 'Target moved' })).toContainText('Target₹995.00 → ₹1,007.20');

  const pnl = page.getByRole('region', { name: 'P&L after charges' });
  await expect(pnl.locator('dt')).toHaveText(['Realised', 'Charges', 'Net']);
  await expect(pnl.locator('dd')).toHaveText([/^₹[\d,]+\.\d{2}$/, /^₹[\d,]+\.\d{2}$/, /^-?₹[\d,]+\.\d{2}$/]);
  // Nothing sticks out sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a member follows a trade's link to its story, and its URL opens it again after a reload", async ({
  page,
  login,
}) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  const tradeId = await openHdfcFromCards(page);
  await expectStory(page, tradeId);
  await page.reload();
  await expectStory(page, tradeId);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Trades' }).tap();
  await page.waitForURL('**/dashboard/trades');
});

test.describe('not found', () => {
  // The browser logs the API's 404 itself.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('a trade the member cannot see, or an id no trade has, reads as not found', async ({ page, login }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades/2147483647');
    await expect(page.getByText('Trade not found')).toBeVisible();
    await page.goto('/dashboard/trades/abc');
    await expect(page.getByText('Trade not found')).toBeVisible();
  });
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

  test('a visited trade reads offline with the time of its data', async ({ page, login, goOffline }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const tradeId = await openHdfcFromCards(page);
    await expectStory(page, tradeId);
    await waitForPersisted(page, { keyEnd: `"trade",${tradeId}]` });
    await reloadUnderServiceWorker(page);
    await expectStory(page, tradeId);

    await goOffline();
    await page.reload();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expectStory(page, tradeId);
  });
});

test("the superadmin opens a trade from an account's trades, and Back returns there", async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const members = (await (await page.request.get('/api/members')).json()) as Member[];
  const demo = members.find((m) => m.email_id === CREDENTIALS.member.email)!;
  const [account] = await accountsOf(page, demo.trabot_client_id);
  const listUrl = `/dashboard/admin/members/${demo.trabot_client_id}/accounts/${account!.trabot_account_id}/trades?status=completed`;
  await page.goto(listUrl);
  const tradeId = await (async () => {
    const card = await tradeCard(page, 'HDFCBANK');
    const link = card.getByRole('link', { name: /^View trade \d+$/ });
    const id = (await link.getAttribute('aria-label'))!.replace('View trade ', '');
    await link.tap();
    return id;
  })();
  await page.waitForURL(`**/dashboard/trades/${tradeId}`);
  await expectStory(page, tradeId);
  // The superadmin reads the stored status, not the member's.
  await expect(page.getByRole('heading', { level: 2, name: /^HDFCBANK/ }).locator('..')).toContainText(
    /completed|closed/i,
  );
  await page.getByRole('button', { name: 'Back' }).tap();
  await page.waitForURL(`**${listUrl}`);
});
