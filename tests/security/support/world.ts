/**
 * One in-process app per test file with everything the route table's paths can name: a superadmin,
 * two members (each with an account, a login, a trade and an algo subscription), an algo with a
 * signal, a warning and a workshop. Clients for the four principals of the matrix.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  enquiries,
  members,
  membershipPayments,
  paymentLinks,
  webhookTokens,
  workshopRegistrations,
  mailOutbox,
  warnings,
  workshops,
} from '@server/db/schema';
import { monthOf, nextMonth } from '@server/services/membership';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { createMemberLogin, createUser } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { createTrade } from '../../factories/trades';
import { startFakeRazorpay } from '../../support/fake-razorpay';
import { createTestApp, type TestApp, type TestClient } from '../../integration/helpers/test-app';
import { inspect, type Inspected } from './inspect';

export type Entity =
  | 'member'
  | 'account'
  | 'user'
  | 'trade'
  | 'subscription'
  | 'algo'
  | 'signal'
  | 'warning'
  | 'workshop'
  | 'webhookToken'
  /** Pending signals with a known updated_at (WORLD_SIGNAL_UPDATED_AT), one to approve and one to reject. */
  | 'signalToApprove'
  | 'signalToReject'
  /** Membership Interest enquiries, one to accept and one to reject; a cancelled member to rejoin. */
  | 'applicationToAccept'
  | 'applicationToReject'
  | 'cancelledMember'
  /** A membership payment of the member's own (its receipt). */
  | 'payment';

/** The updated_at of the world's signals: what an approve or reject sends back. */
export const WORLD_SIGNAL_UPDATED_AT = '2026-11-20T04:45:00.000Z';
/** The secret of the world's Zerodha app (its postbacks are signed with it). */
export const WORLD_KITE_SECRET = 'security-kite-secret';
/** The secret the world's Razorpay webhooks are signed with. */
export const WORLD_RAZORPAY_WEBHOOK_SECRET = 'security-razorpay-webhook-secret';
/** A live webhook token of the world's algo (stored hashed, like any other). */
export const WORLD_WEBHOOK_TOKEN = 'tbw_security-world-token-0123456789abcdefghijklmn';
export type Ids = Record<Entity, number>;

export const PRINCIPALS = ['anonymous', 'member', 'otherMember', 'superadmin'] as const;
export type Principal = (typeof PRINCIPALS)[number];

export interface Login {
  email: string;
  password: string;
}

export interface World {
  t: TestApp;
  dataDir: string;
  clients: Record<Principal, TestClient>;
  logins: Record<Exclude<Principal, 'anonymous'>, Login>;
  /** The data each member owns (plus the shared algo, signal, warning and workshop). */
  ids: { member: Ids; otherMember: Ids };
  /** A new client with a fresh session of that login (for routes that end or replace sessions). */
  login(login: Login, client?: TestClient): Promise<TestClient>;
  /** A client logged in as a new member of its own (for a route that ends the caller's membership). */
  newMember(): Promise<TestClient>;
  close(): Promise<void>;
}

/** Public form, login and postback limits high enough that only the rate-limit tests ever reach them. */
export const UNLIMITED = {
  PUBLIC_FORM_LIMIT_PER_IP: '100000',
  POSTBACK_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_IP: '100000',
  LOGIN_LIMIT_PER_EMAIL: '100000',
};

export async function createWorld(options: { env?: Record<string, string>; clientDir?: string } = {}): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-security-'));
  // Push on, so its routes answer; no signal-kind device ever subscribes here, so nothing is sent.
  // A Zerodha app configured, so the daily login's link answers; its API root a closed port (never live here).
  const kite = {
    KITE_API_KEY: 'securitykitekey',
    KITE_API_SECRET: WORLD_KITE_SECRET,
    KITE_API_ROOT: 'http://127.0.0.1:9',
  };
  // Razorpay configured against the local one, so "Pay now" answers; its webhooks signed with the world's secret.
  const razorpay = await startFakeRazorpay();
  const rzp = {
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_API_ROOT: razorpay.root,
    RAZORPAY_WEBHOOK_SECRET: WORLD_RAZORPAY_WEBHOOK_SECRET,
  };
  const t = await createTestApp({
    env: { DATA_DIR: dataDir, ...UNLIMITED, ...kite, ...rzp, ...options.env },
    clientDir: options.clientDir,
    push: {},
  });
  const { deps } = t;
  const admin = await createUser(deps, { role: 'superadmin', name: 'Security Admin' });
  const algo = await createAlgo(deps);
  const signal = await createSignal(deps, algo.algo_id);
  const worldSignal = () => createSignal(deps, algo.algo_id, { updated_at: new Date(WORLD_SIGNAL_UPDATED_AT) });
  const [toApprove, toReject] = [await worldSignal(), await worldSignal()];
  // The webhook's token, and another one for the revoke route to revoke.
  const tokenRow = (token: string) => ({
    algo_id: algo.algo_id,
    token_hash: createHash('sha256').update(token).digest('hex'),
    token_hint: token.slice(-4),
  });
  const [, webhookToken] = await deps.db
    .insert(webhookTokens)
    .values([tokenRow(WORLD_WEBHOOK_TOKEN), tokenRow(`${WORLD_WEBHOOK_TOKEN}-revocable`)])
    .returning();
  await ensureInstrumentList(deps.db);
  const [warning] = await deps.db
    .insert(warnings)
    .values({ warning_message: 'Broker rejected an order', warning_data: '{"account":1}' })
    .returning();
  const [workshop] = await deps.db
    .insert(workshops)
    .values({ title: 'Security workshop', description: 'Risk basics', workshop_date: '2027-03-07', level: 'Beginner' })
    .returning();

  const applications = await deps.db
    .insert(enquiries)
    .values(
      ['a', 'b', 'c', 'd'].map((k) => ({
        type: 'Membership Interest' as const,
        form_html: `<p>Applicant ${k}</p>`,
        mail_status: 'off' as const,
      })),
    )
    .returning({ id: enquiries.id });
  const [cancelled] = await deps.db
    .insert(members)
    .values({ name: 'Cancelled Member', membership_status: 'cancelled' })
    .returning({ id: members.trabot_client_id });

  async function memberWithData(key: string): Promise<{ ids: Ids; login: Login }> {
    const owned = await createMemberLogin(deps, { brokerAccessKey: `kite-${key}-0a1b2c3d4e5f` });
    const trade = await createTrade(deps, owned.account.trabot_account_id, {
      trade_instrument: `SEC${key.toUpperCase()}`,
    });
    const subscription = await createSubscription(deps, algo.algo_id, owned.account.trabot_account_id);
    const [payment] = await deps.db
      .insert(membershipPayments)
      .values({
        trabot_client_id: owned.member.trabot_client_id,
        month: '2026-10',
        amount: 5900,
        currency: 'INR',
        method: 'manual',
        reference: `security ${key}`,
        invoice_number: `TB/2026-27/SEC${key.toUpperCase()}`,
        paid_at: new Date('2026-10-05T06:00:00Z'),
      })
      .returning({ id: membershipPayments.id });
    // The month's payment link made already (this month's and next), so "Pay now" answers it.
    const month = monthOf(new Date());
    await deps.db.insert(paymentLinks).values(
      [month, nextMonth(month)].map((m) => ({
        trabot_client_id: owned.member.trabot_client_id,
        month: m,
        razorpay_link_id: `plink_security${key}${m.replace('-', '')}`,
        short_url: `${razorpay.root}/i/security${key}${m.replace('-', '')}`,
        amount_minor: 590000,
        currency: 'INR' as const,
      })),
    );
    return {
      login: { email: owned.user.email, password: owned.user.password },
      ids: {
        member: owned.member.trabot_client_id,
        account: owned.account.trabot_account_id,
        user: owned.user.id,
        trade: trade.trabot_trade_id,
        subscription: subscription.row_id,
        algo: algo.algo_id,
        signal: signal.signal_id,
        warning: warning!.warning_id,
        workshop: workshop!.workshop_id,
        webhookToken: webhookToken!.token_id,
        signalToApprove: toApprove.signal_id,
        signalToReject: toReject.signal_id,
        applicationToAccept: applications[key === 'a' ? 0 : 1]!.id,
        applicationToReject: applications[key === 'a' ? 2 : 3]!.id,
        cancelledMember: cancelled!.id,
        payment: payment!.id,
      },
    };
  }
  const a = await memberWithData('a');
  const b = await memberWithData('b');

  async function login(credentials: Login, client = t.client()): Promise<TestClient> {
    const res = await inspect(await client.login(credentials.email, credentials.password), 'POST /api/login');
    expect(res.status, res.text).toBe(200);
    return client;
  }

  const logins = {
    member: a.login,
    otherMember: b.login,
    superadmin: { email: admin.email, password: admin.password },
  };
  return {
    t,
    dataDir,
    logins,
    ids: { member: a.ids, otherMember: b.ids },
    clients: {
      anonymous: t.client(),
      member: await login(logins.member),
      otherMember: await login(logins.otherMember),
      superadmin: await login(logins.superadmin),
    },
    login,
    newMember: async () => {
      const made = await createMemberLogin(deps);
      return login({ email: made.user.email, password: made.user.password });
    },
    close: async () => {
      await t.close();
      await razorpay.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Payload {
  contentType: string;
  body: string;
  /** Headers the payload is signed with (Razorpay's webhook). */
  headers?: Record<string, string>;
}

export const jsonPayload = (value: unknown): Payload => ({
  contentType: 'application/json',
  body: JSON.stringify(value),
});

export function multipartPayload(
  fields: Record<string, string | { filename: string; type: string; content: string }>,
): Payload {
  const boundary = '----trabotSecurityBoundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(([name, value]) =>
    typeof value === 'string'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n${value.content}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

/** One request through the client's cookie jar, checked by `inspect`. */
export async function send(
  client: TestClient,
  method: string,
  url: string,
  payload?: Payload,
  headers: Record<string, string> = {},
  options: Parameters<typeof inspect>[2] = {},
): Promise<Inspected> {
  const res = await client.request(url, {
    method,
    body: payload?.body,
    headers: { ...(payload ? { 'content-type': payload.contentType } : {}), ...payload?.headers, ...headers },
  });
  return inspect(res, `${method} ${url}`, options);
}

/**
 * A fresh, unused workshop confirmation token (POST /api/workshop-confirmation takes each once): a
 * registration for a far-future workshop whose confirmation mail was sent with it.
 */
export async function newConfirmationToken(w: World): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [workshop] = await w.t.deps.db
    .insert(workshops)
    .values({ title: `Confirm ${token.slice(0, 8)}`, description: 'd', workshop_date: '2099-03-01', level: 'Beginner' })
    .returning();
  const [registration] = await w.t.deps.db
    .insert(workshopRegistrations)
    .values({
      workshop_id: workshop!.workshop_id,
      workshop_label: workshop!.title,
      name: 'Visitor',
      email: 'visitor@trabot.test',
      source: 'youtube',
      mail_status: 'off',
    })
    .returning();
  await w.t.deps.db.insert(mailOutbox).values({
    dedupe_key: `workshop-confirm:${registration!.id}`,
    kind: 'workshop_confirm',
    recipient: 'visitor@trabot.test',
    subject: 'Confirm',
    html: 'confirm',
    status: 'sent',
    workshop_registration_id: registration!.id,
    token_hash: createHash('sha256').update(token).digest('hex'),
  });
  return token;
}
