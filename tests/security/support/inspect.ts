/**
 * Every response the security suite sees goes through `inspect`: security headers and the CSP,
 * `Cache-Control: no-store` on API answers, a JSON `{error}` on every 4xx/5xx, never a stack trace
 * or a source path. It also counts requests, for the suite's report.
 */
import { expect } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../support/content-security-policy';

/**
 * API answers allowed to be stored by the browser: the instrument list (public NSE market data,
 * megabytes) is revalidated with an ETag, `private` so no shared cache keeps it.
 */
const REVALIDATED_API_READS = new Set(['GET /api/admin/nse/bhav-copy']);

/** A V8 stack frame, or a path into the code or its dependencies. */
const LEAK = /(^|\n)\s*at \S+ \(|\bat (async )?\S+ \(?\/|\/src\/(server|shared|client)\/|node_modules|\.ts:\d+:\d+/;

export const stats = { requests: 0 };

export interface Inspected {
  status: number;
  text: string;
  /** Parsed body when it is JSON. */
  json: unknown;
  headers: Headers;
}

function expectSecurityHeaders(res: Response, where: string) {
  const h = res.headers;
  expect(h.get('content-security-policy'), where).toBe(CONTENT_SECURITY_POLICY);
  const csp = CONTENT_SECURITY_POLICY;
  // The policy itself: no inline or eval'd script, no framing, no plugins.
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(h.get('x-content-type-options'), where).toBe('nosniff');
  expect(h.get('x-frame-options'), where).toBe('DENY');
  expect(h.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(h.get('cross-origin-opener-policy'), where).toBe('same-origin');
  expect(h.get('permissions-policy'), where).toContain('camera=()');
  // No CORS: another site's script can never read an answer, with or without credentials.
  expect(h.get('access-control-allow-origin'), where).toBeNull();
  expect(h.get('access-control-allow-credentials'), where).toBeNull();
}

/** Reads the response once and checks everything every answer must satisfy. */
export async function inspect(
  res: Response,
  where: string,
  options: { serverError?: 'allowed' } = {},
): Promise<Inspected> {
  stats.requests++;
  const text = await res.text();
  const url = new URL(where.replace(/^[A-Z]+ /, ''), 'http://x');
  const label = `${where} -> ${res.status} ${text.slice(0, 300)}`;
  expectSecurityHeaders(res, label);
  if (options.serverError !== 'allowed') expect(res.status, label).toBeLessThan(500);
  expect(text, `${label}: leaks a stack trace or a source path`).not.toMatch(LEAK);
  const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
  // A HEAD answer has the GET answer's headers and no body.
  const hasBody = !where.startsWith('HEAD ');
  let json: unknown = undefined;
  if (hasBody && (res.headers.get('content-type') ?? '').startsWith('application/json')) json = JSON.parse(text);
  if (isApi) {
    const cache = res.headers.get('cache-control');
    const read = `${hasBody ? where.split(' ')[0] : 'GET'} ${url.pathname}`;
    if (REVALIDATED_API_READS.has(read) && res.status < 400) expect(cache, label).toBe('private, no-cache');
    else expect(cache, label).toBe('no-store');
    if (res.status >= 400) expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
    if (hasBody && res.status >= 400 && res.status < 500)
      expect(typeof (json as { error?: unknown } | undefined)?.error, label).toBe('string');
  }
  return { status: res.status, text, json, headers: res.headers };
}
