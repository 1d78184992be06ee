/**
 * Which push subscription endpoints the server will send to: the server makes an HTTPS request to
 * whatever URL a browser handed it, so an unchecked endpoint is a server-side request forgery
 * (requests to 127.0.0.1, the cloud's metadata address, the office network). Only https, and only
 * the public push services' hosts, unless PUSH_ALLOWED_ORIGINS lists the endpoint's exact origin.
 *
 * One parser decides: the endpoint is read with the WHATWG `new URL()` and must already be in its
 * normal form (its `href`), with a host of plain `[a-z0-9.-]`. Forms that other parsers read
 * differently (`https:/host/p`, `https:host/p`, a tab or a backslash, `%2e` in the host) are
 * refused, and the sender (push-notifier.ts) connects to this parsed URL's host, port and path,
 * never re-reading the string.
 */

/** Hosts of the browsers' push services (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

/** A host name of letters, digits, dots and hyphens only (an IPv4 address passes; origins decide). */
const PLAIN_HOST = /^[a-z0-9.-]+$/;

export function allowedOrigins(list: string | undefined): Set<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
  );
}

export type EndpointCheck = { ok: true; url: URL } | { ok: false; problem: string };

/** The endpoint parsed once, when the server may send to it; else why not. */
export function checkEndpoint(endpoint: string, extraOrigins: ReadonlySet<string>): EndpointCheck {
  const refuse = (problem: string): EndpointCheck => ({ ok: false, problem });
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse('endpoint must be a URL');
  }
  if (url.protocol !== 'https:') return refuse('endpoint must be an https:// URL');
  if (url.username || url.password) return refuse('endpoint must not carry credentials');
  // The raw text between "//" and the next "/", "?" or "#": what another parser would take as host.
  const rawHost = /^https:\/\/([^/?#]*)/i.exec(endpoint)?.[1];
  if (rawHost === undefined || rawHost.includes('%') || !PLAIN_HOST.test(url.hostname))
    return refuse('endpoint host must be a plain name (letters, digits, dots, hyphens)');
  if (url.href !== endpoint) return refuse(`endpoint must be written in its normal form (${url.href})`);
  if (extraOrigins.has(url.origin)) return { ok: true, url };
  if (url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) return { ok: true, url };
  return refuse("endpoint is not a known push service's address");
}

/** Null when the server may send to `endpoint`, else why not. */
export function endpointProblem(endpoint: string, extraOrigins: ReadonlySet<string>): string | null {
  const check = checkEndpoint(endpoint, extraOrigins);
  return check.ok ? null : check.problem;
}
