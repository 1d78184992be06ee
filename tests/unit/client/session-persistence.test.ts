/** Logout and a change of user wipe the persisted member data and the admin data in memory (fetch stubbed at the network). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@client/lib/query-client';
import { cacheStorageKey, getPersistScope, setPersistScope } from '@client/lib/query-persistence';
import { sessionQueryOptions } from '@client/features/session/api/check-session';
import { LAST_USER_STORAGE_KEY, parseLastUser, readLastUser } from '@client/features/session/lib/last-user';
import {
  applySessionAnswer,
  forgetUserData,
  resumeLastUserScope,
  syncPersistenceWithSession,
} from '@client/features/session/lib/session-persistence';
import type { CheckSessionResponse, SessionUser } from '@shared/schemas/session';

const asha: SessionUser = { id: 7, name: 'Asha', email: 'a@example.com', role: 'member', member_id: 1, account_id: 3 };
const ravi: SessionUser = { ...asha, id: 8, name: 'Ravi', email: 'r@example.com' };

let backendKey = 'backend-1';
let session: CheckSessionResponse = { status: 'error' };

beforeEach(() => {
  localStorage.clear();
  setPersistScope(null);
  backendKey = 'backend-1';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body =
        path === '/api/backend-key'
          ? { key: backendKey }
          : path === '/api/check-session'
            ? session
            : { error: 'Not found' };
      return new Response(JSON.stringify(body), { status: path.startsWith('/api/') ? 200 : 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setPersistScope(null);
});

async function loggedInWithData(user: SessionUser) {
  const client = createQueryClient();
  client.setQueryData(['member', user.id, 'trades'], [{ trabot_trade_id: 1 }]);
  await applySessionAnswer(client, { status: 'success', user });
  // Writes are throttled (1 s) by the sync storage persister.
  await vi.waitFor(
    () => expect(localStorage.getItem(cacheStorageKey('backend-1', user.id)) ?? '').toContain('trabot_trade_id'),
    {
      timeout: 3000,
    },
  );
  return client;
}

describe('session answers drive the offline cache', () => {
  it('a logged-in user is remembered ({backendKey, id, name, role}) and their member queries persisted', async () => {
    await loggedInWithData(asha);
    expect(readLastUser()).toEqual({ backendKey: 'backend-1', user: { id: 7, name: 'Asha', role: 'member' } });
    expect(getPersistScope()).toBe('trabot-cache:backend-1:7');
  });

  it('logout forgets the user and wipes their stored and in-memory data, admin data included', async () => {
    const client = await loggedInWithData(asha);
    client.setQueryData(['admin', 'tokens'], [{ account_id: 3 }]);
    client.setQueryData(['public', 'workshops'], []);
    await forgetUserData(client);
    expect(client.getQueryData(['admin', 'tokens'])).toBeUndefined();
    expect(client.getQueryData(['public', 'workshops'])).toEqual([]);
    expect(localStorage.getItem(LAST_USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(cacheStorageKey('backend-1', 7))).toBeNull();
    expect(client.getQueryData(['member', 7, 'trades'])).toBeUndefined();
    expect(getPersistScope()).toBeNull();
  });

  it('another user logging in wipes the previous user first', async () => {
    const client = await loggedInWithData(asha);
    client.setQueryData(['admin', 'warnings'], []);
    await applySessionAnswer(client, { status: 'success', user: ravi });
    expect(client.getQueryData(['admin', 'warnings'])).toBeUndefined();
    expect(localStorage.getItem(cacheStorageKey('backend-1', 7))).toBeNull();
    expect(client.getQueryData(['member', 7, 'trades'])).toBeUndefined();
    expect(readLastUser()?.user.id).toBe(8);
    expect(getPersistScope()).toBe('trabot-cache:backend-1:8');
  });

  it('the server saying "not logged in" wipes the remembered user', async () => {
    const client = await loggedInWithData(asha);
    await applySessionAnswer(client, { status: 'error' });
    expect(readLastUser()).toBeNull();
    expect(localStorage.getItem(cacheStorageKey('backend-1', 7))).toBeNull();
  });

  it('the same user id on another backend does not reuse the old copy', async () => {
    const client = await loggedInWithData(asha);
    backendKey = 'backend-2';
    client.removeQueries({ queryKey: ['backend-key'] });
    await applySessionAnswer(client, { status: 'success', user: asha });
    expect(localStorage.getItem(cacheStorageKey('backend-1', 7))).toBeNull();
    expect(readLastUser()?.backendKey).toBe('backend-2');
    expect(getPersistScope()).toBe('trabot-cache:backend-2:7');
  });

  it('answers of the session query reach the sync (guards, header, login refetch)', async () => {
    const client = createQueryClient();
    const stop = syncPersistenceWithSession(client);
    session = { status: 'success', user: asha };
    await client.fetchQuery(sessionQueryOptions());
    await vi.waitFor(() => expect(readLastUser()?.user.id).toBe(7));
    stop();
  });

  it('a session set locally (logout) is not taken for a server answer: logout wipes by itself', async () => {
    const client = await loggedInWithData(asha);
    const stop = syncPersistenceWithSession(client);
    client.setQueryData(sessionQueryOptions().queryKey, { status: 'error' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readLastUser()?.user.id).toBe(7);
    stop();
  });

  it('start-up resumes the last user scope so their copy can be restored', async () => {
    await loggedInWithData(asha);
    setPersistScope(null);
    resumeLastUserScope();
    expect(getPersistScope()).toBe('trabot-cache:backend-1:7');
  });
});

describe('parseLastUser', () => {
  it('accepts only a complete record', () => {
    expect(parseLastUser(JSON.stringify({ backendKey: 'b', user: { id: 1, name: 'A', role: 'superadmin' } }))).toEqual({
      backendKey: 'b',
      user: { id: 1, name: 'A', role: 'superadmin' },
    });
    for (const raw of [
      null,
      '',
      'not json',
      '{}',
      '{"backendKey":"b","user":{"id":"1","name":"A","role":"member"}}',
      '{"backendKey":"b","user":{"id":1,"name":"A","role":"root"}}',
      '{"backendKey":"","user":{"id":1,"name":"A","role":"member"}}',
    ]) {
      expect(parseLastUser(raw)).toBeNull();
    }
  });
});
