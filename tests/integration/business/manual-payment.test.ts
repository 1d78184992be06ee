/**
 * A fee paid by hand, as the superadmin's "Record fee paid" form sends it: amount (the member's
 * fee), method, reference and the day paid; the member's payments listed with their receipts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberPaymentSchema } from '@shared/schemas/membership';
import { adminTest, expectError, expectJson, post, type AdminTest } from '../admin/setup';

let a: AdminTest;
const now = new Date('2026-12-07T06:00:00Z'); // 11:30 IST

beforeAll(async () => {
  a = await adminTest({ env: { PUBLIC_FORM_LIMIT_PER_IP: '1000' } });
  a.t.deps.clock = () => now;
});
afterAll(() => a.t.close());

async function newMember(email: string): Promise<number> {
  const applied = await a.t.client({ ip: '198.51.100.7' }).json('/api/contact-us', {
    type: 'Membership Interest',
    formString: '<p><strong>Full name</strong><br>Anil Rao</p>',
  });
  const { id } = (await applied.json()) as { id: number };
  const made = await expectJson(
    await post(a.admin, `/api/admin/membership/applications/${id}/accept`, {
      name: 'Anil Rao',
      email_id: email,
      phone_no: '+919800054321',
    }),
    201,
    z.object({ trabot_client_id: z.number() }),
  );
  return made.trabot_client_id;
}

describe('POST /api/admin/members/{id}/payments with amount, method and date', () => {
  it('refuses an amount other than the fee and a day after today, naming the field', async () => {
    const id = await newMember('anil@example.in');
    const wrongAmount = await expectError(
      await post(a.admin, `/api/admin/members/${id}/payments`, { month: '2026-12', reference: 'x', amount: 5000 }),
      400,
    );
    expect(wrongAmount.fields).toEqual({ amount: 'The fee of this member is Rs 5,900' });
    const future = await expectError(
      await post(a.admin, `/api/admin/members/${id}/payments`, {
        month: '2026-12',
        reference: 'x',
        paid_on: '2026-12-08',
      }),
      400,
    );
    expect(future.fields).toEqual({ paid_on: 'Date paid cannot be later than today (2026-12-07)' });
    const badMethod = await expectError(
      await post(a.admin, `/api/admin/members/${id}/payments`, { month: '2026-12', reference: 'x', method: 'Gold' }),
      400,
    );
    expect(Object.keys(badMethod.fields ?? {})).toEqual(['method']);
  });

  it('records it on the day given, lists it, and its receipt says how it was paid', async () => {
    const id = await newMember('bina@example.in');
    const paid = await expectJson(
      await post(a.admin, `/api/admin/members/${id}/payments`, {
        month: '2026-12',
        reference: '5512',
        method: 'UPI',
        amount: 5900,
        paid_on: '2026-12-05',
      }),
      201,
      z.object({ id: z.number(), invoice_number: z.string() }),
    );
    const list = await expectJson(
      await a.admin.request(`/api/admin/members/${id}/payments`),
      200,
      z.array(memberPaymentSchema.strict()),
    );
    expect(list).toEqual([
      {
        id: paid.id,
        month: '2026-12',
        amount: 5900,
        currency: 'INR',
        method: 'manual',
        reference: 'UPI, 5512',
        invoice_number: paid.invoice_number,
        paid_at: '2026-12-05T06:30:00.000Z',
      },
    ]);
    const receipt = await (await a.admin.request(`/api/membership/payments/${paid.id}/receipt`)).text();
    expect(receipt).toContain('Recorded by hand: UPI, 5512');
    expect(receipt).toContain('2026-12-05');
    expect((await a.admin.request('/api/admin/members/999999/payments')).status).toBe(404);
  });
});
