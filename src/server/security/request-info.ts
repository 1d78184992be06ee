/**
 * What the server knows about where a request came from. Forwarded headers are believed only from
 * a connection whose peer is a proxy TRUST_PROXY names (the one that sets them); a client reaching
 * the port directly could forge them.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { trustedProxies, type TrustedProxies } from './trusted-proxies';

const proxyLists = new WeakMap<readonly string[], TrustedProxies>();

/** The connection's peer address; undefined for a request made in-process (the API tests call the app directly). */
function peerAddress(c: Context<AppEnv>): string | undefined {
  // @hono/node-server passes the Node request as env.incoming.
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/** Whether this request's forwarded headers are believed: it came through a proxy TRUST_PROXY names. */
function viaTrustedProxy(c: Context<AppEnv>): boolean {
  const entries = c.get('deps').env.TRUST_PROXY;
  if (!entries.length) return false;
  const peer = peerAddress(c);
  if (peer === undefined) return true;
  let proxies = proxyLists.get(entries);
  if (!proxies) proxyLists.set(entries, (proxies = trustedProxies(entries)));
  return proxies.has(peer);
}

function lastListValue(header: string | undefined): string | undefined {
  const value = header?.split(',').at(-1)?.trim();
  return value || undefined;
}

export function isHttps(c: Context<AppEnv>): boolean {
  if (viaTrustedProxy(c)) {
    const forwarded = lastListValue(c.req.header('x-forwarded-proto'));
    if (forwarded) return forwarded.toLowerCase() === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** scheme://host[:port] as the browser sees this server. */
export function ownOrigin(c: Context<AppEnv>): string {
  const forwardedHost = viaTrustedProxy(c) ? lastListValue(c.req.header('x-forwarded-host')) : undefined;
  const host = forwardedHost ?? c.req.header('host') ?? new URL(c.req.url).host;
  return `${isHttps(c) ? 'https' : 'http'}://${host}`.toLowerCase();
}

/** The peer address; through a trusted proxy, the address the proxy appended to X-Forwarded-For. */
export function clientIp(c: Context<AppEnv>): string {
  if (viaTrustedProxy(c)) {
    const forwarded = lastListValue(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  return peerAddress(c) ?? 'unknown';
}

/** `/api` and everything under it: JSON answers, never the client app. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
