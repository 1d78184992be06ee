/** The demo seed's admin content, as the admin screens show it. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoIfEmpty } from '@server/demo/seed';
import { isWorkshopCompleted } from '@shared/forms/workshop-schedule';
import { adminWorkshopSchema } from '@shared/schemas/admin/inbox';
import { tokensResponseSchema, warningSchema } from '@shared/schemas/admin/operations';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { expectJson } from './setup';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedDemoIfEmpty(t.deps, { print: () => {} });
  if (!seeded.seeded) throw new Error('demo not seeded');
  admin = t.client();
  expect((await admin.login(seeded.admin.email, seeded.admin.password)).status).toBe(200);
});
afterAll(() => t.close());

it('shows warnings about the demo’s own signals, one of them already deleted', async () => {
  const live = await expectJson(await admin.request('/api/admin/warnings'), 200, z.array(warningSchema));
  expect(live.map((w) => w.warning_message)).toEqual([
    expect.stringMatching(
      /^Entry order for signal \d+ \(KOTAKBANK short\), account 1 lapsed unfilled at the 14:30 IST cut-off$/,
    ),
    expect.stringMatching(/^Entry skipped for signal \d+ \(MARUTI\), account 1: opened at 13,212.50/),
  ]);
  const signals = z.array(z.object({ signal_id: z.number(), instrument_symbol: z.string(), trade_status: z.string() }));
  const intraday = signals.parse(await (await admin.request('/api/algos/2/signals')).json());
  const kotak = intraday.find((s) => s.instrument_symbol === 'KOTAKBANK')!;
  expect(kotak.trade_status).toBe('cancelled');
  expect(JSON.parse(live[0]!.warning_data!)).toMatchObject({
    signalId: kotak.signal_id,
    accountId: 1,
    reason: 'intraday_cutoff',
  });

  const all = await expectJson(
    await admin.request('/api/admin/warnings?showDeleted=true'),
    200,
    z.array(warningSchema),
  );
  expect(all.filter((w) => w.delete_ind).map((w) => w.warning_message)).toEqual([
    'Price feed silent for 45 s during the session; reconnected',
  ]);
  const times = all.map((w) => w.warning_timestamp);
  expect(times).toEqual([...times].sort().reverse());
});

it('shows the demo account’s broker session token masked with its 06:00 IST expiry, and the feed state', async () => {
  const tokens = await expectJson(await admin.request('/api/admin/tokens'), 200, tokensResponseSchema);
  expect(tokens).toEqual({
    'feed.mode': 'simulated (seeded random walk from the last close)',
    'zerodha.access_token (account 1)': expect.stringMatching(
      /^[0-9a-f]{2}•{26}[0-9a-f]{4} \(expires \d{2}\/\d{2}\/\d{4} 06:00 IST\)$/,
    ),
  });
});

it('lists an upcoming workshop next to the four past ones', async () => {
  const workshops = await expectJson(await admin.request('/api/admin/workshops'), 200, z.array(adminWorkshopSchema));
  expect(workshops).toHaveLength(5);
  const upcoming = workshops.filter((w) => !isWorkshopCompleted(w));
  expect(upcoming).toEqual([
    expect.objectContaining({
      title: 'Position Sizing: Risk per Trade and Capital Caps',
      level: 'Intermediate',
      registration_count: 0,
    }),
  ]);
  expect(new Date(`${upcoming[0]!.workshop_date}T00:00:00Z`).getUTCDay()).toBe(0);
});
