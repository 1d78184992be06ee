/**
 * Where an order request (place, modify, cancel) leaves from. Since 1 April 2026 every broker
 * refuses an order request from an IP address not registered with it (SEBI's retail algo
 * framework; docs/decisions/2026-11-27-static-ip-order-route.md): the server's orders leave from
 * BROKER_SOURCE_ADDRESS (a local address of this machine, the one registered with the brokers),
 * or, for an account whose member registered another IP, from the account's own override: another
 * local address, or an HTTP(S) proxy (CONNECT tunnel) standing at the registered address. Other
 * calls (order book, positions, quotes) may leave from anywhere.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

/** A route: a local address to bind, or a proxy URL; none: the operating system's choice. */
export type OrderRoute = { localAddress: string } | { proxy: URL } | null;

/** An account's override (an IP address or an http(s):// proxy URL) or the server's address, as a route. */
export function orderRouteOf(
  override: string | null | undefined,
  serverAddress: string | null | undefined,
): OrderRoute {
  const chosen = (override ?? '').trim() || (serverAddress ?? '').trim();
  if (!chosen) return null;
  if (/^https?:\/\//i.test(chosen)) return { proxy: new URL(chosen) };
  return { localAddress: chosen };
}

/** What the readiness board shows: the address (or proxy) an account's orders leave from. */
export function describeOrderRoute(route: OrderRoute): string {
  if (!route) return 'any (BROKER_SOURCE_ADDRESS not set)';
  if ('localAddress' in route) return route.localAddress;
  return `proxy ${route.proxy.protocol}//${route.proxy.host}`;
}

/**
 * The override as typed by the superadmin: an IPv4 or IPv6 address, or an http(s) proxy URL
 * (credentials allowed in it). Answers the error text, or null when valid.
 */
export function invalidOrderRoute(value: string): string | null {
  const v = value.trim();
  if (net.isIP(v)) return null;
  if (/^https?:\/\//i.test(v)) {
    try {
      const url = new URL(v);
      return url.hostname && (url.pathname === '/' || url.pathname === '') ? null : 'a proxy URL has no path';
    } catch {
      return 'not a valid proxy URL';
    }
  }
  return 'an IP address (e.g. 203.0.113.7) or an http(s):// proxy URL';
}

/** A tunnel through an HTTP(S) proxy: CONNECT host:port, then the request (TLS for an https target). */
class ProxyTunnelAgent extends http.Agent {
  constructor(
    private readonly proxy: URL,
    private readonly secureTarget: boolean,
  ) {
    super({ keepAlive: false });
    // ClientRequest checks the agent's protocol against the URL's.
    Object.assign(this, { protocol: secureTarget ? 'https:' : 'http:', defaultPort: secureTarget ? 443 : 80 });
  }

  override createConnection(
    options: http.ClientRequestArgs & { servername?: string },
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const done = (err: Error | null, socket?: Duplex) => callback?.(err, socket as Duplex);
    const port = Number(this.proxy.port) || (this.proxy.protocol === 'https:' ? 443 : 80);
    const target = `${options.host ?? options.hostname ?? 'localhost'}:${options.port ?? (this.secureTarget ? 443 : 80)}`;
    const toProxy: net.Socket =
      this.proxy.protocol === 'https:'
        ? tls.connect({ host: this.proxy.hostname, port, servername: this.proxy.hostname })
        : net.connect({ host: this.proxy.hostname, port });
    const auth = this.proxy.username
      ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(this.proxy.username)}:${decodeURIComponent(this.proxy.password)}`).toString('base64')}\r\n`
      : '';
    const fail = (err: Error) => {
      toProxy.destroy();
      done(err);
    };
    toProxy.once('error', fail);
    toProxy.once(this.proxy.protocol === 'https:' ? 'secureConnect' : 'connect', () =>
      toProxy.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`),
    );
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      toProxy.off('data', onData);
      toProxy.off('error', fail);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
      if (status !== 200)
        return fail(new Error(`the order proxy ${this.proxy.host} refused the tunnel (${status || 'no answer'})`));
      if (!this.secureTarget) return done(null, toProxy);
      const secure = tls.connect({ socket: toProxy, servername: options.servername ?? String(options.host) });
      secure.once('secureConnect', () => done(null, secure));
      secure.once('error', (err) => done(err));
    };
    toProxy.on('data', onData);
    return undefined;
  }
}

const agents = new Map<string, http.Agent>();

/** The agent an order request to `target` takes on this route (kept, so connections are reused). */
export function routeAgent(route: OrderRoute, target: URL): http.Agent | undefined {
  if (!route) return undefined;
  const secure = target.protocol === 'https:';
  const key = `${secure} ${'localAddress' in route ? route.localAddress : route.proxy.href}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    agent =
      'localAddress' in route
        ? secure
          ? new https.Agent({ keepAlive: true, localAddress: route.localAddress })
          : new http.Agent({ keepAlive: true, localAddress: route.localAddress })
        : new ProxyTunnelAgent(route.proxy, secure);
    agents.set(key, agent);
  }
  return agent;
}

/** Words brokers use when an order comes from an address not registered with them. */
const UNREGISTERED_IP =
  /(unregistered ip|ip (address )?(is )?not (registered|whitelisted)|not whitelisted|register your ip|whitelist your (static )?ip|AG7002)/i;

/** True when a broker's refusal says the order came from an address not registered with it. */
export const refusedForIp = (reason: string | null | undefined): boolean => UNREGISTERED_IP.test(reason ?? '');

/** Prefix of the reason an order refused for its source address carries (the readiness verdict reads it). */
export const IP_NOT_REGISTERED = 'IP not registered';
