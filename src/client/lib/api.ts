/**
 * The spec's fetch helper (section 7): refuses when the browser is offline, and on status 400 or
 * above raises an HttpError carrying the status and response text ("HTTP error {status}: {body}").
 * Every call of the app goes through here.
 */
import { MSG } from '../../shared/messages';
import { reportServerOutcome } from './online';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(MSG.httpError(status, body));
    this.name = 'HttpError';
  }
}

export class OfflineError extends Error {
  constructor() {
    super(MSG.offline);
    this.name = 'OfflineError';
  }
}

/** The logout in flight, if any: see whileEndingSession. */
let sessionEnding: Promise<boolean> | null = null;

/**
 * Runs a logout. A request a page starts meanwhile waits for it, and is not sent once the session
 * has ended (it could only come back as a 401); when the logout fails it goes ahead.
 */
export async function whileEndingSession<T>(end: () => Promise<T>): Promise<T> {
  const run = end();
  sessionEnding = run.then(
    () => true,
    () => false,
  );
  try {
    return await run;
  } finally {
    sessionEnding = null;
  }
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  if (sessionEnding && (await sessionEnding)) throw new DOMException('The session has ended', 'AbortError');
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflineError();
  const headers = new Headers(init.headers);
  // A FormData body gets its multipart content-type (with the boundary) from fetch itself.
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch (err) {
    // fetch rejects with a TypeError when the server cannot be reached (an abort is a DOMException).
    if (err instanceof TypeError) reportServerOutcome('network-error');
    throw err;
  }
  reportServerOutcome(res);
  if (res.status >= 400) throw new HttpError(res.status, await res.text());
  return res;
}

/** The server's own error text (its `{error}` JSON, else the raw body), or `fallback` when it sent none. */
export function serverErrorText(body: string, fallback: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string') {
      return (parsed as { error: string }).error;
    }
  } catch {
    // not JSON: the body itself is the message
  }
  return body.trim() || fallback;
}

/** GET (or any method) returning parsed JSON. */
export async function apiJson<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await apiFetch(path, init);
  return (await res.json()) as T;
}

/** JSON body helper for writes. */
export function jsonBody(method: 'POST' | 'PUT' | 'DELETE', body?: unknown): RequestInit {
  return { method, body: body === undefined ? undefined : JSON.stringify(body) };
}
