/** Reading a mailed set-password link and choosing the password through it, as its owner does. */
import { expect } from 'vitest';
import type { TestApp } from './test-app';

const LINK = /(https?:\/\/[^"<\s]+)\/set-password#token=([A-Za-z0-9_-]{43})/;

/** The link's origin and token in a mail's body; fails the test when the mail has none. */
export function setPasswordLinkIn(body: string): { origin: string; token: string } {
  const found = LINK.exec(body);
  expect(found, 'a set-password link in the mail').not.toBeNull();
  return { origin: found![1]!, token: found![2]! };
}

/** Sets `password` through the link in the mail's body. */
export async function setPasswordFromMail(t: TestApp, body: string, password: string): Promise<void> {
  const res = await t.client().request('/api/set-password', {
    method: 'POST',
    json: { token: setPasswordLinkIn(body).token, new_password: password, confirm_password: password },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
