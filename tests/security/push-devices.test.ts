/**
 * Regression (the second outside sweep, finding 3): a device's push subscription belongs to the
 * user who made it. Knowing the superadmin's phone's endpoint, a member's subscribe with it (their
 * own keys) replaced the user and keys, so the signals went to the member's keys and the phone
 * stopped getting them. Now that is 409 and changes nothing, until the push service answers the
 * endpoint is gone (410 to a real send), after which the endpoint is free. And a user has at most
 * PUSH_DEVICES_MAX devices: one more drops the one unused the longest, and the answer says so.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '@server/db/schema';
import type { PushNotifier } from '@server/push/push-notifier';
import { toSignal } from '@server/services/signals';
import type { PushMessage, PushSubscribeResult } from '@shared/schemas/push';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createAlgo } from '../factories/algos';
import { createSignal } from '../factories/signals';
import { startLocalPushService, type LocalPushService } from '../support/local-push-service';
import { createTestApp, type TestApp, type TestClient } from '../integration/helpers/test-app';

const DEVICES_MAX = 4;
let push: LocalPushService;
let t: TestApp;
let admin: TestClient;
let member: TestClient;
let memberUserId: number;
let memberAccountId: number;

const subscribe = (client: TestClient, subscription: unknown, kinds: string[]) =>
  client.request('/api/push/subscriptions', { method: 'POST', json: { subscription, kinds } });
const notifier = () => t.deps.notifier as unknown as PushNotifier;
const rowOf = async (endpoint: string) =>
  (await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

beforeAll(async () => {
  push = await startLocalPushService();
  t = await createTestApp({
    env: { PUSH_ALLOWED_ORIGINS: push.origin, PUSH_DEVICES_MAX: String(DEVICES_MAX) },
    push: { agent: push.agent },
  });
  const adminUser = await createUser(t.deps, { role: 'superadmin' });
  admin = t.client();
  expect((await admin.login(adminUser.email, adminUser.password)).status).toBe(200);
  const login = await createMemberLogin(t.deps);
  memberUserId = login.user.id;
  memberAccountId = login.account.trabot_account_id;
  member = t.client();
  expect((await member.login(login.user.email, login.user.password)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** A new pending signal, pushed to every superadmin device that wants signals; resolves when sent. */
async function signalPending() {
  const algo = await createAlgo(t.deps, { algo_desc: 'Security algo' });
  notifier().signalPending(toSignal(await createSignal(t.deps, algo.algo_id)), 'Security algo');
  await notifier().settled();
}

describe("a device's subscription", () => {
  it("cannot be taken by another user who knows its endpoint: 409, the owner's row unchanged, the owner still notified", async () => {
    const phone = push.browser('admin-phone');
    expect((await subscribe(admin, phone.subscription, ['signals'])).status).toBe(201);
    const before = await rowOf(phone.subscription.endpoint);

    const thief = push.browser('thief');
    const stolen = { endpoint: phone.subscription.endpoint, keys: thief.subscription.keys };
    for (const kinds of [['trade_opened'], ['trade_opened', 'trade_closed']]) {
      const res = await subscribe(member, stolen, kinds);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: string }).error).toMatch(/belong to another login/);
    }
    expect(await rowOf(phone.subscription.endpoint)).toEqual(before);
    // The member cannot see it, nor remove it.
    const state = await member.request(
      `/api/push/subscriptions?endpoint=${encodeURIComponent(phone.subscription.endpoint)}`,
    );
    expect(await state.json()).toEqual({ subscribed: false, kinds: [] });
    await member.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: phone.subscription.endpoint },
    });
    expect(await rowOf(phone.subscription.endpoint)).toBeDefined();

    await signalPending();
    expect(phone.received()).toHaveLength(1);
    expect((phone.received()[0] as PushMessage).kind).toBe('signals');
    expect(thief.received()).toEqual([]);
  });

  it('is free for another user once the push service said the endpoint is gone (410 to a real send)', async () => {
    const old = push.browser('shared-browser');
    expect((await subscribe(admin, old.subscription, ['signals'])).status).toBe(201);
    expect((await subscribe(member, old.subscription, ['trade_opened'])).status).toBe(409);
    push.markGone(old.subscription.endpoint);
    await signalPending();
    expect(await rowOf(old.subscription.endpoint)).toBeUndefined();
    const res = await subscribe(member, old.subscription, ['trade_opened']);
    expect(res.status).toBe(201);
    expect((await rowOf(old.subscription.endpoint))?.user_id).toBe(memberUserId);
    await member.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: old.subscription.endpoint },
    });
  });

  it("is its owner's to change: the same user subscribing again replaces the kinds and keys", async () => {
    const laptop = push.browser('member-laptop');
    expect((await subscribe(member, laptop.subscription, ['trade_opened'])).status).toBe(201);
    const renewed = { ...laptop.subscription, keys: push.browser().subscription.keys };
    const res = await subscribe(member, renewed, ['trade_opened', 'trade_closed']);
    expect(res.status).toBe(201);
    expect(await rowOf(laptop.subscription.endpoint)).toMatchObject({
      user_id: memberUserId,
      p256dh: renewed.keys.p256dh,
      kinds: ['trade_opened', 'trade_closed'],
    });
    await member.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: laptop.subscription.endpoint },
    });
  });
});

describe('devices per user', () => {
  it(`at most PUSH_DEVICES_MAX (${DEVICES_MAX} here): one more drops the one unused the longest, and the answer says so`, async () => {
    const devices = Array.from({ length: DEVICES_MAX }, (_, i) => push.browser(`member-device-${i}`));
    for (const d of devices) expect((await subscribe(member, d.subscription, ['trade_opened'])).status).toBe(201);
    // Last seen a day apart, device 0 the longest ago; then the app on device 0 asks for its state (a use).
    for (const [i, d] of devices.entries())
      await t.deps.db
        .update(pushSubscriptions)
        .set({ last_seen_at: new Date(Date.UTC(2026, 10, 1 + i, 9)) })
        .where(eq(pushSubscriptions.endpoint, d.subscription.endpoint));
    const state = await member.request(
      `/api/push/subscriptions?endpoint=${encodeURIComponent(devices[0]!.subscription.endpoint)}`,
    );
    expect(await state.json()).toEqual({ subscribed: true, kinds: ['trade_opened'] });

    const extra = push.browser('member-device-extra');
    const res = await subscribe(member, extra.subscription, ['trade_opened']);
    expect(res.status).toBe(201);
    expect((await res.json()) as PushSubscribeResult).toEqual({
      subscribed: true,
      kinds: ['trade_opened'],
      devices_max: DEVICES_MAX,
      dropped: [{ last_seen_at: '2026-11-02T09:00:00.000Z' }],
    });
    const left = await t.deps.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, memberUserId));
    expect(left.map((r) => r.endpoint).sort()).toEqual(
      [devices[0]!, ...devices.slice(2), extra].map((d) => d.subscription.endpoint).sort(),
    );
    expect(
      t.logLines.some((l) => l.includes('"push: device subscribed"') && l.includes('droppedSubscriptionIds')),
    ).toBe(true);

    // A trade's news goes to the devices kept, not to the dropped one.
    notifier().tradeEvents([
      {
        kind: 'trade_opened',
        trabot_trade_id: 7,
        trabot_account_id: memberAccountId,
        symbol: 'TCS',
        direction: 'long',
        quantity: 2,
        price: 4000,
      },
    ]);
    await notifier().settled();
    expect(devices[1]!.received()).toEqual([]);
    for (const d of [devices[0]!, ...devices.slice(2), extra]) expect(d.received()).toHaveLength(1);
  });

  it("another user's devices are not counted, nor dropped", async () => {
    const adminRows = await t.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.kinds, ['signals']));
    expect(adminRows.length).toBeGreaterThan(0);
    const more = push.browser('member-device-more');
    const res = (await (await subscribe(member, more.subscription, ['trade_opened'])).json()) as PushSubscribeResult;
    expect(res.dropped).toHaveLength(1);
    expect(
      await t.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.kinds, ['signals'])),
    ).toEqual(adminRows);
  });
});
