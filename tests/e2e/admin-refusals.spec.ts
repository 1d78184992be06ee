/**
 * A refused subscription says why, under the field it concerns (issue 46): the capital band and
 * the testers limit in the server's own words, not "Failed to save algo subscription". A server of
 * its own with ALGO_TESTERS_MAX=1, so that the demo account's active subscriptions already fill
 * each algo (the shared server's algos stay open to the other tests).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Algo } from '@shared/schemas/admin/algos';
import { freePort, startServer } from '../support/real-server';
import { accountsOf, choose, createMember, modal } from './admin-people-support';
import { demoServerEnv } from './support/app-server';
import { CREDENTIALS } from './support/credentials';
import { apiLogin, expect, test as base } from './support/fixtures';

const test = base.extend<object, { limitServer: string }>({
  limitServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'trabot-e2e-limits-'));
      const port = await freePort();
      const server = await startServer({
        port,
        output: 'show',
        env: demoServerEnv(dataDir, { ALGO_TESTERS_MAX: '1' }),
      });
      await provide(`http://localhost:${port}`);
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ limitServer }, provide) => provide(limitServer),
});

test.use({ allowedConsoleErrors: [/status of 40[09]/] });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${viewport.width} px a refused subscription shows the capital band and the testers limit in words`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await apiLogin(page.request, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
    const member = await createMember(page);
    const [account] = await accountsOf(page, member.trabot_client_id);
    const algos = (await (await page.request.get('/api/algos')).json()) as Algo[];
    const algo = algos.find((a) => a.algo_desc.startsWith('Swing momentum'))!;
    await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts/${account!.trabot_account_id}/algos`);
    await page.getByRole('button', { name: 'Add new Subscription' }).click();
    const form = modal(page, 'Add new Subscription');
    await choose(page, form, 'Algo', `${algo.algo_id} - ${algo.algo_desc}`);
    for (const [label, value] of [
      ['Max Total Capital', '1000'],
      ['Risk % Per Trade', '1'],
      ['Max % Allocation Per Trade', '20'],
      ['Min % Allocation Per Trade', '5'],
      ['Min Required Risk-Reward', '1.5'],
      ['Max Acceptable Loss', '500'],
    ] as const)
      await form.getByLabel(label).fill(value);
    await form.getByRole('button', { name: 'Save' }).click();

    // The band, under Max Total Capital; not the generic failure.
    const band = /Max total capital must be between (Rs |₹)1,32,750\.00 and (Rs |₹)6,63,750\.00/;
    // In the form (the toast, outside it, says it too): the field's own error line.
    await expect(form.getByText(band)).toBeVisible();
    await expect(page.getByText('Failed to save algo subscription')).toHaveCount(0);

    // Within the band, the algo's one slot is the demo account's: the limit, under Algo.
    await form.getByLabel('Max Total Capital').fill('200000');
    await form.getByRole('button', { name: 'Save' }).click();
    const limit = `Algo ${algo.algo_id} already has 1 active testers, the limit of 1`;
    await expect(form.getByText(limit)).toBeVisible();
    await expect(page.getByText('Failed to save algo subscription')).toHaveCount(0);
    // Save stays on screen, whole, with the long description chosen.
    const save = (await form.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(save.x).toBeGreaterThanOrEqual(0);
    expect(save.x + save.width).toBeLessThanOrEqual(viewport.width);
  });
}
