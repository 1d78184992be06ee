/**
 * An account's trading mode: paper by default; a superadmin sets it live only for a
 * broker configured on this server, audited; the answer (and the accounts list) says whether its
 * orders really go live, which also needs LIVE_TRADING on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberAccountSchema } from '@shared/schemas/admin/members';
import { createAccount, createMember } from '../../factories/accounts';
import { adminTest, expectError, expectJson, post, type AdminTest } from './setup';

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest({ env: { KITE_API_KEY: 'kitekey', KITE_API_SECRET: 'kitesecret' } });
});
afterAll(() => a.t.close());

describe('POST /api/admin/accounts/{id}/trading-mode', () => {
  it('sets a Zerodha account live (still paper while LIVE_TRADING is off), back to paper, each change logged with who', async () => {
    const member = await createMember(a.t.deps);
    const account = await createAccount(a.t.deps, member.trabot_client_id, {
      broker_name: 'zerodha',
      broker_access_key: 'token-of-the-day',
    });
    const listed = await expectJson(
      await a.admin.request(`/api/admin/members/${member.trabot_client_id}/accounts`),
      200,
      z.array(memberAccountSchema.strict()),
    );
    expect(listed[0]).toMatchObject({ trading_mode: 'paper', paper_trading: true });

    const live = await post(a.admin, `/api/admin/accounts/${account.trabot_account_id}/trading-mode`, { mode: 'live' });
    expect(await live.json()).toEqual({
      trabot_account_id: account.trabot_account_id,
      trading_mode: 'live',
      paper_trading: true,
    });
    expect(
      a.t.logLines.some(
        (l) =>
          l.includes('"account trading mode changed"') &&
          l.includes('"to":"live"') &&
          l.includes('"liveTradingOn":false') &&
          l.includes('"userId"'),
      ),
    ).toBe(true);

    // With LIVE_TRADING on, the same account is live.
    const liveServer = a.t.withEnv({
      DATA_DIR: a.t.deps.env.DATA_DIR,
      KITE_API_KEY: 'kitekey',
      KITE_API_SECRET: 'kitesecret',
      LIVE_TRADING: '1',
    });
    const res = await liveServer.request(`/api/admin/members/${member.trabot_client_id}/accounts`, {
      headers: { cookie: [...a.admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(((await res.json()) as { paper_trading: boolean }[])[0]).toMatchObject({ paper_trading: false });

    const back = await post(a.admin, `/api/admin/accounts/${account.trabot_account_id}/trading-mode`, {
      mode: 'paper',
    });
    expect(await back.json()).toMatchObject({ trading_mode: 'paper', paper_trading: true });
  });

  it('refuses live for a broker this server has no app for (409), a bad mode (400) and an unknown account (404)', async () => {
    const member = await createMember(a.t.deps);
    const fyers = await createAccount(a.t.deps, member.trabot_client_id, { broker_name: 'fyers' });
    expect(
      await expectError(
        await post(a.admin, `/api/admin/accounts/${fyers.trabot_account_id}/trading-mode`, { mode: 'live' }),
        409,
      ),
    ).toEqual({
      error: 'fyers is not configured on this server: its accounts stay on paper',
    });
    expect(
      Object.keys(
        (
          await expectError(
            await post(a.admin, `/api/admin/accounts/${fyers.trabot_account_id}/trading-mode`, { mode: 'real' }),
            400,
          )
        ).fields!,
      ),
    ).toEqual(['mode']);
    expect((await post(a.admin, '/api/admin/accounts/987654/trading-mode', { mode: 'paper' })).status).toBe(404);
  });
});
