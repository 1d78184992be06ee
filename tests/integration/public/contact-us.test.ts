/** POST /api/contact-us: validation, sanitizing, storage, origin check and the per-IP limit. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnquiryBody } from '@shared/form-string';
import { emptyAnswers } from '@shared/forms/form-definition';
import { researchEnquiryForm } from '@shared/forms/research-enquiry';
import { FORM_STRING_MAX } from '@shared/schemas/public-forms';
import { enquiries } from '@server/db/schema';
import { createTestApp, TestClient, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ipCounter = 0;
/** A client from its own address, so the per-IP limit of one test never touches another. */
const visitor = () => t.client({ ip: `203.0.113.${++ipCounter}` });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const stored = async (id: number) => (await t.deps.db.select().from(enquiries).where(eq(enquiries.id, id)))[0];
const count = async () => (await t.deps.db.select({ id: enquiries.id }).from(enquiries)).length;

const researchBody = () =>
  buildEnquiryBody(researchEnquiryForm, {
    ...emptyAnswers(researchEnquiryForm),
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    traderType: 'firm',
    markets: ['Equities', 'Bonds & Fixed Income'],
  });

describe('POST /api/contact-us', () => {
  it('stores the enquiry and answers 201 with its id', async () => {
    const body = researchBody();
    const res = await visitor().json('/api/contact-us', body);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { status: string; id: number };
    expect(answer).toEqual({ status: 'success', id: expect.any(Number) });

    const row = await stored(answer.id);
    // The sanitizer writes line breaks as <br />; the answers come through unchanged.
    expect(row).toMatchObject({
      type: 'Research Enquiry',
      form_html: body.formString.replaceAll('<br>', '<br />'),
      mail_status: 'off',
    });
    expect(row!.form_html).toContain(
      '<p><strong>Which markets do you trade?</strong><br />Equities<br />Bonds &amp; Fixed Income</p>',
    );
    expect(row!.form_html).toContain('Not provided');
    expect(Date.now() - row!.created_at.getTime()).toBeLessThan(60_000);
  });

  it('keeps a keyed hash of the address, never the address', async () => {
    const a = (await (await t.client({ ip: '198.51.100.7' }).json('/api/contact-us', researchBody())).json()) as {
      id: number;
    };
    const b = (await (await t.client({ ip: '198.51.100.7' }).json('/api/contact-us', researchBody())).json()) as {
      id: number;
    };
    const c = (await (await t.client({ ip: '198.51.100.8' }).json('/api/contact-us', researchBody())).json()) as {
      id: number;
    };
    const [rowA, rowB, rowC] = await Promise.all([stored(a.id), stored(b.id), stored(c.id)]);
    expect(rowA!.ip_hash).toMatch(/^[\w-]{43}$/);
    expect(rowA!.ip_hash).toBe(rowB!.ip_hash);
    expect(rowA!.ip_hash).not.toBe(rowC!.ip_hash);
    expect(rowA!.ip_hash).not.toContain('198.51');
  });

  it('accepts each enquiry type', async () => {
    for (const type of ['Portfolio Enquiry', 'Membership Interest'] as const) {
      const res = await visitor().json('/api/contact-us', {
        type,
        formString: '<p><strong>Full name</strong><br>Ravi</p>',
      });
      expect(res.status, type).toBe(201);
      const { id } = (await res.json()) as { id: number };
      expect((await stored(id))!.type).toBe(type);
    }
  });

  it('stores hostile HTML without any script, handler, link or unknown tag', async () => {
    const formString =
      '<p><strong>First name</strong><br>Asha<script>alert("x")</script><img src=x onerror="alert(1)"></p>' +
      '<p onclick="steal()" style="color:red"><em>Hi</em> <a href="javascript:alert(1)">there</a></p>' +
      '<svg onload="alert(2)"><script>alert(3)</script></svg><iframe src="https://evil.example"></iframe>' +
      '<style>body{display:none}</style><ul><li>one</li></ul><p>&lt;b&gt;typed&lt;/b&gt; &amp; "quoted"</p>';
    const res = await visitor().json('/api/contact-us', { type: 'Research Enquiry', formString });
    expect(res.status).toBe(201);
    const html = (await stored(((await res.json()) as { id: number }).id))!.form_html;
    expect(html).toBe(
      '<p><strong>First name</strong><br />Asha</p><p><em>Hi</em> there</p><ul><li>one</li></ul><p>&lt;b&gt;typed&lt;/b&gt; &amp; "quoted"</p>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|onload|javascript:|<img|<a |<svg|<iframe|<style|alert/i);
  });

  it('refuses a formString that is only markup, storing nothing', async () => {
    const before = await count();
    const res = await visitor().json('/api/contact-us', {
      type: 'Research Enquiry',
      formString: '<script>alert(1)</script><img src=x>',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid body: formString',
      fields: { formString: 'formString has no answers' },
    });
    expect(await count()).toBe(before);
  });

  it('answers 400 naming each bad field', async () => {
    const client = visitor();
    const cases: [unknown, string[]][] = [
      [{ type: 'Complaint', formString: '<p>x</p>' }, ['type']],
      [{ type: 'Research Enquiry' }, ['formString']],
      [{ type: 'Research Enquiry', formString: '' }, ['formString']],
      [{ type: 'Research Enquiry', formString: 42 }, ['formString']],
      [{ type: 'Research Enquiry', formString: 'x'.repeat(FORM_STRING_MAX + 1) }, ['formString']],
      [{}, ['type', 'formString']],
      [[], ['(body)']],
    ];
    for (const [body, fields] of cases) {
      const res = await client.json('/api/contact-us', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const answer = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(answer.fields)).toEqual(fields);
      expect(answer.error).toBe(`Invalid body: ${fields.join(', ')}`);
    }
  });

  it('answers 400 naming the field to a NUL character (PostgreSQL text cannot hold one), storing nothing', async () => {
    const before = await count();
    const res = await visitor().json('/api/contact-us', { type: 'Research Enquiry', formString: 'Name: Asha\u0000' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid body: formString',
      fields: { formString: 'Must not contain a NUL character' },
    });
    const inQuery = await visitor().request('/api/workshops?x=%00');
    expect(inQuery.status).toBeLessThan(500);
    expect(await count()).toBe(before);
  });

  it('answers 415 to a non-JSON body and 400 to malformed JSON', async () => {
    const client = visitor();
    const text = await client.request('/api/contact-us', {
      method: 'POST',
      body: 'type=Research',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: 'Expected a JSON body (Content-Type: application/json)' });
    const broken = await client.request('/api/contact-us', {
      method: 'POST',
      body: '{"type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Malformed JSON body' });
  });

  it('refuses cross-origin and cross-site posts, storing nothing', async () => {
    const before = await count();
    const client = visitor();
    const foreign = await client.json('/api/contact-us', researchBody(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: 'Cross-origin request refused' });
    const crossSite = await client.json('/api/contact-us', researchBody(), { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await client.json('/api/contact-us', researchBody(), {
      origin: client.origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('only accepts POST', async () => {
    expect((await visitor().request('/api/contact-us')).status).toBe(404);
  });
});

describe('per-IP limit of public submissions', () => {
  it('answers 429 with Retry-After once an address has sent its allowance, counting both forms', async () => {
    const app = t.withEnv({ PUBLIC_FORM_LIMIT_PER_IP: '3' });
    const ip = '192.0.2.50';
    const client = new TestClient(app, { ip });
    const workshop = { name: 'Asha Rao', email: 'asha@example.com', source: 'youtube', comments: '', workshop: 'N.A.' };
    expect((await client.json('/api/contact-us', researchBody())).status).toBe(201);
    expect((await client.json('/api/workshop-enquiry', workshop)).status).toBe(201);
    expect((await client.json('/api/contact-us', researchBody())).status).toBe(201);

    const before = await count();
    for (const [pathname, body] of [
      ['/api/contact-us', researchBody()],
      ['/api/workshop-enquiry', workshop],
    ] as const) {
      const refused = await client.json(pathname, body);
      expect(refused.status, pathname).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^Too many submissions, try again in \d+ minutes?$/,
      );
    }
    expect(await count()).toBe(before);

    // Another address is not affected, and workshops stay readable.
    expect((await new TestClient(app, { ip: '192.0.2.51' }).json('/api/contact-us', researchBody())).status).toBe(201);
    expect((await client.request('/api/workshops')).status).toBe(200);
    expect(t.logLines.some((l) => l.includes('public form refused: too many submissions'))).toBe(true);
  });
});
