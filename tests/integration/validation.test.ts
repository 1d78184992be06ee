/**
 * The routes' validators (src/server/http/validation.ts) through real routes: one hook refuses every
 * input alike, 400 `{ error, fields }`; a NUL character is refused wherever it sits in the input as
 * received (keys and values the schema would drop too), naming its path; the JSON body's 415 and
 * malformed answers; a query key given twice counts with its first value; a path id is checked
 * before the body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

let t: TestApp;
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMemberLogin(t.deps);
  member = t.client();
  expect((await member.login(m.user.email, m.user.password)).status).toBe(200);
  const a = await createUser(t.deps, { role: 'superadmin' });
  admin = t.client();
  expect((await admin.login(a.email, a.password)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** The status and the JSON error body (the API's { error, fields? } shape). */
const answer = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as { error: string; fields?: Record<string, string> },
});
const nul = (path: string) => ({
  status: 400,
  body: { error: `Invalid body: ${path}`, fields: { [path]: 'Must not contain a NUL character' } },
});
const broker = { broker_name: 'fyers', broker_client_id: 'A1', broker_access_key: '' };

describe('the query string', () => {
  it('a NUL character in a value, even of a key the schema does not know, is a 400 naming the key', async () => {
    expect(await answer(await member.request('/api/account-trades?status=active%00'))).toEqual({
      status: 400,
      body: { error: 'Invalid query: status', fields: { status: 'Must not contain a NUL character' } },
    });
    expect(await answer(await member.request('/api/account-trades?status=all&extra=x%00'))).toEqual({
      status: 400,
      body: { error: 'Invalid query: extra', fields: { extra: 'Must not contain a NUL character' } },
    });
  });

  it('a value the schema refuses is a 400 with the field; a key given twice counts with its first value', async () => {
    const refused = await answer(await member.request('/api/account-trades?status=bogus'));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Invalid query: status');
    expect(Object.keys(refused.body.fields ?? {})).toEqual(['status']);
    expect((await member.request('/api/account-trades?status=all&status=bogus')).status).toBe(200);
    expect((await member.request('/api/account-trades?status=bogus&status=all')).status).toBe(400);
  });
});

describe('the JSON body', () => {
  it('a NUL character in a nested key or value the schema would drop is a 400 naming its path', async () => {
    expect(
      await answer(await member.json('/api/update-broker-details', { ...broker, extra: { 'a\u0000b': 1 } })),
    ).toEqual(nul('extra.a\u0000b'));
    expect(
      await answer(await member.json('/api/update-broker-details', { ...broker, extra: { deep: ['ok', 'x\u0000'] } })),
    ).toEqual(nul('extra.deep.1'));
    expect(
      await answer(await member.json('/api/update-broker-details', { ...broker, broker_client_id: 'A\u0000' })),
    ).toEqual(nul('broker_client_id'));
    expect(await answer(await member.json('/api/update-broker-details', 'x\u0000'))).toEqual(nul('(body)'));
  });

  it('a body the schema refuses is a 400 naming each field at fault', async () => {
    expect(await answer(await member.json('/api/update-broker-details', { broker_name: 'fyers' }))).toEqual({
      status: 400,
      body: {
        error: 'Invalid body: broker_client_id, broker_access_key',
        fields: { broker_client_id: expect.any(String), broker_access_key: expect.any(String) },
      },
    });
  });

  it('takes application/json with parameters; any other type is a 415 (application/jsonx too), malformed JSON a 400', async () => {
    const send = (type: string, body: string) =>
      member.request('/api/update-broker-details', { method: 'POST', body, headers: { 'content-type': type } });
    expect((await send('Application/JSON; charset=utf-8', JSON.stringify(broker))).status).toBe(200);
    for (const type of ['text/plain', 'application/jsonx', 'application/x-www-form-urlencoded']) {
      expect(await answer(await send(type, JSON.stringify(broker))), type).toEqual({
        status: 415,
        body: { error: 'Expected a JSON body (Content-Type: application/json)' },
      });
    }
    expect(await answer(await send('application/json', '{"broker_name":'))).toEqual({
      status: 400,
      body: { error: 'Malformed JSON body' },
    });
    expect(await answer(await send('application/json', ''))).toEqual({
      status: 400,
      body: { error: 'Malformed JSON body' },
    });
  });
});

describe('path ids', () => {
  it('are checked before the body, the first bad one named', async () => {
    expect(
      await answer(
        await admin.request('/api/members/abc', {
          method: 'POST',
          body: '{nope',
          headers: { 'content-type': 'text/plain' },
        }),
      ),
    ).toEqual({
      status: 400,
      body: { error: 'Invalid path parameter: id', fields: { id: 'id must be a positive whole number' } },
    });
    expect(await answer(await admin.request('/api/members/0/users/x', { method: 'PUT', json: {} }))).toEqual({
      status: 400,
      body: { error: 'Invalid path parameter: id', fields: { id: 'id must be a positive whole number' } },
    });
    expect(await answer(await admin.request('/api/members/1/users/2147483648', { method: 'PUT', json: {} }))).toEqual({
      status: 400,
      body: { error: 'Invalid path parameter: userId', fields: { userId: 'userId must be a positive whole number' } },
    });
  });
});
