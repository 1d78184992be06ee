/**
 * Kill switches through the API: halting all trading or one account with a reason, who
 * and when kept and logged, listed while active, refused twice (409), resumed (idempotent);
 * a reason is required; members are refused (403) and strangers (401).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { haltSchema } from '@shared/schemas/admin/halts';
import { createAccount, createMember } from '../../factories/accounts';
import { adminTest, expectError, expectJson, post, type AdminTest } from './setup';

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest();
});
afterAll(() => a.t.close());

const remove = (url: string) => a.admin.request(url, { method: 'DELETE' });
const halts = async () => expectJson(await a.admin.request('/api/admin/halts'), 200, z.array(haltSchema.strict()));

describe('kill switches', () => {
  it('halts all trading with a reason, lists it with who and when, refuses a second halt, resumes once', async () => {
    const halted = await expectJson(
      await post(a.admin, '/api/admin/halt', { reason: '  exchange glitch  ', square_off: true }),
      201,
      haltSchema.strict(),
    );
    expect(halted).toMatchObject({
      account_id: null,
      reason: 'exchange glitch',
      square_off: true,
      halted_by: expect.stringContaining('@'),
    });
    expect(Date.now() - Date.parse(halted.halted_at)).toBeLessThan(60_000);
    expect(await halts()).toEqual([halted]);
    expect(await expectError(await post(a.admin, '/api/admin/halt', { reason: 'again' }), 409)).toEqual({
      error: 'Trading is already halted',
    });
    expect(
      a.t.logLines.some(
        (l) => l.includes('"Trading halted"') && l.includes('"reason":"exchange glitch"') && l.includes('"userEmail"'),
      ),
    ).toBe(true);

    expect(await (await remove('/api/admin/halt')).json()).toEqual({ resumed: true });
    expect(await halts()).toEqual([]);
    expect(await (await remove('/api/admin/halt')).json()).toEqual({ resumed: false });
    expect(a.t.logLines.some((l) => l.includes('"Trading resumed"'))).toBe(true);
  });

  it("halts one account (square-off off by default) and resumes it; another account's halt is its own", async () => {
    const member = await createMember(a.t.deps);
    const [one, two] = [
      await createAccount(a.t.deps, member.trabot_client_id),
      await createAccount(a.t.deps, member.trabot_client_id),
    ];
    const first = await expectJson(
      await post(a.admin, `/api/admin/accounts/${one.trabot_account_id}/halt`, { reason: 'margin call' }),
      201,
      haltSchema.strict(),
    );
    expect(first).toMatchObject({ account_id: one.trabot_account_id, square_off: false });
    await expectJson(
      await post(a.admin, `/api/admin/accounts/${two.trabot_account_id}/halt`, { reason: 'member on leave' }),
      201,
      haltSchema.strict(),
    );
    expect((await halts()).map((h) => h.account_id)).toEqual([one.trabot_account_id, two.trabot_account_id]);
    expect(
      (
        await expectError(
          await post(a.admin, `/api/admin/accounts/${one.trabot_account_id}/halt`, { reason: 'x' }),
          409,
        )
      ).error,
    ).toBe(`Account ${one.trabot_account_id} is already halted`);

    expect((await remove(`/api/admin/accounts/${one.trabot_account_id}/halt`)).status).toBe(200);
    expect((await halts()).map((h) => h.account_id)).toEqual([two.trabot_account_id]);
    // Halted again later: a new halt (the lifted one stays in the history).
    expect((await post(a.admin, `/api/admin/accounts/${one.trabot_account_id}/halt`, { reason: 'again' })).status).toBe(
      201,
    );
    await remove(`/api/admin/accounts/${one.trabot_account_id}/halt`);
    await remove(`/api/admin/accounts/${two.trabot_account_id}/halt`);
  });

  it('refuses a halt without a reason (400 naming it), an unknown account (404), members (403) and strangers (401)', async () => {
    expect((await expectError(await post(a.admin, '/api/admin/halt', { reason: '   ' }), 400)).fields).toEqual({
      reason: 'Reason is required',
    });
    expect(
      Object.keys(
        (await expectError(await post(a.admin, '/api/admin/halt', { reason: 'x', square_off: 'yes' }), 400)).fields!,
      ),
    ).toEqual(['square_off']);
    expect(
      (await expectError(await post(a.admin, '/api/admin/accounts/987654/halt', { reason: 'x' }), 404)).error,
    ).toBe('Account not found');
    expect((await post(a.member, '/api/admin/halt', { reason: 'x' })).status).toBe(403);
    expect((await a.member.request('/api/admin/halt', { method: 'DELETE' })).status).toBe(403);
    expect((await post(a.anonymous, '/api/admin/halt', { reason: 'x' })).status).toBe(401);
    expect(await halts()).toEqual([]);
  });
});
