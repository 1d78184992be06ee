/**
 * The HTTP side shared by the local broker servers that speak JSON (Fyers, Upstox): body parsing
 * (JSON or a form), the request log, a rate limit per Authorization header answered with the
 * broker's own 429, injected failures and delays, the registered redirect URL (PUT
 * /_fake/redirect-url, for browser tests in other processes), and the broker's login page with a
 * button that comes back to the app. Each fake keeps its own routes and wire format.
 *
 * As strict as the brokers since 1 April 2026 (SEBI's retail algo framework): an order request
 * (the fake says which requests are) from a source address not registered with the broker is
 * refused with the broker's answer (`unregisteredIp`), and more than the documented order rate for
 * one user in a second (`ordersPerSecond`, 10 unless the fake says otherwise) is answered with the
 * broker's 429. Registered addresses default to 127.0.0.1; `registerAddresses` changes them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export type Answer = { status: number; body: unknown; gzip?: boolean; csv?: boolean };

export interface ParsedRequest {
  method: string;
  path: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  query: Record<string, string>;
  /** The socket's source address (the IP the broker sees). */
  remoteAddress: string;
}

export interface FakeBrokerHttp {
  root: string;
  /** Every API request as received, `at` in performance.now() milliseconds, with its source address. */
  requests: (Omit<ParsedRequest, 'url'> & { at: number })[];
  /** The source addresses registered with the broker: order requests from others are refused. */
  registerAddresses(addresses: readonly string[]): void;
  /** Order requests refused for their source address, over the order rate, or (Upstox) their market protection or Algo Name, so far. */
  refusals: { reason: 'ip' | 'rate' | 'market_protection' | 'algo_name'; remoteAddress: string; path: string }[];
  /** The next request gets this answer instead (status and body), or waits `delayMs` first. */
  failNext(answer: { status: number; body?: unknown; delayMs?: number }): void;
  /**
   * While set, every market-data (quote/LTP) request gets this answer (the body defaults to the
   * broker's failure): its prices stop, as in an outage of its market data. null: answered again.
   */
  quotesDown(answer: { status: number; body?: unknown } | null): void;
  /** At most this many requests a second per access token, else the broker's 429. */
  limitRate(perSecond: number): void;
  readonly rateLimited: number;
  redirectUrl(): string;
  setRedirectUrl(url: string): void;
  close(): Promise<void>;
}

export interface FakeBrokerOptions {
  route(req: ParsedRequest): Answer;
  /** A page outside the API (the login page and its redirect); true when it answered. */
  page?(req: ParsedRequest, res: http.ServerResponse): boolean;
  rateLimited: Answer;
  /** The body of an injected failure that names none. */
  failure: unknown;
  /** Whose request it is, for the rate limit (default: its Authorization header). */
  who?(headers: http.IncomingHttpHeaders): string;
  /** Whether the request places, modifies or cancels an order (checked against the registered addresses and the order rate). */
  isOrderRequest(req: ParsedRequest): boolean;
  /** Whether the request asks for last prices (its quote/LTP API): what `quotesDown` fails. */
  isQuoteRequest(req: ParsedRequest): boolean;
  /** The broker's refusal of an order request from an unregistered address. */
  unregisteredIp(remoteAddress: string): Answer;
  /** The broker's documented order requests a second per user (default 10). */
  ordersPerSecond?: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A broker's login page: one button sending `fields` on to `action`. */
export function loginPage(broker: string, action: string, fields: Record<string, string>): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${broker} login</title></head><body>
<main><h1>${broker}</h1><form method="get" action="${action}">
${Object.entries(fields)
  .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
  .join('')}
<button type="submit">Log in to ${broker}</button></form></main></body></html>`;
}

/** A member on the login page: it shows, they press the button; answers the broker's redirect back to the app. */
export async function pressLogIn(
  broker: string,
  loginUrl: string,
  root: string,
  action: string,
  fields: string[],
): Promise<URL> {
  const page = await fetch(loginUrl);
  const html = await page.text();
  if (page.status !== 200 || !html.includes(`Log in to ${broker}`))
    throw new Error(`${broker}'s login page answered ${page.status}: ${html}`);
  const finish = new URL(action, root);
  const given = new URL(loginUrl).searchParams;
  for (const k of fields) finish.searchParams.set(k, given.get(k) ?? '');
  const redirect = await fetch(finish, { redirect: 'manual' });
  if (redirect.status !== 302) throw new Error(`${broker}'s login answered ${redirect.status}`);
  return new URL(redirect.headers.get('location')!);
}

/** A fake's own controls together with the shared HTTP ones (getters kept). */
export function withBrokerHttp<T extends object>(server: FakeBrokerHttp, own: T): T & FakeBrokerHttp {
  return Object.defineProperties(own, Object.getOwnPropertyDescriptors(server)) as T & FakeBrokerHttp;
}

export async function serveFakeBroker(options: FakeBrokerOptions): Promise<FakeBrokerHttp> {
  let redirectUrl = 'http://127.0.0.1/redirect-not-registered';
  const requests: FakeBrokerHttp['requests'] = [];
  const failures: { status: number; body?: unknown; delayMs?: number }[] = [];
  const recent = new Map<string, number[]>();
  let ratePerSecond = Infinity;
  let rateLimited = 0;
  let registered = new Set(['127.0.0.1']);
  const refusals: FakeBrokerHttp['refusals'] = [];
  const orderTimes = new Map<string, number[]>();
  let quotesDown: { status: number; body?: unknown } | null = null;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://broker.local');
      const answer = (r: Answer) =>
        r.gzip
          ? res
              .writeHead(r.status, { 'content-type': 'application/octet-stream' })
              .end(gzipSync(JSON.stringify(r.body)))
          : r.csv
            ? res.writeHead(r.status, { 'content-type': 'text/csv' }).end(String(r.body))
            : res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
      let body: Record<string, unknown> = {};
      try {
        const form = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
        body = !raw
          ? {}
          : form
            ? Object.fromEntries(new URLSearchParams(raw))
            : (JSON.parse(raw) as Record<string, unknown>);
      } catch {
        return answer({ status: 400, body: options.failure });
      }
      const parsed: ParsedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        url,
        headers: req.headers,
        body,
        query: Object.fromEntries(url.searchParams),
        remoteAddress: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      };
      if (req.method === 'PUT' && url.pathname === '/_fake/redirect-url') {
        redirectUrl = new URL(raw).toString();
        return res.writeHead(204).end();
      }
      if (req.method === 'GET' && options.page?.(parsed, res)) return;
      const { url: _url, ...logged } = parsed;
      requests.push({ ...logged, at: performance.now() });
      const who = options.who?.(req.headers) ?? req.headers.authorization ?? '';
      const now = performance.now();
      const mine = (recent.get(who) ?? []).filter((t) => now - t <= 1000);
      mine.push(now);
      recent.set(who, mine);
      if (mine.length > ratePerSecond) {
        rateLimited++;
        return answer(options.rateLimited);
      }
      if (options.isOrderRequest(parsed)) {
        if (!registered.has(parsed.remoteAddress)) {
          refusals.push({ reason: 'ip', remoteAddress: parsed.remoteAddress, path: parsed.path });
          return answer(options.unregisteredIp(parsed.remoteAddress));
        }
        const orders = (orderTimes.get(who) ?? []).filter((t) => now - t < 1000);
        orders.push(now);
        orderTimes.set(who, orders);
        if (orders.length > (options.ordersPerSecond ?? 10)) {
          rateLimited++;
          refusals.push({ reason: 'rate', remoteAddress: parsed.remoteAddress, path: parsed.path });
          return answer(options.rateLimited);
        }
      }
      if (quotesDown && options.isQuoteRequest(parsed))
        return answer({ status: quotesDown.status, body: quotesDown.body ?? options.failure });
      const injected = failures.shift();
      if (injected?.delayMs) return void setTimeout(() => answer(options.route(parsed)), injected.delayMs);
      if (injected) return answer({ status: injected.status, body: injected.body ?? options.failure });
      answer(options.route(parsed));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext: (answer) => void failures.push(answer),
    limitRate: (perSecond) => void (ratePerSecond = perSecond),
    quotesDown: (answer) => void (quotesDown = answer),
    registerAddresses: (addresses) => void (registered = new Set(addresses)),
    refusals,
    get rateLimited() {
      return rateLimited;
    },
    redirectUrl: () => redirectUrl,
    setRedirectUrl: (url) => void (redirectUrl = url),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
