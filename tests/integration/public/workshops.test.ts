/** GET /api/workshops and POST /api/workshop-enquiry. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@shared/forms/form-definition';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import { workshopsResponseSchema, type Workshop } from '@shared/schemas/public-forms';
import { workshopRegistrations } from '@server/db/schema';
import { createWorkshop } from '../../factories/workshops';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ipCounter = 0;
const visitor = () => t.client({ ip: `203.0.113.${++ipCounter}` });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const list = async () => {
  const res = await visitor().request('/api/workshops');
  expect(res.status).toBe(200);
  return (await res.json()) as Workshop[];
};
const registration = async (id: number) =>
  (await t.deps.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.id, id)))[0];

describe('GET /api/workshops', () => {
  it('lists the four seeded workshops, newest date first, in the shared shape', async () => {
    const all = await list();
    expect(workshopsResponseSchema.parse(all)).toEqual(all);
    expect(all.map((w) => w.workshop_date)).toEqual(['2025-03-09', '2025-02-09', '2025-01-05', '2024-12-08']);
    expect(all.every((w) => w.time_label === '10:00AM IST')).toBe(true);
    expect(new Set(all.map((w) => w.level))).toEqual(new Set(['Beginner', 'Intermediate']));
    expect(all.every((w) => w.title.length > 10 && w.description.length > 100)).toBe(true);
    expect(Object.keys(all[0]!).sort()).toEqual([
      'description',
      'level',
      'time_label',
      'title',
      'workshop_date',
      'workshop_id',
    ]);
  });

  it('shows a workshop the firm adds, in date order', async () => {
    await createWorkshop(t.deps);
    const all = await list();
    expect(all[0]).toMatchObject({
      title: 'Options Basics for NSE Traders',
      workshop_date: '2099-06-07',
      time_label: '10:00AM IST',
    });
    expect(all).toHaveLength(5);
  });
});

describe('POST /api/workshop-enquiry', () => {
  const body = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    source: 'linkedin',
    comments: 'Please cover <b>VWAP</b>',
    workshop: 'N.A.',
  };

  it('stores a registration for a listed workshop, linked to it', async () => {
    const [latest] = await list();
    const res = await visitor().json('/api/workshop-enquiry', { ...body, workshop: workshopLabel(latest!) });
    expect(res.status).toBe(201);
    const { status, id } = (await res.json()) as { status: string; id: number };
    expect(status).toBe('success');
    expect(await registration(id)).toMatchObject({
      workshop_id: latest!.workshop_id,
      workshop_label: workshopLabel(latest!),
      name: 'Asha Rao',
      email: 'asha@example.com',
      source: 'linkedin',
      comments: 'Please cover <b>VWAP</b>',
      mail_status: 'off',
    });
  });

  it('stores N.A. and unknown workshops without a link, trimming the text', async () => {
    const na = (await (await visitor().json('/api/workshop-enquiry', body)).json()) as { id: number };
    expect(await registration(na.id)).toMatchObject({ workshop_id: null, workshop_label: 'N.A.' });
    const unknown = (await (
      await visitor().json('/api/workshop-enquiry', {
        ...body,
        name: '  Ravi  ',
        workshop: 'Some Old Workshop (1 January 2020)',
      })
    ).json()) as { id: number };
    expect(await registration(unknown.id)).toMatchObject({
      workshop_id: null,
      workshop_label: 'Some Old Workshop (1 January 2020)',
      name: 'Ravi',
    });
  });

  it('takes comments as optional and never stores a phone', async () => {
    const { comments: _c, ...withoutComments } = body;
    const res = await visitor().json('/api/workshop-enquiry', { ...withoutComments, phone: '+91 98765 43210' });
    expect(res.status).toBe(201);
    const row = await registration(((await res.json()) as { id: number }).id);
    expect(row!.comments).toBe('');
    expect(JSON.stringify(row)).not.toContain('98765');
  });

  it('answers 400 naming each bad field, storing nothing', async () => {
    const before = (await t.deps.db.select({ id: workshopRegistrations.id }).from(workshopRegistrations)).length;
    const res = await visitor().json('/api/workshop-enquiry', { name: '', email: 'asha@', source: 'tv', comments: 5 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid body: name, email, source, comments, workshop',
      fields: {
        name: FIELD_MESSAGES.required,
        email: FIELD_MESSAGES.email,
        source: FIELD_MESSAGES.choose,
        comments: expect.any(String),
        workshop: 'workshop must be a string',
      },
    });
    const tooLong = await visitor().json('/api/workshop-enquiry', {
      ...body,
      name: 'x'.repeat(101),
      workshop: 'x'.repeat(301),
    });
    expect(Object.keys(((await tooLong.json()) as { fields: object }).fields)).toEqual(['name', 'workshop']);
    expect((await t.deps.db.select({ id: workshopRegistrations.id }).from(workshopRegistrations)).length).toBe(before);
  });

  it('answers 415 and 400 to bodies that are not JSON, and 403 cross-origin', async () => {
    const client = visitor();
    expect(
      (
        await client.request('/api/workshop-enquiry', {
          method: 'POST',
          body: 'name=x',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
    expect(
      (
        await client.request('/api/workshop-enquiry', {
          method: 'POST',
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect((await client.json('/api/workshop-enquiry', body, { origin: 'https://evil.example' })).status).toBe(403);
  });
});
