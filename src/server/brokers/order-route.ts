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
import { bare, proxyAddress, refusedLocalAddress, type OrderRouteGuard } from './order-route-guard';

/**
 * A route: a local address to bind, or a proxy URL (its host checked again at each connection);
 * `refused`: the account's override may not be used (orders fail, naming why); none: the operating
 * system's choice.
 */
export type OrderRoute = { localAddress: string } | { proxy: URL; guard: OrderRouteGuard } | { refused: string } | null;

/** An http(s):// proxy URL rather than an IP address (its form checked by invalidOrderRoute). */
export const isProxyUrl = (value: string) => /^https?:\/\//i.test(value);

/**
 * An account's override (an IP address or an http(s):// proxy URL), checked, or the server's
 * address (the operator's BROKER_SOURCE_ADDRESS, not checked), as a route.
 */
export function orderRouteOf(
  override: string | null | undefined,
  serverAddress: string | null | undefined,
  guard: OrderRouteGuard,
): OrderRoute {
  const own = (override ?? '').trim();
  if (own) {
    const refused = invalidOrderRoute(own) ?? (isProxyUrl(own) ? null : refusedLocalAddress(own, guard));
    if (refused) return { refused };
    return isProxyUrl(own) ? { proxy: new URL(own), guard } : { localAddress: own };
  }
  const server = (serverAddress ?? '').trim();
  return server ? { localAddress: server } : null;
}

/** What the readiness board shows: the address (or proxy) an account's orders leave from. */
export function describeOrderRoute(route: OrderRoute): string {
  if (!route) return 'any (BROKER_SOURCE_ADDRESS not set)';
  if ('localAddress' in route) return route.localAddress;
  if ('refused' in route) return `refused: ${route.refused}`;
  return `proxy ${route.proxy.protocol}//${route.proxy.host}`;
}

/**
 * The override as typed by the superadmin: an IPv4 or IPv6 address, or an http(s) proxy URL
 * (credentials allowed in it). Answers the error text, or null when valid.
 */
export function invalidOrderRoute(value: string): string | null {
  const v = value.trim();
  if (net.isIP(v)) return null;
  if (isProxyUrl(v)) {
    try {
      const url = new URL(v);
      return url.hostname && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash
        ? null
        : 'a proxy URL has no path';
    } catch {
      return 'not a valid proxy URL';
    }
  }
  return 'an IP address (e.g. 203.0.113.7) or an http(s):// proxy URL';
}

/** Why the superadmin may not set this route's override (its form, or where it would connect), or null. */
export async function refusedOrderRoute(route: OrderRoute): Promise<string | null> {
  if (!route || !('proxy' in route)) return route && 'refused' in route ? route.refused : null;
  const checked = await proxyAddress(route.proxy, route.guard);
  return 'refused' in checked ? checked.refused : null;
}

type Done = (err: Error | null, stream?: Duplex) => void;

/** An agent whose connections are made by `connect`, for an http or https target alike. */
abstract class RouteAgent extends http.Agent {
  constructor(protected readonly secureTarget: boolean) {
    super({ keepAlive: false });
    // ClientRequest checks the agent's protocol against the URL's.
    Object.assign(this, { protocol: secureTarget ? 'https:' : 'http:', defaultPort: secureTarget ? 443 : 80 });
  }

  protected abstract connect(options: http.ClientRequestArgs & { servername?: string }, done: Done): void;

  override createConnection(
    options: http.ClientRequestArgs & { servername?: string },
    callback?: (err: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    this.connect(options, (err, socket) => callback?.(err, socket as Duplex));
    return undefined;
  }
}

/** A refused route: every order request fails, saying why (defence in depth behind the API's check). */
class RefusedRouteAgent extends RouteAgent {
  constructor(
    private readonly reason: string,
    secureTarget: boolean,
  ) {
    super(secureTarget);
  }

  protected connect(_options: unknown, done: Done): void {
    done(new Error(`order route refused: ${this.reason}`));
  }
}

/**
 * A tunnel through an HTTP(S) proxy: CONNECT host:port, then the request (TLS for an https
 * target). The proxy's host is resolved and checked first, and the connection goes to the
 * address checked.
 */
class ProxyTunnelAgent extends RouteAgent {
  constructor(
    private readonly proxy: URL,
    private readonly guard: OrderRouteGuard,
    secureTarget: boolean,
  ) {
    super(secureTarget);
  }

  protected connect(options: http.ClientRequestArgs & { servername?: string }, done: Done): void {
    // A throw while opening the tunnel (e.g. a malformed %-escape in the credentials) fails this request only.
    proxyAddress(this.proxy, this.guard)
      .then((checked) =>
        'refused' in checked
          ? done(new Error(`order route refused: ${checked.refused}`))
          : this.tunnel(checked.address, options, done),
      )
      .catch((err: Error) => done(err));
  }

  private tunnel(address: string, options: http.ClientRequestArgs & { servername?: string }, done: Done): void {
    const port = Number(this.proxy.port) || (this.proxy.protocol === 'https:' ? 443 : 80);
    const target = `${options.host ?? options.hostname ?? 'localhost'}:${options.port ?? (this.secureTarget ? 443 : 80)}`;
    const name = bare(this.proxy.hostname);
    // Before the socket exists: a malformed escape throws here, with nothing left open.
    const auth = this.proxy.username
      ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(this.proxy.username)}:${decodeURIComponent(this.proxy.password)}`).toString('base64')}\r\n`
      : '';
    const toProxy: net.Socket =
      this.proxy.protocol === 'https:'
        ? tls.connect({ host: address, port, servername: net.isIP(name) ? undefined : name })
        : net.connect({ host: address, port });
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
  }
}

/** Agents binding a local address, kept so their connections are reused. */
const localAgents = new Map<string, http.Agent>();

/** The agent an order request to `target` takes on this route. */
export function routeAgent(route: OrderRoute, target: URL): http.Agent | undefined {
  if (!route) return undefined;
  const secure = target.protocol === 'https:';
  if ('refused' in route) return new RefusedRouteAgent(route.refused, secure);
  if ('proxy' in route) return new ProxyTunnelAgent(route.proxy, route.guard, secure);
  const key = `${secure} ${route.localAddress}`;
  let agent = localAgents.get(key);
  if (agent === undefined) {
    const options = { keepAlive: true, localAddress: route.localAddress };
    agent = secure ? new https.Agent(options) : new http.Agent(options);
    localAgents.set(key, agent);
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
