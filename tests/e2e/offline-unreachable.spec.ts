/**
 * Offline that survives a bad network, in both of a phone's offline cases: airplane
 * mode (the browser knows) and a server that cannot be reached while the phone reports itself
 * online (a weak signal, a captive portal, a restart). Either way the last trades and account
 * settings stay readable however often the app is opened, writes are refused with "Offline", and a
 * returning connection refreshes the data by itself.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { SwitchableProxy } from './support/switchable-proxy';
import { OFFLINE_CONSOLE_ERRORS, OFFLINE_NOTICE, reloadUnderServiceWorker, waitForPersisted } from './member-support';

const valueOf = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

interface Network {
  context: BrowserContext;
  server: SwitchableProxy;
}

const CASES = [
  {
    name: 'airplane mode',
    lose: async ({ context, server }: Network) => {
      await server.stop();
      await context.setOffline(true);
    },
    restore: async ({ context, server }: Network) => {
      await server.resume();
      await context.setOffline(false);
    },
  },
  {
    name: 'server unreachable while the phone is online',
    lose: ({ server }: Network) => server.stop(),
    restore: ({ server }: Network) => server.resume(),
  },
] as const;

test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

/** The member's trades and account settings, loaded online and saved on the device. */
async function visitOnline(page: Page) {
  const cards = page.getByRole('list', { name: 'Trades' });
  await expect(cards.getByRole('article').first()).toBeVisible();
  await waitForPersisted(page, 'trades');
  await reloadUnderServiceWorker(page);
  await expect(cards.getByRole('article').first()).toBeVisible();
  const trades = await cards.getByRole('heading', { level: 2 }).allTextContents();
  expect(trades.length).toBeGreaterThan(0);
  await page.goto('/dashboard/account-settings');
  await expect(valueOf(page, 'Broker Client ID')).toBeVisible();
  await waitForPersisted(page, 'account-details');
  return { trades, clientId: (await valueOf(page, 'Broker Client ID').textContent()) ?? '' };
}

for (const network of CASES) {
  test.describe(network.name, () => {
    test('the last trades and account settings show at every reload, read-only, and refresh when the server is back', async ({
      page,
      context,
      server,
      login,
    }) => {
      await login({ demo: true });
      await page.goto('/dashboard/trades');
      const saved = await visitOnline(page);

      await network.lose({ context, server });
      for (let open = 1; open <= 3; open++) {
        await page.reload();
        await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
        await expect(valueOf(page, 'Broker Client ID')).toHaveText(saved.clientId);
        await expect(page.getByRole('button', { name: 'Edit Broker Details' })).toBeDisabled();
        await expect(page.getByText('Offline: editing needs a connection')).toBeVisible();
      }
      await page.goto('/dashboard/trades');
      for (let open = 1; open <= 3; open++) {
        if (open > 1) await page.reload();
        await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
        await expect(page.getByRole('list', { name: 'Trades' }).getByRole('heading', { level: 2 })).toHaveText(
          saved.trades,
        );
      }

      await network.restore({ context, server });
      // No reload: the app notices the server by itself and drops the offline state.
      await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden({ timeout: 20_000 });
      await expect(page.getByRole('list', { name: 'Trades' }).getByRole('heading', { level: 2 })).toHaveText(
        saved.trades,
      );
    });

    test('a save started before the connection went is refused with "Offline" and keeps what was typed', async ({
      page,
      context,
      server,
      login,
    }) => {
      await login({ demo: true });
      await page.goto('/dashboard/account-settings');
      await page.getByRole('button', { name: 'Edit Broker Details' }).click();
      const dialog = page.locator('ion-modal').filter({ hasText: 'Edit Broker Details' });
      await expect(dialog.getByLabel('Broker Client ID')).toBeVisible();

      await network.lose({ context, server });
      await dialog.getByLabel('Broker Client ID').fill('OFFLINE-1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Offline');
      await expect(dialog.getByLabel('Broker Client ID')).toHaveValue('OFFLINE-1');
    });
  });
}
