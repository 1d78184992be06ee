/** A plain HTTP client for a running server: one session cookie, the real captcha solved in Node. */
import type { Challenge } from 'altcha-lib';
import { solve } from '@tests/support/captcha';

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

export class ApiClient {
  private cookie = '';

  constructor(public url: string) {}

  /** The Cookie header this client sends (empty before login). */
  get cookieHeader(): string {
    return this.cookie;
  }

  /** Every request gives up after `timeoutMs`: a hung request fails the test instead of the run. */
  async request(pathname: string, init: { method?: string; json?: unknown; timeoutMs?: number } = {}): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${pathname}`, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
    const setCookie = res.headers.getSetCookie()[0];
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body, ms: performance.now() - started };
  }

  async get<T>(pathname: string): Promise<T> {
    const answer = await this.request(pathname);
    if (answer.status !== 200)
      throw new Error(`GET ${pathname} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  }

  async login(email: string, password: string): Promise<void> {
    const challenge = await this.get<Challenge>('/api/captcha');
    const answer = await this.request('/api/login', {
      json: { email, password, captcha: await solve(challenge) },
      timeoutMs: 60_000,
    });
    if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}
