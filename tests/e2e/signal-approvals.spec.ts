/**
 * Signals from an algo to a decision on a phone: a webhook sends a signal, the Pending
 * screen at 390x844 shows it as a compact card with Approve and Reject in reach, and the decision
 * goes through with the fan-out preview. Then Web Push: a push delivered to the service worker
 * (CDP ServiceWorker.deliverPushMessage, with the payload the server builds) shows the
 * notification with Approve and Reject, and its Approve decides the signal from the worker itself.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { signalPendingMessage } from '@server/push/push-notifier';
import type { Algo, Signal } from '@shared/schemas/admin/algos';
import { expect, test } from './support/fixtures';

const SWING_DESC = /^Swing momentum/;

async function swingAlgo(page: Page): Promise<Algo> {
  const algos = (await (await page.request.get('/api/algos')).json()) as Algo[];
  return algos.find((a) => SWING_DESC.test(a.algo_desc))!;
}

let sent = 0;
/** A signal sent the way an algo sends it: POST /api/hooks/signals with a fresh webhook token. */
async function sendSignal(page: Page, algoId: number, over: Record<string, unknown> = {}): Promise<Signal> {
  const made = await page.request.post(`/api/algos/${algoId}/webhook-tokens`, {
    data: {},
  });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const res = await page.request.post('/api/hooks/signals', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      client_signal_id: `e2e-${Date.now()}-${++sent}`,
      instrument_symbol: 'INFY',
      trade_direction: 'long',
      trade_type: 'swing',
      entry_level: 1500,
      stop_loss_level: 1470,
      target_level: 1590,
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { signal_id } = (await res.json()) as { signal_id: number };
  const list = (await (await page.request.get(`/api/algos/${algoId}/signals?status=pending`)).json()) as Signal[];
  return list.find((s) => s.signal_id === signal_id)!;
}

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

  test('a webhook signal waits on the Pending screen as a compact card and is approved in two taps', async ({
    page,
    login,
  }) => {
    await login({ role: 'superadmin' });
    const algo = await swingAlgo(page);
    const signal = await sendSignal(page, algo.algo_id);

    await page.goto(`/dashboard/admin/pending?signal=${signal.signal_id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pending signals' })).toBeVisible();
    const card = page
      .getByRole('list', { name: 'Pending signals' })
      .getByRole('listitem')
      .filter({ hasText: `#${signal.signal_id}` });
    await expect(card).toContainText(`INFY long · #${signal.signal_id}`);
    await expect(card).toContainText(/1,500 \/ 1,470 \/ 1,590 · RR 3(\.00)?/);
    await expect(card).toContainText(algo.algo_desc);
    await expect(card).toContainText(/(just now|\d+ min ago) · no expiry/);
    // A card takes at most a third of the screen, and its buttons are on it, in reach.
    const box = (await card.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(844 / 3);
    const approve = card.getByRole('button', {
      name: `Approve signal ${signal.signal_id}`,
    });
    await expect(approve).toBeInViewport();
    expect((await approve.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await approve.tap();
    const dialog = page.locator('ion-modal').filter({ hasText: `Approve signal ${signal.signal_id}?` });
    await expect(dialog.getByRole('region', { name: 'What approving trades now' })).toContainText(
      /\d+ of \d+ accounts? trade/,
    );
    await dialog.getByRole('button', { name: 'Approve', exact: true }).tap();
    await expect(page.getByText(/^Signal approved: INFY long, \d+ accounts?$/)).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test.describe('with the refusal in the console', () => {
    test.use({ allowedConsoleErrors: [/status of 409/] });

    test('a stale card is refused with the reason, and a reject from the queue cancels', async ({ page, login }) => {
      await login({ role: 'superadmin' });
      const algo = await swingAlgo(page);
      const signal = await sendSignal(page, algo.algo_id, {
        instrument_symbol: 'TCS',
        entry_level: 4000,
        stop_loss_level: 3950,
        target_level: 4150,
      });
      await page.goto('/dashboard/admin/pending');
      const card = page.getByRole('listitem').filter({ hasText: `#${signal.signal_id}` });
      await expect(card).toBeVisible();
      // This phone keeps showing the queue as it loaded it (its refresh held back) ...
      const stale: unknown = await (await page.request.get('/api/signals/pending')).json();
      await page.route('**/api/signals/pending', (route) => route.fulfill({ json: stale }));
      // ... while a colleague edits the levels.
      const edited = await page.request.post(`/api/signals/${signal.signal_id}/update`, {
        data: {
          trade_gen_ts: signal.trade_gen_ts,
          entry_level: 4005,
          stop_loss_level: 3950,
          target_level: 4150,
          trade_status: 'pending',
          process_signal: false,
        },
      });
      expect(edited.status()).toBe(200);
      await card.getByRole('button', { name: `Approve signal ${signal.signal_id}` }).tap();
      const dialog = page.locator('ion-modal').filter({ hasText: `Approve signal ${signal.signal_id}?` });
      await dialog.getByRole('button', { name: 'Approve', exact: true }).tap();
      await expect(page.getByText('This signal changed since you opened it: review it again')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).tap();
      await page.unroute('**/api/signals/pending');

      // The queue refreshed with the new levels; reject it.
      await expect(card).toContainText('4,005 / 3,950 / 4,150');
      await card.getByRole('button', { name: `Reject signal ${signal.signal_id}` }).tap();
      await page
        .locator('ion-modal')
        .filter({ hasText: `Reject signal ${signal.signal_id}?` })
        .getByRole('button', { name: 'Reject', exact: true })
        .tap();
      await expect(page.getByText('Signal rejected')).toBeVisible();
      await expect(card).toHaveCount(0);
    });
  });
});

/** The app's service worker, once it controls the page. */
async function serviceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  return context.serviceWorkers()[0]!;
}

type Shown = { title: string; body: string; tag: string; actions: string[] };
const notifications = (sw: Worker, tag: string) =>
  sw.evaluate(async (t) => {
    const list: Notification[] = await (
      self as unknown as { registration: ServiceWorkerRegistration }
    ).registration.getNotifications({ tag: t });
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as unknown as { actions?: { action: string }[] }).actions ?? []).map((a) => a.action),
    }));
  }, tag) as Promise<Shown[]>;

test('a push reaches the service worker as a notification with Approve and Reject; Approve decides from the worker', async ({
  page,
  context,
  login,
}) => {
  await context.grantPermissions(['notifications']);
  await login({ role: 'superadmin' });
  const algo = await swingAlgo(page);
  const signal = await sendSignal(page, algo.algo_id, {
    instrument_symbol: 'RELIANCE',
    entry_level: 2950.5,
    stop_loss_level: 2890,
    target_level: 3080,
  });
  await page.goto('/dashboard/admin');
  const sw = await serviceWorker(context, page);

  // What the server pushes for this signal (its own builder), delivered as the push service would.
  const message = signalPendingMessage(signal, algo.algo_desc);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const active = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) =>
          !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin),
      );
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(message),
  });

  await expect
    .poll(() => notifications(sw, message.tag))
    .toEqual([
      {
        title: 'New signal: RELIANCE long',
        body: `Entry 2950.50 · SL 2890.00 · Target 3080.00 · RR 2.14 · ${algo.algo_desc}`,
        tag: `signal-${signal.signal_id}`,
        actions: ['approve', 'reject'],
      },
    ]);

  // Its Approve button: the worker calls the API with the session cookie and shows the outcome in its place.
  const outcome = await sw.evaluate(
    (m) =>
      (
        self as unknown as {
          trabotPush: { decide(m: unknown, a: string): Promise<string> };
        }
      ).trabotPush.decide(m, 'approve'),
    message,
  );
  expect(outcome).toMatch(/^Approved: \d+ accounts?$/);
  await expect
    .poll(() => notifications(sw, message.tag))
    .toEqual([
      {
        title: outcome,
        body: 'New signal: RELIANCE long',
        tag: message.tag,
        actions: [],
      },
    ]);
  const stored = (await (await page.request.get(`/api/algos/${algo.algo_id}/signals`)).json()) as Signal[];
  expect(stored.find((s) => s.signal_id === signal.signal_id)?.trade_status).toMatch(
    /^(approved|running|completed|cancelled)$/,
  );

  // The same notification's Approve again (a second device, a double tap): refused with the reason, nothing decided twice.
  const again = await sw.evaluate(
    (m) =>
      (
        self as unknown as {
          trabotPush: { decide(m: unknown, a: string): Promise<string> };
        }
      ).trabotPush.decide(m, 'approve'),
    message,
  );
  expect(again).toMatch(/^Not done: This signal is no longer pending/);
});

test('a superadmin turns on new-signal notifications for this device on Admin home; the browser permission is asked only then', async ({
  page,
  context,
  login,
}) => {
  // Headless Chromium reaches no push service: the browser's own subscribe is stood in for, with
  // an endpoint on FCM's host (never called here) and keys of the right shape.
  await page.addInitScript(() => {
    let current: PushSubscription | null = null;
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
    const fake = {
      endpoint,
      toJSON: () => ({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
      unsubscribe: async () => ((current = null), true),
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => (current = fake);
    PushManager.prototype.getSubscription = async () => current;
    (window as unknown as { permissionAsked: number }).permissionAsked = 0;
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = async () => {
      (window as unknown as { permissionAsked: number }).permissionAsked++;
      return request();
    };
  });
  await context.grantPermissions(['notifications']);
  await login({ role: 'superadmin' });
  await page.goto('/dashboard/admin');
  const toggle = page.getByRole('switch', { name: 'Notify this device of new signals' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(0);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST',
  );
  await toggle.click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('Notifications on for this device')).toBeVisible();
  await expect(toggle).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked)).toBe(1);

  await toggle.click();
  await expect(page.getByText('Notifications off for this device')).toBeVisible();
  await expect(toggle).not.toBeChecked();
});

test("an algo's webhook token is made on its Webhook & approval, shown once, and sends a signal", async ({
  page,
  login,
}) => {
  await login({ role: 'superadmin' });
  const algo = await swingAlgo(page);
  await page.goto('/dashboard/admin/algos');
  await page.getByRole('button', { name: `Webhook and approval of algo ${algo.algo_id}` }).click();
  const tokens = page.getByRole('region', { name: 'Webhook tokens' });
  await tokens.getByRole('button', { name: 'New token' }).click();
  const shown = tokens.getByLabel('New token (shown once: copy it now)');
  await expect(shown).toHaveValue(/^tbw_[\w-]{43}$/);
  const token = await shown.inputValue();
  await expect(tokens.getByText(`tbw_…${token.slice(-4)}`)).toBeVisible();

  const res = await page.request.post('/api/hooks/signals', {
    data: {
      token,
      client_signal_id: `e2e-modal-${Date.now()}`,
      instrument_symbol: 'INFY',
      trade_direction: 'long',
      trade_type: 'swing',
      entry_level: 1500,
      stop_loss_level: 1470,
      target_level: 1590,
    },
  });
  expect(res.status()).toBe(201);
  await page.getByRole('button', { name: `Revoke token tbw_…${token.slice(-4)}` }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  const refused = await page.request.post('/api/hooks/signals', { data: { token, client_signal_id: 'after-revoke' } });
  expect(refused.status()).toBe(401);
});
