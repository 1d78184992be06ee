/**
 * The superadmin's phone as whole as the member's (issue 46), at 390x844 and on a 1366x900 laptop:
 * no screen or form wider than the screen (only a container that scrolls on purpose may hold
 * something wider), Approve and Reject whole on every pending card, the subscription form whole
 * with a long algo description, a Back button on the admin home, and every membership action the
 * server has done on screen: reject an application, cancel and rejoin, record a fee paid by hand.
 */
import type { Page } from '@playwright/test';
import type { Algo } from '@shared/schemas/admin/algos';
import { accountsOf, choose, createMember, modal } from './admin-people-support';
import { expect, test } from './support/fixtures';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

const ROUTES = [
  '/dashboard/admin',
  '/dashboard/admin/algos',
  '/dashboard/admin/algos/1/signals',
  '/dashboard/admin/pending',
  '/dashboard/admin/members',
  '/dashboard/admin/members/1/users',
  '/dashboard/admin/members/1/accounts',
  '/dashboard/admin/members/1/accounts/1/algos',
  '/dashboard/admin/members/1/accounts/1/trades',
  '/dashboard/admin/readiness',
  '/dashboard/admin/logs',
  '/dashboard/admin/warnings',
  '/dashboard/admin/tokens',
  '/dashboard/admin/order-records',
  '/dashboard/admin/enquiries',
  '/dashboard/admin/workshops',
  '/dashboard/admin/instruments',
  '/dashboard/admin/backups',
] as const;

/**
 * What runs past the right edge of the screen: the page's own width, and each visible element
 * whose right edge is beyond it, unless it sits in a container that scrolls (or clips) on purpose
 * and that container itself is within the screen.
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`page ${document.documentElement.scrollWidth} px`);
    // A container that scrolls sideways on purpose (a table's region), within the screen; not the
    // page's own scroller (.app-scroll, ion-content) nor a modal's body: they must hold their content whole.
    const onPurpose = (at: Element) =>
      at.tagName !== 'ION-CONTENT' &&
      at.tagName !== 'ION-MODAL' &&
      !at.classList.contains('app-modal-body') &&
      !at.classList.contains('app-scroll') &&
      ['auto', 'scroll', 'hidden'].includes(getComputedStyle(at).overflowX) &&
      at.getBoundingClientRect().right <= width + 1;
    const clipped = (el: Element) => {
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) if (onPurpose(at)) return true;
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || clipped(el)) continue;
      const label = el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 40);
      found.push(`${el.tagName.toLowerCase()} "${label}" ends at ${Math.round(box.right)} px`);
      if (found.length > 5) break;
    }
    return found;
  });

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

let sent = 0;
/** A pending signal on the swing algo (the demo's longest description), as its webhook sends it. */
async function pendingSignal(page: Page, algoId: number): Promise<number> {
  const made = await page.request.post(`/api/algos/${algoId}/webhook-tokens`, { data: {} });
  const { token } = (await made.json()) as { token: string };
  const res = await page.request.post('/api/hooks/signals', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      client_signal_id: `e2e-phone-${Date.now()}-${++sent}`,
      instrument_symbol: 'INFY',
      trade_direction: 'long',
      trade_type: 'swing',
      entry_level: 1500,
      stop_loss_level: 1470,
      target_level: 1590,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { signal_id: number }).signal_id;
}

const swingAlgo = async (page: Page) =>
  ((await (await page.request.get('/api/algos')).json()) as Algo[]).find((a) => a.algo_desc.startsWith('Swing'))!;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('every superadmin page fits the screen', async ({ page, login }) => {
      test.setTimeout(180_000);
      await login({ role: 'superadmin' });
      await pendingSignal(page, (await swingAlgo(page)).algo_id);
      for (const path of ROUTES) {
        await open(page, path);
        expect(await overflowing(page), path).toEqual([]);
      }
    });

    test('every pending card shows Approve and Reject whole, its levels, age and expiry', async ({ page, login }) => {
      await login({ role: 'superadmin' });
      const id = await pendingSignal(page, (await swingAlgo(page)).algo_id);
      await open(page, '/dashboard/admin/pending');
      const item = page.getByText(`#${id}`, { exact: false }).first();
      await item.scrollIntoViewIfNeeded();
      for (const name of [`Approve signal ${id}`, `Reject signal ${id}`]) {
        const button = page.getByRole('button', { name });
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(viewport.width);
        expect(box.height, name).toBeGreaterThanOrEqual(44);
        await expect(button).toHaveText(name.split(' ')[0]!);
      }
      // Side by side: one row.
      const approve = (await page.getByRole('button', { name: `Approve signal ${id}` }).boundingBox())!;
      const reject = (await page.getByRole('button', { name: `Reject signal ${id}` }).boundingBox())!;
      expect(Math.abs(approve.y - reject.y)).toBeLessThan(4);
      await expect(page.getByText('1,500 / 1,470 / 1,590').first()).toBeVisible();
      await expect(page.getByText(/just now|min ago/).first()).toBeVisible();
      await expect(page.getByText(/no expiry|expires/).first()).toBeVisible();
      expect(await overflowing(page)).toEqual([]);
    });

    test('the subscription form stays whole with a long algo description chosen', async ({ page, login }) => {
      await login({ role: 'superadmin' });
      const member = await createMember(page);
      const [account] = await accountsOf(page, member.trabot_client_id);
      const algo = await swingAlgo(page);
      await open(
        page,
        `/dashboard/admin/members/${member.trabot_client_id}/accounts/${account!.trabot_account_id}/algos`,
      );
      await page.getByRole('button', { name: 'Add new Subscription' }).click();
      const form = modal(page, 'Add new Subscription');
      await choose(page, form, 'Algo', `${algo.algo_id} - ${algo.algo_desc}`);
      const dialog = (await form.locator('.app-modal-body').boundingBox())!;
      for (const name of ['Save', 'Cancel']) {
        const box = (await form.getByRole('button', { name }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(dialog.x);
        expect(box.x + box.width, name).toBeLessThanOrEqual(Math.min(dialog.x + dialog.width, viewport.width));
      }
      expect(await overflowing(page)).toEqual([]);
    });
  });
}

test('the admin home has a Back button to the page before', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  await open(page, '/dashboard/admin/algos');
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/algos$/);
});

test.describe('membership actions on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    // The refused fee (an amount other than the member's) is a 400 in the console.
    allowedConsoleErrors: [/status of 400/],
  });

  test('reject an application with a reason', async ({ page, login }) => {
    await login({ role: 'superadmin' });
    const name = `Applicant ${Date.now().toString(36)}`;
    const applied = await page.request.post('/api/contact-us', {
      data: { type: 'Membership Interest', formString: `<p><strong>Full name</strong><br>${name}</p>` },
    });
    expect(applied.status()).toBe(201);
    const { id } = (await applied.json()) as { id: number };
    await open(page, '/dashboard/admin/members');
    await page.getByRole('button', { name: `Reject application ${id}` }).click();
    const form = modal(page, `Reject application ${id}`);
    await form.getByRole('button', { name: 'Reject' }).click();
    await expect(form.getByText('Reason is required')).toBeVisible();
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Email', { exact: true }).fill('applicant@example.in');
    await form.getByRole('textbox', { name: 'Reason' }).fill('No slot this month');
    await form.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Application rejected: the answer is on its way')).toBeVisible();
    await expect(page.getByRole('button', { name: `Reject application ${id}` })).toHaveCount(0);
    expect(await overflowing(page)).toEqual([]);
  });

  test('cancel, rejoin and record a fee paid by hand, with the history and the receipt', async ({ page, login }) => {
    test.setTimeout(90_000);
    await login({ role: 'superadmin' });
    const member = await createMember(page);
    await open(page, '/dashboard/admin/members');
    await page.getByRole('button', { name: `Membership of ${member.name}` }).click();
    const dialog = modal(page, `Membership of ${member.name}`);

    await dialog.getByRole('button', { name: 'Cancel membership' }).click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked to leave by phone');
    await dialog
      .getByRole('form', { name: 'Cancel membership' })
      .getByRole('button', { name: 'Cancel membership' })
      .click();
    await expect(page.getByText('Membership cancelled: the member is told')).toBeVisible();
    await expect(dialog.getByText('Status: cancelled')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Membership history' })).toContainText('Asked to leave by phone');

    await dialog.getByRole('button', { name: 'Rejoin' }).click();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Came back');
    await dialog.getByRole('form', { name: 'Rejoin' }).getByRole('button', { name: 'Rejoin' }).click();
    await expect(page.getByText('Membership accepted again: the member is told')).toBeVisible();
    await expect(dialog.getByText('Status: rejoined')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Membership history' })).toContainText('Came back');

    await dialog.getByRole('button', { name: 'Record fee paid' }).click();
    const fee = dialog.getByRole('form', { name: 'Record fee paid' });
    await expect(fee.getByLabel('Amount (INR)')).toHaveValue('5900');
    await fee.getByLabel('Amount (INR)').fill('5000');
    await fee.getByLabel('Reference', { exact: true }).fill('UTR 88123');
    await choose(page, fee, 'Method', 'UPI');
    await fee.getByRole('button', { name: 'Record fee' }).click();
    // The server's reason, under the amount.
    await expect(fee.getByText('The fee of this member is Rs 5,900')).toBeVisible();
    await fee.getByLabel('Amount (INR)').fill('5900');
    await fee.getByRole('button', { name: 'Record fee' }).click();
    await expect(page.getByText(/^Fee recorded: receipt TB\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
    const payments = dialog.getByRole('list', { name: 'Payments' });
    await expect(payments).toContainText('by hand: UPI, UTR 88123');
    const receipt = payments.getByRole('link', { name: /^Receipt TB\// });
    const res = await page.request.get((await receipt.getAttribute('href'))!);
    expect(await res.text()).toContain('Recorded by hand: UPI, UTR 88123');
    await expect(dialog.getByText('Status: active')).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
  });
});
