/** Logs, warnings, tokens, the enquiries inbox and workshop management. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSecretBox } from '@server/security/crypto';
import { enquiries, tokens } from '@server/db/schema';
import { logFilePath } from '@server/lib/logger';
import { formatIst, getToken, setToken } from '@server/records/tokens';
import { raiseWarning } from '@server/records/warnings';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import { adminWorkshopSchema, enquiriesPageSchema, workshopRegistrationSchema } from '@shared/schemas/admin/inbox';
import { logsResponseSchema, tokensResponseSchema, warningSchema } from '@shared/schemas/admin/operations';
import { adminTest, expectError, expectJson, type AdminTest, post, put } from './setup';

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest();
});
afterAll(() => a.t.close());

describe('GET /api/logs', () => {
  const line = (i: number, msg: string) => JSON.stringify({ level: 30, time: 1795300000000 + i, msg });

  it('answers the last N lines of the server’s log file that contain the search text, newest last', async () => {
    const file = logFilePath(a.t.deps.env.DATA_DIR);
    expect(await expectJson(await a.admin.request('/api/logs'), 200, logsResponseSchema.strict())).toEqual({
      lines: [],
    });

    fs.mkdirSync(path.dirname(file), { recursive: true });
    const lines = Array.from({ length: 600 }, (_, i) =>
      line(i, i % 3 === 0 ? `signal ${i} approved (x*2)` : `request ${i}`),
    );
    fs.writeFileSync(file, `${lines.join('\n')}\n`);

    const fifty = await expectJson(await a.admin.request('/api/logs'), 200, logsResponseSchema);
    expect(fifty.lines).toEqual(lines.slice(-50));
    expect((await expectJson(await a.admin.request('/api/logs?lines=500'), 200, logsResponseSchema)).lines).toEqual(
      lines.slice(-500),
    );
    const approved = await expectJson(
      await a.admin.request('/api/logs?search=APPROVED%20(X*2)&lines=100'),
      200,
      logsResponseSchema,
    );
    expect(approved.lines).toEqual(lines.filter((l) => l.includes('approved')).slice(-100));
    expect((await expectJson(await a.admin.request('/api/logs?search=.*'), 200, logsResponseSchema)).lines).toEqual([]);
  });

  it('leaves out the request lines of static files (they do not count towards N) unless static=1', async () => {
    const file = logFilePath(a.t.deps.env.DATA_DIR);
    const request = (i: number, method: string, urlPath: string) =>
      JSON.stringify({
        level: 30,
        time: 1795300000000 + i,
        method,
        path: urlPath,
        status: 200,
        ms: 0.4,
        msg: 'request',
      });
    const lines = Array.from({ length: 120 }, (_, i) =>
      i % 4 === 0
        ? request(i, 'GET', `/api/account-trades`)
        : i % 4 === 1
          ? request(i, 'POST', '/login')
          : request(i, 'GET', `/assets/app-${i}.js`),
    );
    fs.writeFileSync(file, `${lines.join('\n')}\n`);

    const useful = lines.filter((l) => l.includes('"/api/') || l.includes('"POST"'));
    expect((await expectJson(await a.admin.request('/api/logs'), 200, logsResponseSchema)).lines).toEqual(
      useful.slice(-50),
    );
    expect((await expectJson(await a.admin.request('/api/logs?static=1'), 200, logsResponseSchema)).lines).toEqual(
      lines.slice(-50),
    );
    expect((await expectJson(await a.admin.request('/api/logs?search=assets'), 200, logsResponseSchema)).lines).toEqual(
      [],
    );
    expect((await expectError(await a.admin.request('/api/logs?static=yes'), 400)).fields).toHaveProperty('static');
  });

  it('refuses line counts other than 50, 100, 200, 500 and over-long searches', async () => {
    expect((await expectError(await a.admin.request('/api/logs?lines=75'), 400)).fields).toEqual({
      lines: 'lines must be one of 50, 100, 200, 500',
    });
    expect((await expectError(await a.admin.request('/api/logs?lines=abc'), 400)).fields).toHaveProperty('lines');
    expect(
      (await expectError(await a.admin.request(`/api/logs?search=${'x'.repeat(201)}`), 400)).fields,
    ).toHaveProperty('search');
  });
});

describe('warnings', () => {
  it('lists the last 50 newest first, hides deleted ones unless asked, and deletes one way', async () => {
    const raised = [];
    for (let i = 1; i <= 55; i++)
      raised.push(
        await raiseWarning(a.t.deps.db, `Signal ${i} skipped for account 3`, {
          accountId: 3,
          signalId: i,
          reason: 'risk-reward 1.2 below 1.5',
        }),
      );
    const first = raised[54]!;
    expect(first).toMatchObject({ warning_message: 'Signal 55 skipped for account 3', delete_ind: false });
    expect(JSON.parse(first.warning_data!)).toEqual({
      accountId: 3,
      signalId: 55,
      reason: 'risk-reward 1.2 below 1.5',
    });
    expect((await raiseWarning(a.t.deps.db, 'Feed reconnected')).warning_data).toBeNull();

    const list = await expectJson(await a.admin.request('/api/admin/warnings'), 200, z.array(warningSchema.strict()));
    expect(list).toHaveLength(50);
    expect(list[0]!.warning_message).toBe('Feed reconnected');
    expect(list.map((w) => w.warning_id)).toEqual([...list.map((w) => w.warning_id)].sort((x, y) => y - x));

    const deleted = await a.admin.request(`/api/admin/warnings/${first.warning_id}`, { method: 'DELETE' });
    expect(await expectJson(deleted, 200, z.object({ status: z.literal('success'), warning_id: z.number() }))).toEqual({
      status: 'success',
      warning_id: first.warning_id,
    });
    const live = await expectJson(
      await a.admin.request('/api/admin/warnings?showDeleted=false'),
      200,
      z.array(warningSchema),
    );
    expect(live.map((w) => w.warning_id)).not.toContain(first.warning_id);
    const all = await expectJson(
      await a.admin.request('/api/admin/warnings?showDeleted=true'),
      200,
      z.array(warningSchema),
    );
    expect(all.find((w) => w.warning_id === first.warning_id)).toMatchObject({ delete_ind: true });

    expect(
      await expectError(await a.admin.request(`/api/admin/warnings/${first.warning_id}`, { method: 'DELETE' }), 409),
    ).toEqual({
      error: `Warning ${first.warning_id} is already deleted`,
    });
    expect(await expectError(await a.admin.request('/api/admin/warnings/987654', { method: 'DELETE' }), 404)).toEqual({
      error: 'Warning not found',
    });
    expect(
      (await expectError(await a.admin.request('/api/admin/warnings?showDeleted=yes'), 400)).fields,
    ).toHaveProperty('showDeleted');
  });

  it('lets exactly one of two concurrent deletes win', async () => {
    const warning = await raiseWarning(a.t.deps.db, 'Order rejected by the paper broker');
    const results = await Promise.all(
      [0, 1].map(() => a.admin.request(`/api/admin/warnings/${warning.warning_id}`, { method: 'DELETE' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('tokens', () => {
  const now = new Date();
  const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

  it('stores token values encrypted, reads them back until they expire', async () => {
    await setToken(a.t.deps, {
      name: 'zerodha.access_token',
      accountId: 3,
      value: 'abCDefGHijKLmnOPwxyz',
      expiresAt: inHours(12),
    });
    const stored = await getToken(a.t.deps, 'zerodha.access_token', 3);
    expect(stored).toMatchObject({ value: 'abCDefGHijKLmnOPwxyz', expires_at: inHours(12) });
    const [row] = await a.t.deps.db.select().from(tokens);
    expect(row!.name).toBe('zerodha.access_token (account 3)');
    expect(row!.value_enc).not.toContain('abCDefGH');

    await setToken(a.t.deps, {
      name: 'zerodha.access_token',
      accountId: 3,
      value: 'newTOKENvalue0123wxyz',
      expiresAt: inHours(-1),
    });
    expect(await getToken(a.t.deps, 'zerodha.access_token', 3)).toBeNull();
    expect(await getToken(a.t.deps, 'never.set')).toBeNull();
  });

  it('GET /api/admin/tokens maps every name to its display value: secrets masked with expiry, feed state as is', async () => {
    await setToken(a.t.deps, {
      name: 'fyers.access_token',
      accountId: 7,
      value: 'ey9a8b7c6d5e4f3g2h1i',
      expiresAt: inHours(12),
    });
    await setToken(a.t.deps, { name: 'feed.simulated.seed', value: '20261121', secret: false });
    await setToken(a.t.deps, { name: 'dhan.access_token', value: 'short' });
    // A value sealed with another key (SECRET_KEY changed) shows as unreadable, without failing the list.
    await a.t.deps.db.insert(tokens).values({
      name: 'angelone.refresh_token',
      value_enc: createSecretBox(Buffer.alloc(32, 7)).encrypt('x'.repeat(20)),
    });

    const res = await a.admin.request('/api/admin/tokens');
    const text = await res.clone().text();
    for (const secret of ['ey9a8b7c6d5e4f3g2h1i', 'newTOKENvalue0123wxyz', 'short']) expect(text).not.toContain(secret);
    const display = await expectJson(res, 200, tokensResponseSchema);
    expect(display).toEqual({
      'angelone.refresh_token': '•••••••• (unreadable)',
      'dhan.access_token': '•••••',
      'feed.simulated.seed': '20261121',
      'fyers.access_token (account 7)': `ey${'•'.repeat(14)}2h1i (expires ${formatIst(inHours(12))})`,
      'zerodha.access_token (account 3)': `ne${'•'.repeat(15)}wxyz (expired ${formatIst(inHours(-1))})`,
    });
    expect(Object.keys(display)).toEqual(Object.keys(display).sort());
  });

  it('formats expiry times in India Standard Time', () => {
    expect(formatIst(new Date('2026-11-22T00:30:00Z'))).toBe('22/11/2026 06:00 IST');
    expect(formatIst(new Date('2026-12-31T18:45:00Z'))).toBe('01/01/2027 00:15 IST');
  });
});

describe('enquiries inbox', () => {
  it('pages through enquiries newest first with the stored sanitized HTML, filtered by type', async () => {
    const submitted = await a.anonymous.json('/api/contact-us', {
      type: 'Portfolio Enquiry',
      formString: '<p><strong>First name</strong><br>Ravi</p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    expect(submitted.status).toBe(201);
    const types = ['Research Enquiry', 'Portfolio Enquiry', 'Membership Interest'] as const;
    await a.t.deps.db.insert(enquiries).values(
      Array.from({ length: 24 }, (_, i) => ({
        type: types[i % 3]!,
        form_html: `<p>Enquiry ${i}</p>`,
        mail_status: 'off' as const,
      })),
    );

    const first = await expectJson(
      await a.admin.request('/api/admin/enquiries?limit=10'),
      200,
      enquiriesPageSchema.strict(),
    );
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.form_html).toBe('<p>Enquiry 23</p>');
    const ids = first.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(first.next_before).toBe(ids.at(-1));

    const second = await expectJson(
      await a.admin.request(`/api/admin/enquiries?limit=10&before=${first.next_before}`),
      200,
      enquiriesPageSchema,
    );
    const third = await expectJson(
      await a.admin.request(`/api/admin/enquiries?limit=10&before=${second.next_before}`),
      200,
      enquiriesPageSchema,
    );
    expect(third.items).toHaveLength(5);
    expect(third.next_before).toBeNull();
    const ravi = third.items.at(-1)!;
    expect(ravi).toMatchObject({ type: 'Portfolio Enquiry', mail_status: 'off' });
    expect(ravi.form_html).toContain('<strong>First name</strong>');
    expect(ravi.form_html).not.toMatch(/script|onerror|<img/);

    const portfolio = await expectJson(
      await a.admin.request('/api/admin/enquiries?type=Portfolio%20Enquiry'),
      200,
      enquiriesPageSchema,
    );
    expect(portfolio.items).toHaveLength(9);
    expect(portfolio.items.every((e) => e.type === 'Portfolio Enquiry')).toBe(true);
    expect(portfolio.next_before).toBeNull();
  });

  it('refuses bad paging and types', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc'])
      expect((await expectError(await a.admin.request(`/api/admin/enquiries?${query}`), 400)).fields).toHaveProperty(
        'limit',
      );
    expect((await expectError(await a.admin.request('/api/admin/enquiries?before=-3'), 400)).fields).toHaveProperty(
      'before',
    );
    expect((await expectError(await a.admin.request('/api/admin/enquiries?type=Spam'), 400)).fields).toHaveProperty(
      'type',
    );
  });
});

describe('workshops management', () => {
  const body = {
    title: 'Position Sizing and Risk per Trade',
    description: 'How much to buy: risk per trade, stop distance and capital caps.',
    workshop_date: '2027-01-10',
    level: 'Intermediate',
  };

  it('adds and edits workshops, lists them with registration counts, and shows their registrations', async () => {
    const created = await expectJson(
      await put(a.admin, '/api/admin/workshops', body),
      201,
      adminWorkshopSchema.strict(),
    );
    expect(created).toEqual({
      ...body,
      workshop_id: expect.any(Number),
      time_label: '10:00AM IST',
      registration_count: 0,
      joining_link: null,
    });
    expect((await put(a.admin, '/api/admin/workshops', body)).status).toBe(409);

    for (const name of ['Ravi Kumar', 'Sara Thomas']) {
      const res = await a.t.client({ ip: `203.0.113.${name.length}` }).json('/api/workshop-enquiry', {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.in`,
        source: 'youtube',
        workshop: workshopLabel(created),
      });
      expect(res.status).toBe(201);
    }
    const list = await expectJson(
      await a.admin.request('/api/admin/workshops'),
      200,
      z.array(adminWorkshopSchema.strict()),
    );
    expect(list[0]).toEqual({ ...created, registration_count: 2 });
    expect(list.slice(1).map((w) => w.registration_count)).toEqual([0, 0, 0, 0]);

    const registrations = await expectJson(
      await a.admin.request(`/api/admin/workshops/${created.workshop_id}/registrations`),
      200,
      z.array(workshopRegistrationSchema.strict()),
    );
    expect(registrations.map((r) => r.name)).toEqual(['Sara Thomas', 'Ravi Kumar']);
    expect(registrations[0]).toMatchObject({
      workshop_id: created.workshop_id,
      workshop_label: workshopLabel(created),
      source: 'youtube',
      comments: '',
      mail_status: 'off',
      link_mail_status: null,
      link_mail_sent_at: null,
    });

    const edited = await expectJson(
      await post(a.admin, `/api/admin/workshops/${created.workshop_id}`, {
        ...body,
        time_label: '6:30PM IST',
        workshop_date: '2027-01-17',
      }),
      200,
      adminWorkshopSchema.strict(),
    );
    expect(edited).toMatchObject({ time_label: '6:30PM IST', workshop_date: '2027-01-17', registration_count: 2 });
    const seeded = list[1]!;
    const clash = await expectError(
      await post(a.admin, `/api/admin/workshops/${created.workshop_id}`, {
        ...body,
        title: seeded.title,
        workshop_date: seeded.workshop_date,
      }),
      409,
    );
    expect(clash.fields).toHaveProperty('title');
  });

  it('names invalid fields and answers 404 for unknown workshops', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ description: ' ' }, 'description', 'Description is required'],
      [{ workshop_date: '10/01/2027' }, 'workshop_date', 'Date must be a date (yyyy-mm-dd)'],
      [{ time_label: '25:00PM IST' }, 'time_label', 'Time must read like 10:00AM IST'],
      [{ time_label: '10:00' }, 'time_label', 'Time must read like 10:00AM IST'],
      [{ level: 'Advanced' }, 'level', 'Level must be Beginner or Intermediate'],
    ];
    for (const [overrides, field, message] of cases) {
      expect(
        (await expectError(await put(a.admin, '/api/admin/workshops', { ...body, ...overrides }), 400)).fields?.[field],
        field,
      ).toBe(message);
    }
    expect(await expectError(await post(a.admin, '/api/admin/workshops/987654', body), 404)).toEqual({
      error: 'Workshop not found',
    });
    expect(await expectError(await a.admin.request('/api/admin/workshops/987654/registrations'), 404)).toEqual({
      error: 'Workshop not found',
    });
  });
});
