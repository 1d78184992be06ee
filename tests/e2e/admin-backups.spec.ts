/**
 * The Backups screen in Chromium: a superadmin reaches it from Admin, takes a backup now and sees
 * it listed with the last good backup's age; an answer whose newest backup is three days old makes
 * the screen warn. On PostgreSQL (E2E_DATABASE_URL) the screen says backups are PostgreSQL's.
 */
import type { BackupsStatus } from '@shared/schemas/admin/backups';
import { expect, test } from './support/fixtures';

test('a superadmin takes a backup from the Backups screen and sees its age', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  await page.goto('/dashboard/admin');
  await page.getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/backups$/);
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();

  const status = (await (await page.request.get('/api/admin/backups')).json()) as BackupsStatus;
  if (status.database === 'postgres') {
    await expect(page.getByText("its backups are PostgreSQL's own")).toBeVisible();
    await expect(page.getByText('pg_dump')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Take backup now' })).toHaveCount(0);
    return;
  }

  await expect(page.getByText('No daily backup (BACKUP_AT=off)')).toBeVisible();
  const taken = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/backups') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Take backup now' }).click();
  const answer = await taken;
  expect(answer.status()).toBe(201);
  const { name, checksum } = (await answer.json()) as { name: string; checksum: string };
  await expect(page.getByText(`Backup taken: ${name}`)).toBeVisible({ timeout: 60_000 });

  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('manual');
  await expect(row).toContainText(checksum.slice(0, 16));
  await expect(page.getByText(/Last good backup: .*\((just now|\d+ min ago)\)\./)).toBeVisible();
  await expect(page.getByText('more than two days old')).toHaveCount(0);
});

test('warns when the last good backup is more than two days old', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  // The server's real answer, with its backups dated three days earlier.
  await page.route('**/api/admin/backups', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const status = (await response.json()) as BackupsStatus;
    const threeDays = 3 * 24 * 60 * 60 * 1000;
    const backups = status.backups.length
      ? status.backups
      : [
          {
            name: 'trabot-backup-old-daily.zip',
            size: 5_000_000,
            checksum: 'a'.repeat(64),
            kind: 'daily' as const,
            copy: null,
            createdAt: new Date().toISOString(),
          },
        ];
    const aged = backups.map((b) => ({ ...b, createdAt: new Date(Date.parse(b.createdAt) - threeDays).toISOString() }));
    await route.fulfill({ response, json: { ...status, database: 'pglite', backups: aged } });
  });
  await page.goto('/dashboard/admin/backups');
  const warning = page.getByRole('alert').filter({ hasText: 'Last good backup' });
  await expect(warning).toContainText(/\(3 days \d+ h ago\)/);
  await expect(warning).toContainText('more than two days old');
});
