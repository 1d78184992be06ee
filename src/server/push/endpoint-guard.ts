/**
 * Which push subscription endpoints the server will send to: the server makes an HTTPS request to
 * whatever URL a browser handed it, so an unchecked endpoint is a server-side request forgery
 * (requests to 127.0.0.1, the cloud's metadata address, the office network). Only https, and only
 * the public push services' hosts, unless PUSH_ALLOWED_ORIGINS lists the endpoint's exact origin.
 */

/** Hosts of the browsers' push services (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export function allowedOrigins(list: string | undefined): Set<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
  );
}

/** Null when the server may send to `endpoint`, else why not. */
export function endpointProblem(endpoint: string, extraOrigins: ReadonlySet<string>): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'endpoint must be an https:// URL';
  if (url.username || url.password) return 'endpoint must not carry credentials';
  if (extraOrigins.has(url.origin)) return null;
  if (url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))) return null;
  return "endpoint is not a known push service's address";
}
