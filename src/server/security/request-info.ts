/**
 * What the server knows about where a request came from. Forwarded headers are believed only with
 * TRUST_PROXY (one reverse proxy in front that sets them); otherwise a client could forge them.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';

function lastListValue(header: string | undefined): string | undefined {
  const value = header?.split(',').at(-1)?.trim();
  return value || undefined;
}

export function isHttps(c: Context<AppEnv>): boolean {
  if (c.get('deps').env.TRUST_PROXY) {
    const forwarded = lastListValue(c.req.header('x-forwarded-proto'));
    if (forwarded) return forwarded.toLowerCase() === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}

/** scheme://host[:port] as the browser sees this server. */
export function ownOrigin(c: Context<AppEnv>): string {
  const forwardedHost = c.get('deps').env.TRUST_PROXY ? lastListValue(c.req.header('x-forwarded-host')) : undefined;
  const host = forwardedHost ?? c.req.header('host') ?? new URL(c.req.url).host;
  return `${isHttps(c) ? 'https' : 'http'}://${host}`.toLowerCase();
}

/** The peer address; with TRUST_PROXY, the address the proxy appended to X-Forwarded-For. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').env.TRUST_PROXY) {
    const forwarded = lastListValue(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  // @hono/node-server passes the Node request as env.incoming; absent in in-process tests.
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/** `/api` and everything under it: JSON answers, never the client app. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
