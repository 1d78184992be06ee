/**
 * Regression (the second outside sweep, finding 1): a push endpoint is read by one parser. The
 * guard refused `https://127.0.0.1/...` but passed `https:/web.push.apple.com/P`, which web-push's
 * legacy `url.parse()` reads as no host at all (a POST to localhost:443), and
 * `https://NAME%2enotify.windows.com/P`, which it sends to the single-label host `NAME`.
 *
 * Every form is refused at subscribe (400 naming the field). Then the same forms are stored the
 * way an older server stored them (straight into the table) and a real send runs: the HTTPS agent
 * of the push sender hands every connection it is asked for to one listener on loopback and
 * records where it was meant to go. Through web-push's own `sendNotification` (the old sender)
 * these rows reach the listener, addressed to localhost:443 and `name`; through the server's
 * sender nothing reaches it, while a well-formed endpoint in the same send does.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushSubscriptions } from '@server/db/schema';
import { checkEndpoint } from '@server/push/endpoint-guard';
import type { PushNotifier } from '@server/push/push-notifier';
import { createMemberLogin } from '../factories/accounts';
import { createTestApp, type TestApp, type TestClient } from '../integration/helpers/test-app';

/** The sweep's forms, each of which passed the old guard. */
const SWEEP_FORMS = [
  'https:/web.push.apple.com/P',
  'https:fcm.googleapis.com/P',
  'https:\tweb.push.apple.com/P',
  'https:\t//fcm.googleapis.com/P',
  'https://NAME%2enotify.windows.com/P',
  'https://name%2Enotify.windows.com/P',
];
/** More spellings one parser normalises and another may not. */
const OTHER_FORMS = [
  'https:\\\\fcm.googleapis.com\\fcm\\send\\abc',
  'https://fcm.googleapis.com\\@127.0.0.1/P',
  'https://FCM.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com./fcm/send/abc',
  'https://fcm.googleapis.com:443/fcm/send/abc',
  'https://fcm.googleapis.com/fcm/send/a b',
  ' https://fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com/fcm/send/abc\n',
  'https://fcm.googleapis.com',
  'https://xn--fcm-googleapis-com.notify.windows.com%00/P',
  'https://fcm%2egoogleapis.com/P',
  'https://127.0.0.1%2f.notify.windows.com/P',
  'https://a.notify.windows.com%2f@127.0.0.1/P',
];
/** The earlier guard test's refusals (tests/integration/push.test.ts). */
const EARLIER_REFUSED = [
  'http://fcm.googleapis.com/fcm/send/abc',
  'https://127.0.0.1:9/push/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://localhost/push',
  'https://fcm.googleapis.com:8443/fcm/send/abc',
  'https://user:pw@fcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com.evil.example/fcm/send/abc',
  'not a url',
];
/** What browsers hand out: taken as they are. */
const GENUINE = [
  'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-x_y',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk-x_y',
  'https://web.push.apple.com/QGx-y_z',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bx%3d%3d',
];

interface Connection {
  /** Where the sender meant to connect. */
  host: string;
  port: number;
}

/** An https.Agent that sends every connection to `port` on loopback (in clear) and records the intended target. */
class LoopbackAgent extends https.Agent {
  readonly wanted: Connection[] = [];
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }
  createConnection(options: { host?: string | null; hostname?: string | null; port?: number | string | null }) {
    this.wanted.push({ host: String(options.host ?? options.hostname ?? ''), port: Number(options.port ?? 443) });
    return net.connect(this.port, '127.0.0.1');
  }
}

const keysOf = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

let t: TestApp;
let listener: http.Server;
let agent: LoopbackAgent;
/** Requests that reached the listener: their Host header and path. */
const arrived: { host: string; path: string }[] = [];
/** Connections the listener accepted (a request it could not even parse counts too). */
let connections = 0;
let member: TestClient;
let accountId: number;
let userId: number;

beforeAll(async () => {
  listener = http.createServer((req, res) => {
    arrived.push({ host: req.headers.host ?? '', path: req.url ?? '' });
    req.resume();
    req.on('end', () => res.writeHead(201).end());
  });
  listener.on('connection', () => void connections++);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  agent = new LoopbackAgent((listener.address() as AddressInfo).port);
  t = await createTestApp({ push: { agent } });
  const login = await createMemberLogin(t.deps);
  accountId = login.account.trabot_account_id;
  userId = login.user.id;
  member = t.client();
  expect((await member.login(login.user.email, login.user.password)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => listener.close(resolve));
});

const subscribe = (endpoint: string) =>
  member.request('/api/push/subscriptions', {
    method: 'POST',
    json: { subscription: { endpoint, keys: keysOf() }, kinds: ['trade_opened'] },
  });

describe('the push endpoint guard', () => {
  it('refuses every form another parser reads differently, and the earlier ones: 400 naming the field', async () => {
    for (const endpoint of [...SWEEP_FORMS, ...OTHER_FORMS, ...EARLIER_REFUSED]) {
      const res = await subscribe(endpoint);
      expect(res.status, JSON.stringify(endpoint)).toBe(400);
      expect(Object.keys(((await res.json()) as { fields: object }).fields), JSON.stringify(endpoint)).toEqual([
        'subscription.endpoint',
      ]);
    }
    expect(await t.deps.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it("takes the browsers' endpoints as they are, and stores exactly what the guard parsed", async () => {
    for (const endpoint of GENUINE) {
      expect((await subscribe(endpoint)).status, endpoint).toBe(201);
      const check = checkEndpoint(endpoint, new Set());
      expect(check.ok && check.url.href, endpoint).toBe(endpoint);
    }
    const stored = await t.deps.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    expect(stored.map((s) => s.endpoint).sort()).toEqual([...GENUINE].sort());
    await t.deps.db.delete(pushSubscriptions);
  });
});

describe('a real send to endpoints stored before the guard was tightened', () => {
  it("reached the loopback listener through web-push's own parser (the sweep's finding, reproduced)", async () => {
    agent.wanted.length = 0;
    arrived.length = 0;
    connections = 0;
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:tests@trabot.test' };
    for (const endpoint of ['https:/web.push.apple.com/P', 'https://NAME%2enotify.windows.com/P']) {
      // The listener answers what it can parse; "/P" under "%2enotify..." it cannot (400), and that is beside the point.
      await webpush
        .sendNotification({ endpoint, keys: keysOf() }, 'hello', { vapidDetails: vapid, agent })
        .catch((err: unknown) => expect((err as { statusCode?: number }).statusCode).toBe(400));
    }
    // No host (localhost:443) and the single-label host "name": what an attacker aims at.
    expect(agent.wanted).toEqual([
      { host: 'localhost', port: 443 },
      { host: 'name', port: 443 },
    ]);
    expect(connections).toBe(2);
    expect(arrived).toEqual([{ host: 'localhost', path: '/web.push.apple.com/P' }]);
  });

  it("never leaves the server through its sender: nothing reaches the listener but the well-formed endpoint's push", async () => {
    agent.wanted.length = 0;
    arrived.length = 0;
    connections = 0;
    const forms = [...SWEEP_FORMS, ...OTHER_FORMS, ...EARLIER_REFUSED];
    await t.deps.db.insert(pushSubscriptions).values(
      [...forms, GENUINE[2]!].map((endpoint) => ({
        user_id: userId,
        endpoint,
        ...keysOf(),
        kinds: ['trade_opened'],
      })),
    );
    const notifier = t.deps.notifier as unknown as PushNotifier;
    notifier.tradeEvents([
      {
        kind: 'trade_opened',
        trabot_trade_id: 1,
        trabot_account_id: accountId,
        symbol: 'RELIANCE',
        direction: 'long',
        quantity: 1,
        price: 2950.5,
      },
    ]);
    await notifier.settled();
    expect(agent.wanted).toEqual([{ host: 'web.push.apple.com', port: 443 }]);
    expect(arrived).toEqual([{ host: 'web.push.apple.com', path: '/QGx-y_z' }]);
    expect(connections).toBe(1);
    const refusedLogs = t.logLines.filter((l) => l.includes('"push: subscription endpoint refused"'));
    expect(refusedLogs).toHaveLength(forms.length);
    // The refused rows stay (a push service never said they are gone); only the sent one is marked.
    const sent = await t.deps.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, userId));
    expect(sent).toHaveLength(forms.length + 1);
  });
});
