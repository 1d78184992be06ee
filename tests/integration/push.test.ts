/**
 * Web Push against a push service on loopback that speaks the protocol (RFC 8030) and
 * whose "browsers" decrypt what arrives (RFC 8291): the public key, device subscriptions per user
 * and kind, the SSRF guard on endpoints, a new pending signal pushed to every opted-in superadmin
 * device (and no one else) with what Approve needs, and gone subscriptions deleted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import type { PushNotifier } from '@server/push/push-notifier';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { cancelMembership, SYSTEM } from '@server/services/membership';
import type { PushMessage } from '@shared/schemas/push';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createAlgo } from '../factories/algos';
import { createApprovedSignal } from '../factories/signals';
import { createSubscription } from '../factories/subscriptions';
import { ScriptedFeed } from './engine/scripted-feed';
import { startLocalPushService, type LocalPushService } from '../support/local-push-service';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

let push: LocalPushService;
let t: TestApp;
let admin: TestClient;
let member: TestClient;
let algoId: number;
let hookToken: string;

const subscribe = (client: TestClient, subscription: unknown, kinds: string[]) =>
  client.request('/api/push/subscriptions', { method: 'POST', json: { subscription, kinds } });
const notifier = () => t.deps.notifier as unknown as PushNotifier;

beforeAll(async () => {
  push = await startLocalPushService();
  t = await createTestApp({
    env: { PUSH_ALLOWED_ORIGINS: `${push.origin}, https://push.example.org` },
    push: { agent: push.agent },
  });
  await ensureInstrumentList(t.deps.db);
  const adminUser = await createUser(t.deps, { role: 'superadmin', name: 'Desk Admin' });
  admin = t.client();
  expect((await admin.login(adminUser.email, adminUser.password)).status).toBe(200);
  const memberLogin = await createMemberLogin(t.deps);
  member = t.client();
  expect((await member.login(memberLogin.user.email, memberLogin.user.password)).status).toBe(200);
  algoId = (await createAlgo(t.deps, { algo_desc: 'Breakout swing', algo_switch: true })).algo_id;
  hookToken = (
    (await (await admin.request(`/api/algos/${algoId}/webhook-tokens`, { method: 'POST', json: {} })).json()) as {
      token: string;
    }
  ).token;
});
afterAll(async () => {
  await t.close();
  await push.close();
});

describe('subscriptions', () => {
  it('GET /api/push/public-key answers the VAPID public key (an uncompressed P-256 point, base64url)', async () => {
    const res = await t.client().request('/api/push/public-key');
    expect(res.status).toBe(200);
    const { publicKey } = (await res.json()) as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it("stores a device for the logged-in user, tells the device's state, and removes only the caller's own", async () => {
    const phone = push.browser('phone');
    const saved = await subscribe(admin, phone.subscription, ['signals', 'signals']);
    expect(saved.status).toBe(201);
    expect(await saved.json()).toEqual({ subscribed: true, kinds: ['signals'], devices_max: 10, dropped: [] });
    const state = await admin.request(
      `/api/push/subscriptions?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`,
    );
    expect(await state.json()).toEqual({ subscribed: true, kinds: ['signals'] });
    // Another user cannot remove it, nor see it.
    await member.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: phone.subscription.endpoint },
    });
    expect(
      await (
        await member.request(`/api/push/subscriptions?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`)
      ).json(),
    ).toEqual({ subscribed: false, kinds: [] });
    expect(
      await t.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint)),
    ).toHaveLength(1);
    expect(
      (
        await admin.request('/api/push/subscriptions', {
          method: 'DELETE',
          json: { endpoint: phone.subscription.endpoint },
        })
      ).status,
    ).toBe(200);
    expect(
      await t.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint)),
    ).toHaveLength(0);
  });

  it("belongs to the user who subscribed it: another user's subscribe with its endpoint is 409 and changes nothing", async () => {
    const tablet = push.browser('admin-tablet');
    expect((await subscribe(admin, tablet.subscription, ['signals'])).status).toBe(201);
    const [before] = await t.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, tablet.subscription.endpoint));
    const res = await subscribe(
      member,
      { endpoint: tablet.subscription.endpoint, keys: push.browser().subscription.keys },
      ['trade_opened'],
    );
    expect(res.status).toBe(409);
    expect(
      await t.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, tablet.subscription.endpoint)),
    ).toEqual([before]);
    await admin.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: tablet.subscription.endpoint },
    });
  });

  it('members may have their trade notifications, not the signals; strangers nothing', async () => {
    const device = push.browser();
    expect((await subscribe(member, device.subscription, ['trade_opened', 'trade_closed'])).status).toBe(201);
    const refused = await subscribe(member, push.browser().subscription, ['signals']);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('Only a superadmin may receive: signals');
    expect((await subscribe(t.client(), push.browser().subscription, ['trade_opened'])).status).toBe(401);
    const bad = await subscribe(
      member,
      { endpoint: device.subscription.endpoint, keys: { p256dh: 'short', auth: '' } },
      [],
    );
    expect(Object.keys(((await bad.json()) as { fields: object }).fields).sort()).toEqual([
      'kinds',
      'subscription.keys.auth',
      'subscription.keys.p256dh',
    ]);
  });

  it('refuses endpoints that are not https on a push service or a listed origin (SSRF guard)', async () => {
    const keys = push.browser().subscription.keys;
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      `${push.origin.replace('https:', 'http:')}/push/x`,
      'https://127.0.0.1:9/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://push.example.org.evil.example/x',
      'not a url',
    ];
    // Forms another URL parser reads differently (tests/security/push-endpoints.test.ts has them all).
    refused.push('https:/web.push.apple.com/P', 'https:fcm.googleapis.com/P', 'https://NAME%2enotify.windows.com/P');
    for (const endpoint of refused) {
      const res = await subscribe(admin, { endpoint, keys }, ['signals']);
      expect(res.status, endpoint).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: object }).fields), endpoint).toEqual([
        'subscription.endpoint',
      ]);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QAbc',
      'https://push.example.org/x',
    ]) {
      expect((await subscribe(admin, { endpoint, keys }, ['signals'])).status, endpoint).toBe(201);
      await admin.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } });
    }
    expect(
      await t.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, 'https://127.0.0.1:9/push/x')),
    ).toHaveLength(0);
  });
});

describe('a new pending signal', () => {
  it('is pushed, encrypted, to every superadmin device that wants signals, naming it, with what Approve sends back', async () => {
    const phone = push.browser('admin-phone');
    const laptop = push.browser('admin-laptop');
    const memberPhone = push.browser('member-phone');
    await subscribe(admin, phone.subscription, ['signals']);
    await subscribe(admin, laptop.subscription, ['signals']);
    await subscribe(member, memberPhone.subscription, ['trade_opened', 'trade_closed']);
    const before = push.pushes.length;

    const res = await t.client().request('/api/hooks/signals', {
      method: 'POST',
      headers: { authorization: `Bearer ${hookToken}` },
      json: {
        client_signal_id: 'push-1',
        instrument_symbol: 'RELIANCE',
        trade_direction: 'long',
        trade_type: 'swing',
        entry_level: 2950.5,
        stop_loss_level: 2890,
        target_level: 3080,
      },
    });
    expect(res.status).toBe(201);
    const { signal_id } = (await res.json()) as { signal_id: number };
    await notifier().settled();
    expect(push.pushes.length - before).toBe(2);

    const [message] = phone.received() as PushMessage[];
    expect(message).toMatchObject({
      kind: 'signals',
      title: 'New signal: RELIANCE long',
      body: 'Entry 2950.50 · SL 2890.00 · Target 3080.00 · RR 2.14 · Breakout swing',
      tag: `signal-${signal_id}`,
      url: `/dashboard/admin/pending?signal=${signal_id}`,
      signal: { signal_id, updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    });
    expect(laptop.received()).toEqual([message]);
    expect(memberPhone.received()).toEqual([]);
    // RFC 8030/8292 headers as the push services require them.
    const request = push.pushes.at(-1)!;
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '600', urgency: 'high' });
    expect(request.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(
      t.logLines.some(
        (l) => l.includes('"push: sent"') && l.includes(`"tag":"signal-${signal_id}"`) && l.includes('"sent":2'),
      ),
    ).toBe(true);
  });

  it('an Add Signal from the form notifies too; a subscription the push service says is gone is deleted', async () => {
    const old = push.browser('old-phone');
    await subscribe(admin, old.subscription, ['signals']);
    push.markGone(old.subscription.endpoint);
    const added = await admin.request(`/api/algos/${algoId}/signals`, {
      method: 'PUT',
      json: {
        trade_gen_ts: '2026-11-20',
        exchange: 'NSE',
        instrument_symbol: 'TCS',
        instrument_type: 'EQ',
        trade_direction: 'short',
        trade_type: 'intraday',
        entry_level: 4000,
        stop_loss_level: 4040,
        target_level: 3900,
        risk_reward: null,
        portion_in_trade: 50,
        process_signal: false,
      },
    });
    expect(added.status).toBe(201);
    await notifier().settled();
    expect(
      await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, old.subscription.endpoint)),
    ).toHaveLength(0);
    expect(t.logLines.some((l) => l.includes('"push: sent"') && l.includes('"gone":1'))).toBe(true);
  });
});

describe("a member's trades", () => {
  it('opened and closed by the engine are pushed to the devices of that account that want them, after commit', async () => {
    const owner = await createMemberLogin(t.deps, { brokerAccessKey: 'kite-push-0a1b2c' });
    const ownerClient = t.client();
    expect((await ownerClient.login(owner.user.email, owner.user.password)).status).toBe(200);
    const both = push.browser('owner-both');
    const openedOnly = push.browser('owner-opened');
    await subscribe(ownerClient, both.subscription, ['trade_opened', 'trade_closed']);
    await subscribe(ownerClient, openedOnly.subscription, ['trade_opened']);
    const stranger = push.browser('other-member');
    await subscribe(member, stranger.subscription, ['trade_opened', 'trade_closed']);

    const algo = await createAlgo(t.deps, { algo_desc: 'Push momentum', algo_switch: true });
    await createSubscription(t.deps, algo.algo_id, owner.account.trabot_account_id);
    await createApprovedSignal(t.deps, algo.algo_id);
    const feed = new ScriptedFeed();
    const paper = new PaperBroker({ prices: feed, now: () => feed.lastTick });
    const engine = new Engine(t.deps, { feed, paper });
    const T0 = Date.parse('2026-01-05T04:00:00Z');
    await engine.tick(new Date(T0));
    await engine.tick(new Date(T0 + 3_000));
    feed.set('INFY', 244);
    await engine.tick(new Date(T0 + 6_000));
    await engine.tick(new Date(T0 + 9_000));
    await notifier().settled();

    const [opened, closed] = both.received() as PushMessage[];
    expect(opened).toMatchObject({
      kind: 'trade_opened',
      title: 'Trade opened: INFY long',
      body: '320 shares at 250.00',
      url: '/dashboard/trades',
    });
    expect(closed).toMatchObject({
      kind: 'trade_closed',
      title: 'Trade closed: INFY long',
      body: '320 shares at 244.00 · realised P&L -₹1,920.00',
    });
    expect(opened!.tag).toMatch(/^trade-\d+-opened$/);
    expect(openedOnly.received()).toEqual([opened]);
    expect(stranger.received()).toEqual([]);
  });
});

describe("a member's morning reminder", () => {
  it('goes to the devices of that account that asked for it, opening Account Settings', async () => {
    const owner = await createMemberLogin(t.deps);
    const ownerClient = t.client();
    expect((await ownerClient.login(owner.user.email, owner.user.password)).status).toBe(200);
    const wants = push.browser('reminder-wanted');
    const tradesOnly = push.browser('reminder-not-wanted');
    await subscribe(ownerClient, wants.subscription, ['broker_session', 'trade_opened']);
    await subscribe(ownerClient, tradesOnly.subscription, ['trade_opened']);
    t.deps.notifier!.brokerSessionsEnded([{ trabot_account_id: owner.account.trabot_account_id, broker: 'zerodha' }]);
    await notifier().settled();
    expect(wants.received()).toEqual([
      {
        kind: 'broker_session',
        title: 'Connect Zerodha for today',
        body: 'Your Zerodha session has ended. Log in before the market opens so your trades can be placed.',
        tag: 'broker-session',
        url: '/dashboard/account-settings',
      },
    ]);
    expect(tradesOnly.received()).toEqual([]);
  });
});

describe('a cancelled membership', () => {
  it('is pushed to the member and the superadmins, except to whoever cancelled it', async () => {
    const owner = await createMemberLogin(t.deps);
    const memberId = owner.member.trabot_client_id;
    const ownerClient = t.client();
    expect((await ownerClient.login(owner.user.email, owner.user.password)).status).toBe(200);
    const memberPhone = push.browser('membership-member');
    const deskPhone = push.browser('membership-desk');
    const signalsOnly = push.browser('membership-signals-only');
    await subscribe(ownerClient, memberPhone.subscription, ['trade_opened', 'membership']);
    await subscribe(admin, deskPhone.subscription, ['signals', 'membership']);
    await subscribe(admin, signalsOnly.subscription, ['signals']);
    const cancel = (reason: string) =>
      admin.request(`/api/admin/members/${memberId}/membership`, {
        method: 'POST',
        json: { action: 'cancel', reason },
      });
    const rejoin = () =>
      admin.request(`/api/admin/members/${memberId}/membership`, {
        method: 'POST',
        json: { action: 'rejoin', reason: 'slot free again' },
      });

    // The schedule (unpaid after the 25th): both are told.
    await cancelMembership(
      t.deps,
      t.deps.mailer!,
      memberId,
      SYSTEM,
      'fee for 2026-11 unpaid after the 25th',
      new Date('2026-12-25T18:31:00Z'),
    );
    await notifier().settled();
    const day = '2026-12-26';
    expect(memberPhone.received()).toEqual([
      {
        kind: 'membership',
        title: 'Your membership is cancelled',
        body: `Cancelled on ${day}: fee for 2026-11 unpaid after the 25th. No new trades are opened for your accounts; running trades keep their exits.`,
        tag: 'membership',
        url: '/dashboard/account-settings',
      },
    ]);
    expect(deskPhone.received()).toEqual([
      {
        kind: 'membership',
        title: `Membership cancelled: ${owner.member.name} (#${memberId})`,
        body: `${day}: fee for 2026-11 unpaid after the 25th. Their subscriptions are paused and their slots are free.`,
        tag: `membership-${memberId}`,
        url: '/dashboard/admin/members',
      },
    ]);

    // A superadmin cancels: the member is told, the superadmins are not.
    expect((await rejoin()).status).toBe(200);
    expect((await cancel('asked by phone')).status).toBe(200);
    await notifier().settled();
    expect(memberPhone.received()).toHaveLength(2);
    expect((memberPhone.received()[1] as PushMessage).body).toContain('asked by phone');
    expect(deskPhone.received()).toHaveLength(1);

    // The member opts out: the superadmins are told, the member is not.
    expect((await rejoin()).status).toBe(200);
    expect((await ownerClient.request('/api/membership/opt-out', { method: 'POST', json: {} })).status).toBe(200);
    await notifier().settled();
    expect(memberPhone.received()).toHaveLength(2);
    expect(deskPhone.received()).toHaveLength(2);
    expect((deskPhone.received()[1] as PushMessage).body).toContain('opted out by the member');
    expect(signalsOnly.received()).toEqual([]);
  });
});
