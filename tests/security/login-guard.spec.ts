/**
 * Regression (outside sweep): ten wrong passwords for one email, from anywhere,
 * locked that email out for everybody. Now guessing from another address only makes the email's
 * captcha harder; in Chromium the owner, typing the email, gets the harder challenge issued for it
 * from the login form's widget and signs in.
 */
import http from 'node:http';
import type { Challenge } from 'altcha-lib';
import type { Page } from '@playwright/test';
import type { Member } from '@shared/schemas/admin/members';
import { CREDENTIALS } from '../e2e/support/credentials';
import { expect, fillLogin, solveCaptcha, test } from '../e2e/support/fixtures';
import { solve } from '@tests/support/captcha';

/** The guesser's own loopback address: its per-address count stays its own. */
const GUESSER_ADDRESS = '127.0.0.2';
const FAILURES = 10;

function fromGuesser(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const url = new URL(pathname, process.env.E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress: GUESSER_ADDRESS,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as unknown }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function createMemberLogin(page: Page): Promise<{ email: string; password: string }> {
  const challenge = (await (await page.request.get('/api/captcha')).json()) as Challenge;
  const login = await page.request.post('/api/login', {
    data: { ...CREDENTIALS.admin, captcha: await solve(challenge) },
  });
  expect(login.status()).toBe(200);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `guarded.${tag}@example.com`;
  const member = await page.request.put('/api/members', {
    data: {
      name: `Guarded ${tag}`,
      phone_no: '+919800000000',
      email_id: email,
      activation_date: '2026-01-01',
      expiry_date: '2026-12-31',
    },
  });
  expect(member.status()).toBe(201);
  const { trabot_client_id } = (await member.json()) as Member;
  const password = `owner-password-${tag}`;
  const user = await page.request.post(`/api/members/${trabot_client_id}/users`, {
    data: { name: `Guarded ${tag}`, email, password },
  });
  expect(user.status(), await user.text()).toBe(201);
  await page.request.post('/api/logout');
  return { email, password };
}

test('an email guessed from another address: the owner signs in through the form with the harder captcha', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await createMemberLogin(page);

  for (let i = 0; i < FAILURES; i++) {
    const challenge = (await fromGuesser('GET', '/api/captcha')).json as Challenge;
    const guess = await fromGuesser('POST', '/api/login', {
      email: owner.email,
      password: `guess-${i}`,
      captcha: await solve(challenge),
    });
    expect(guess.status).toBe(401);
  }

  await page.goto('/login');
  await fillLogin(page, owner.email, owner.password);
  const issued = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/captcha');
  await solveCaptcha(page, 90_000);
  const challenge = (await (await issued).json()) as Challenge;
  expect(challenge.parameters.data).toEqual({ guardedEmail: owner.email });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status').getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/trades$/);

  // The guesser's address is still refused for that email, even with the right password.
  const challengeForGuesser = (await fromGuesser('GET', `/api/captcha?email=${encodeURIComponent(owner.email)}`))
    .json as Challenge;
  const refused = await fromGuesser('POST', '/api/login', { ...owner, captcha: await solve(challengeForGuesser) });
  expect(refused.status).toBe(429);
});
