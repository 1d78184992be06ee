/**
 * Issue 44, "order routes may point at loopback or metadata addresses": POST
 * /api/admin/accounts/{id}/order-source refuses (400 naming order_source, nothing stored) a local
 * address that is not one of this machine's public-facing interfaces and a proxy at a loopback,
 * link-local (cloud metadata), private, shared, unspecified or multicast address, literal or
 * resolved from its name, unless ORDER_ROUTE_ALLOWED_ADDRESSES lists it. Where the route is used,
 * it is checked again: an override stored past the API is refused, and a proxy name whose DNS
 * answer changed since it was saved (rebinding) gets no connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@server/db/schema';
import { createAccount, createMember } from '../factories/accounts';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy';
import { adminTest, expectError, post, type AdminTest } from '../integration/admin/setup';

const REFUSED = [
  '127.0.0.1',
  '::1',
  '169.254.169.254',
  '10.20.30.40',
  '0.0.0.0',
  '224.0.0.1',
  'fe80::1',
  // Not an address of this machine.
  '203.0.113.7',
  'http://127.0.0.1:3128',
  'http://[::1]:3128',
  'http://169.254.169.254',
  'http://user:pw@10.1.2.3:3128',
  'http://172.16.0.9:8080',
  'https://192.168.1.1:8443',
  'http://100.64.0.1:3128',
  'http://[fd00::1]:3128',
  'http://[fe80::1]:3128',
  'http://[::ffff:127.0.0.1]:3128',
  'http://0x7f.1:3128',
  'http://2130706433:3128',
  'http://0.0.0.0:3128',
  'http://localhost:3128',
  'http://LocalHost.:3128',
];

async function accountOf(t: AdminTest) {
  const member = await createMember(t.t.deps);
  return (await createAccount(t.t.deps, member.trabot_client_id)).trabot_account_id;
}

const stored = async (t: AdminTest, accountId: number) =>
  (
    await t.t.deps.db
      .select({ order_source: accounts.order_source })
      .from(accounts)
      .where(eq(accounts.trabot_account_id, accountId))
  )[0]!.order_source;

describe('without an allow-list', () => {
  let a: AdminTest;
  beforeAll(async () => {
    a = await adminTest();
  });
  afterAll(() => a.t.close());

  it.each(REFUSED)('%s is refused with a 400 naming order_source, nothing stored', async (orderSource) => {
    const accountId = await accountOf(a);
    const refused = await expectError(
      await post(a.admin, `/api/admin/accounts/${accountId}/order-source`, { order_source: orderSource }),
      400,
    );
    expect(Object.keys(refused.fields ?? {})).toEqual(['order_source']);
    expect(refused.fields!.order_source).toMatch(
      /loopback|link-local|private|shared|unspecified|multicast|not an address of this server/,
    );
    expect(refused.fields!.order_source).not.toContain('pw');
    expect(await stored(a, accountId)).toBeNull();
  });

  it("a local address of one of this machine's interfaces (private ones too: a data centre's NAT) is taken", async () => {
    const own = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    expect(own, 'this test needs a non-loopback IPv4 interface').toBeDefined();
    const accountId = await accountOf(a);
    const res = await post(a.admin, `/api/admin/accounts/${accountId}/order-source`, { order_source: own!.address });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ order_source: own!.address, order_address: own!.address });
  });

  it('a proxy at a public address is taken', async () => {
    const accountId = await accountOf(a);
    const res = await post(a.admin, `/api/admin/accounts/${accountId}/order-source`, {
      order_source: 'http://198.51.100.3:3128',
    });
    expect(res.status).toBe(200);
  });
});

describe('with ORDER_ROUTE_ALLOWED_ADDRESSES', () => {
  let a: AdminTest;
  beforeAll(async () => {
    a = await adminTest({
      env: { ORDER_ROUTE_ALLOWED_ADDRESSES: '127.0.0.1, ::1,169.254.169.254,10.1.2.3,localhost' },
    });
  });
  afterAll(() => a.t.close());

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['http://user:pw@10.1.2.3:3128', 'proxy http://10.1.2.3:3128'],
    ['http://localhost:3128', 'proxy http://localhost:3128'],
    ['http://169.254.169.254', 'proxy http://169.254.169.254'],
  ])('%s is taken when listed', async (orderSource, address) => {
    const accountId = await accountOf(a);
    const res = await post(a.admin, `/api/admin/accounts/${accountId}/order-source`, { order_source: orderSource });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { order_address: string }).order_address).toBe(address);
  });

  it('an address not listed is still refused', async () => {
    const accountId = await accountOf(a);
    const res = await post(a.admin, `/api/admin/accounts/${accountId}/order-source`, {
      order_source: 'http://10.1.2.4:3128',
    });
    expect(Object.keys((await expectError(res, 400)).fields ?? {})).toEqual(['order_source']);
  });
});

describe('where the route is used', () => {
  let target: http.Server;
  let targetUrl: URL;
  let proxy: ConnectProxy;
  let a: AdminTest;
  beforeAll(async () => {
    target = http.createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = new URL(`http://127.0.0.1:${(target.address() as AddressInfo).port}/orders`);
    proxy = await startConnectProxy('127.0.0.1');
    a = await adminTest();
  });
  afterAll(async () => {
    await a.t.close();
    await proxy.close();
    await new Promise((resolve) => target.close(resolve));
  });

  /** A request through the route's agent: the answer's body, or the error's message. */
  async function through(agent: http.Agent | undefined): Promise<string> {
    return new Promise((resolve) => {
      const req = http.get(targetUrl, { agent }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', (err) => resolve(err.message));
    });
  }

  it('an override stored past the API (a loopback address, a metadata proxy) sends nothing', async () => {
    const { accountOrderRoute } = await import('@server/records/order-sources');
    const { routeAgent } = await import('@server/brokers/order-route');
    for (const override of ['127.0.0.5', `http://169.254.169.254:${new URL(proxy.url).port}`, proxy.url]) {
      const route = accountOrderRoute(a.t.deps, { trabot_account_id: 1, order_source: override });
      expect(await through(routeAgent(route, targetUrl)), override).toMatch(/^order route refused: /);
    }
    expect(proxy.tunnels).toEqual([]);
  });

  it('a proxy name that resolved to a public address when saved and to loopback now gets no connection', async () => {
    const { orderRouteGuard } = await import('@server/brokers/order-route-guard');
    const { orderRouteOf, refusedOrderRoute, routeAgent } = await import('@server/brokers/order-route');
    const answers = [['203.0.113.50'], ['127.0.0.1']];
    const guard = orderRouteGuard([], { lookup: async () => answers.shift()! });
    const url = `http://proxy.rebind.test:${new URL(proxy.url).port}`;
    expect(await refusedOrderRoute(orderRouteOf(url, null, guard))).toBeNull();
    const refused = await through(routeAgent(orderRouteOf(url, null, guard), targetUrl));
    expect(refused).toBe('order route refused: proxy.rebind.test resolves to 127.0.0.1, a loopback address');
    expect(proxy.tunnels).toEqual([]);
    // The same route through a listed proxy reaches the target through it: the refusal above is the check's.
    const listed = orderRouteGuard(['proxy.rebind.test'], { lookup: async () => ['127.0.0.1'] });
    expect(await through(routeAgent(orderRouteOf(url, null, listed), targetUrl))).toBe('reached');
    expect(proxy.tunnels).toEqual([targetUrl.host]);
  });

  it('credentials the tunnel cannot decode fail that request, not the process', async () => {
    const { orderRouteGuard } = await import('@server/brokers/order-route-guard');
    const { orderRouteOf, routeAgent } = await import('@server/brokers/order-route');
    const url = `http://u:%zz@127.0.0.1:${new URL(proxy.url).port}`;
    const route = orderRouteOf(url, null, orderRouteGuard(['127.0.0.1']));
    expect(await through(routeAgent(route, targetUrl))).toBe('URI malformed');
  });
});
