/**
 * Regression: with TRUST_PROXY=1 a client reaching the port directly set its own
 * X-Forwarded-For and was never rate limited (60 of 60 logins). Now forwarded headers count only
 * when the connection's peer is a proxy TRUST_PROXY names. Real sockets on loopback: the same client
 * is a stranger to a server that trusts 10.0.0.0/8 and the proxy to one that trusts 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@server/config/env';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

const LIMIT = 3;
let t: TestApp;
const servers: ReturnType<typeof serve>[] = [];

async function listen(fetch: (req: Request, env?: unknown) => Response | Promise<Response>): Promise<string> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const enquiry = (url: string, forwardedFor: string) =>
  fetch(`${url}/api/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ type: 'Research Enquiry', formString: '<p><strong>First Name</strong><br>Asha</p>' }),
  });

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_FORM_LIMIT_PER_IP: String(LIMIT), TRUST_PROXY: '10.0.0.0/8' } });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  await t.close();
});

describe('forwarded headers', () => {
  it("from a client that is not a named proxy change nothing: rotating X-Forwarded-For still hits the client's own limit", async () => {
    const url = await listen(t.app.fetch);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) statuses.push((await enquiry(url, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('from a named proxy are believed: each client behind it gets a limit of its own', async () => {
    const url = await listen(t.withEnv({ PUBLIC_FORM_LIMIT_PER_IP: String(LIMIT), TRUST_PROXY: '127.0.0.1' }).fetch);
    const statuses: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) statuses.push((await enquiry(url, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    for (let i = 1; i <= LIMIT; i++) await enquiry(url, '198.51.100.200');
    expect((await enquiry(url, '198.51.100.200')).status).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges (IPv4 and IPv6); 1/true is loopback; anything else stops the start, naming it', () => {
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/12,192.168.1.7,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual(['127.0.0.0/8', '::1/128']);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual(['127.0.0.0/8', '::1/128']);
    expect(parseEnv({}).TRUST_PROXY).toEqual([]);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual([]);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      'TRUST_PROXY: "10.0.0.0/33" has a prefix length outside 0-32',
    );
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(
      'TRUST_PROXY: "proxy.local" is not an IP address or CIDR range',
    );
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: "yes" is not an IP address/);
  });
});
