/**
 * The super-admin's operations screens in Chromium against the real server: logs (search and line
 * count sent as asked), warnings (Show Deleted, delete behind the confirmation), tokens (masked),
 * the enquiries inbox (an enquiry submitted through the public API shows, and its markup runs
 * nothing) and workshop management with registrations.
 */
import type { Page } from '@playwright/test';
import type { Warning } from '@shared/schemas/admin/operations';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import { choose, modal, rowOf, unique } from './admin-people-support';
import { expect, test } from './support/fixtures';

test.beforeEach(async ({ login }) => {
  await login({ role: 'superadmin' });
});

/** The query of the next GET /api/logs the page sends. */
const nextLogsQuery = (page: Page) =>
  page
    .waitForRequest((req) => new URL(req.url()).pathname === '/api/logs')
    .then((req) => new URL(req.url()).searchParams);

test('logs: the last 50 lines by default; the search text (taken literally) and line count go to the server', async ({
  page,
}) => {
  const first = nextLogsQuery(page);
  await page.goto('/dashboard/admin/logs');
  expect(Object.fromEntries(await first)).toEqual({ search: '', lines: '50' });
  // The run's server logs warnings (the price feed's, at start): read as time (IST), level, message, fields.
  const table = page.getByRole('table', { name: 'Log lines' });
  await expect(table.getByRole('columnheader')).toHaveText(['Time (IST)', 'Level', 'Message', 'Fields', 'Raw']);
  const row = table.getByRole('row').filter({ hasText: 'price feed' }).first();
  await expect(row.getByRole('rowheader')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\.\d{3}$/);
  await expect(row.locator('.status-badge')).toHaveText('warn');
  // Static file requests only with the filter.
  const withStatic = nextLogsQuery(page);
  await page.getByLabel('Show static file requests').check();
  expect(Object.fromEntries(await withStatic)).toEqual({ search: '', lines: '50', static: '1' });
  const withoutStatic = nextLogsQuery(page);
  await page.getByLabel('Show static file requests').uncheck();
  expect(Object.fromEntries(await withoutStatic)).toEqual({ search: '', lines: '50' });

  const needle = `no such line [${Date.now()}] & (x)`;
  await page.getByLabel('Search').fill(needle);
  const searched = nextLogsQuery(page);
  await page.getByRole('button', { name: 'Refresh Logs' }).click();
  expect(Object.fromEntries(await searched)).toEqual({ search: needle, lines: '50' });
  await expect(page.getByText('No logs to display')).toBeVisible();

  const more = nextLogsQuery(page);
  await choose(page, page.locator('main'), 'Lines', '200');
  expect(Object.fromEntries(await more)).toEqual({ search: needle, lines: '200' });
  await expect(page.getByText('No logs to display')).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
});

test('logs on a phone: a card per line with time, level and message first, the raw line on demand', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/admin/logs');
  const cards = page.getByRole('list', { name: 'Log lines' });
  const card = cards.getByRole('listitem').last();
  await expect(card.locator('dt')).toHaveText(['Time (IST)', 'Level', 'Message', 'Fields', 'Raw']);
  await expect(card.locator('pre')).toBeHidden();
  await card.locator('summary', { hasText: 'Raw' }).click();
  await expect(card.locator('pre')).toHaveText(/^\{"level":\d+,"time":\d+,/);
  // Nothing runs past the screen's edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('warnings: the last 50 with Show Deleted; a warning is deleted only through the confirmation', async ({
  page,
}) => {
  await page.goto('/dashboard/admin/warnings');
  const table = page.getByRole('table', { name: 'Last 50 warnings' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Warning ID',
    'Message',
    'Data',
    'Timestamp',
    'Deleted',
    'Delete',
  ]);
  const res = await page.request.get('/api/admin/warnings?showDeleted=false');
  const open = ((await res.json()) as Warning[]).filter((w) => !w.delete_ind);
  const target = open[0];
  if (!target) throw new Error('the demo has no open warning');
  const row = rowOf(page, target.warning_id);
  await expect(row).toContainText(target.warning_message);

  await row.getByRole('button', { name: `Delete warning ${target.warning_id}` }).click();
  const dialog = modal(page, 'Delete this warning');
  await expect(dialog).toContainText(target.warning_message);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete warning ${target.warning_id}` }).click();
  await modal(page, 'Delete this warning').getByRole('button', { name: 'Delete this warning' }).click();
  await expect(page.getByText('Warning deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByText('Show Deleted').click();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Yes');
  await expect(row.getByRole('button', { name: /^Delete warning/ })).toHaveCount(0);
  const refreshed = page.waitForRequest((req) => req.url().endsWith('/api/admin/warnings?showDeleted=true'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await refreshed;
});

test('tokens: a key/value table with secrets masked, and Refresh Tokens', async ({ page }) => {
  await page.goto('/dashboard/admin/tokens');
  const table = page.getByRole('table', { name: 'Tokens' });
  await expect(table.getByRole('columnheader')).toHaveText(['Key', 'Value']);
  const session = table.locator('tbody tr').filter({ hasText: 'zerodha.access_token' });
  await expect(session).toContainText('••');
  await expect(session).toContainText(/expires \d{2}\/\d{2}\/\d{4}/);
  await expect(session).not.toContainText(/[0-9a-f]{32}/);
  const refreshed = page.waitForRequest((req) => req.url().endsWith('/api/admin/tokens'));
  await page.getByRole('button', { name: 'Refresh Tokens' }).click();
  await refreshed;
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
});

test('enquiries: a submission from the public form shows newest first, its markup running nothing', async ({
  page,
}) => {
  const marker = unique('E2E Visitor');
  const res = await page.request.post('/api/contact-us', {
    data: {
      type: 'Research Enquiry',
      formString:
        `<p><strong>First Name</strong><br>${marker}</p>` +
        '<img src="/favicon.svg" onerror="window.__pwned=1" onload="window.__pwned=2"><script>window.__pwned=3</script>' +
        '<p onclick="window.__pwned=4"><strong>Markets</strong><br>Equities<br>Forex</p>',
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/dashboard/admin/enquiries');
  const list = page.getByRole('list', { name: 'Enquiries' });
  const card = list.getByRole('article').first();
  await expect(card).toContainText(marker);
  await expect(card.getByRole('heading')).toHaveText(/^Research Enquiry #\d+$/);
  await expect(card).toContainText('EquitiesForex');
  await expect(card.locator('img, script, [onclick], [onerror], [onload]')).toHaveCount(0);
  await card.getByText('Markets').click();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

  await choose(page, page.locator('main'), 'Type', 'Membership Interest');
  await expect(list.getByText(marker)).toHaveCount(0);
});

test('workshops: add one, see it counted and its registrations', async ({ page }) => {
  await page.goto('/dashboard/admin/workshops');
  await expect(page.getByRole('table', { name: 'Workshops' })).toBeVisible();
  const title = unique('E2E Workshop');
  await page.getByRole('button', { name: 'Add Workshop' }).click();
  const form = modal(page, 'Add Workshop');
  await expect(form.getByLabel('Time')).toHaveValue('10:00AM IST');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Made by the admin browser test.');
  await form.getByLabel('Date').fill('2030-01-06');
  await choose(page, form, 'Level', 'Beginner');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workshop saved successfully')).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row).toContainText('06/01/2030');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');

  const registration = await page.request.post('/api/workshop-enquiry', {
    data: {
      name: 'E2E Registrant',
      email: 'registrant@example.com',
      source: 'youtube',
      comments: '',
      workshop: workshopLabel({ title, workshop_date: '2030-01-06' }),
    },
  });
  expect(registration.status(), await registration.text()).toBe(201);
  await page.reload();
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByRole('button', { name: `Registrations of ${title}` }).click();
  await expect(modal(page, 'registrant@example.com')).toContainText('E2E Registrant');
});
