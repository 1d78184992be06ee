/** Session checks of requests that arrive together share one query: each still gets its own user, at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

let t: TestApp;
const clients: Array<{ client: TestClient; email: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 4; i++) {
    const user = await createUser(t.deps);
    const client = t.client();
    expect((await client.login(user.email, user.password)).status).toBe(200);
    clients.push({ client, email: user.email });
  }
});
afterAll(() => t.close());

const checkAll = () =>
  Promise.all(
    clients.map(
      async ({ client }) =>
        (await (await client.request('/api/check-session')).json()) as { status: string; user?: { email: string } },
    ),
  );

describe('concurrent session checks', () => {
  it('answer each request with the user of its own cookie', async () => {
    const answers = await checkAll();
    expect(answers.map((a) => a.user?.email)).toEqual(clients.map((c) => c.email));
  });

  it('see a logout at once, while the other sessions of the same batch stay', async () => {
    const loggedOut = clients[1]!.client;
    const oldCookie = [...loggedOut.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await loggedOut.json('/api/logout', {})).status).toBe(200);
    // The old cookie sent again, as a stolen copy would be, in the same batch as live sessions.
    const [answers, replayed] = await Promise.all([
      checkAll(),
      t.client().request('/api/check-session', { headers: { cookie: oldCookie } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['success', 'error', 'success', 'success']);
    expect(((await replayed.json()) as { status: string }).status).toBe('error');
  });
});
