/**
 * The spec's fetch helper (section 7): refuses when offline, and on status 400 or above raises an
 * HttpError carrying the status and response text ("HTTP error {status}: {body}"). Every call of
 * the app goes through here. Offline is the browser's flag or a server that did not answer (a
 * fetch that throws, or no answer in time, see online.ts): either way the caller gets an
 * OfflineError ("Offline"), and writes are refused until the server answers again.
 */
import { MSG } from '@shared/messages';
import { isOnline, reportServerOutcome } from './online';

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

/** No answer (headers) in this time is a network failure; a body being sent (an upload) gets longer. */
export const ANSWER_TIMEOUT_MS = 15_000;
export const UPLOAD_TIMEOUT_MS = 60_000;

const isRead = (init: RequestInit) => (init.method ?? 'GET').toUpperCase() === 'GET';

/** The caller's signal (a query's cancel) and the answer timeout, as one signal. */
function answerDeadline(signal: AbortSignal | null | undefined, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('No answer in time', 'TimeoutError'));
  }, ms);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return {
    signal: controller.signal,
    /** Stops the clock; true when it had run out. */
    end: () => {
      clearTimeout(timer);
      return expired;
    },
  };
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  if (sessionEnding && (await sessionEnding)) throw new DOMException('The session has ended', 'AbortError');
  // Reads still go while the server is unreachable (any answer ends it); writes are refused.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new OfflineError();
  if (!isRead(init) && !isOnline()) throw new OfflineError();
  const headers = new Headers(init.headers);
  // A FormData body gets its multipart content-type (with the boundary) from fetch itself.
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const deadline = answerDeadline(init.signal, init.body === undefined ? ANSWER_TIMEOUT_MS : UPLOAD_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...init, headers, signal: deadline.signal });
  } catch (err) {
    // fetch rejects with a TypeError when the server cannot be reached; the caller's abort is a
    // DOMException that stays one, our timeout is a network failure.
    if (deadline.end() || err instanceof TypeError) {
      reportServerOutcome('network-error');
      throw new OfflineError();
    }
    throw err;
  }
  deadline.end();
  reportServerOutcome(res);
  if (res.status >= 400) throw new HttpError(res.status, await res.text());
  return res;
}

/** The API's JSON error answer (`{ error, fields }`, unchecked), or null when the body is not a JSON object. */
export function apiErrorBody(body: string): { error?: unknown; fields?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

/** The server's own error text (its `{error}` JSON, else the raw body), or `fallback` when it sent none. */
export function serverErrorText(body: string, fallback: string): string {
  const error = apiErrorBody(body)?.error;
  return typeof error === 'string' ? error : body.trim() || fallback;
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
