/** JSON over HTTP for the brokers reached through their documented REST APIs (no maintained client). */
import http from 'node:http';
import https from 'node:https';
import { BrokerError } from './adapter';

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The broker could not be reached: the network failed, the call timed out, or the answer was not JSON. */
export class Unreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Unreachable';
  }
}

export async function jsonCall(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown; timeoutMs: number; agent?: http.Agent },
): Promise<JsonAnswer> {
  if (init.agent) return jsonCallVia(url, { ...init, agent: init.agent });
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    throw new Unreachable(
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${init.timeoutMs} ms`
        : String((err as { message?: unknown }).message ?? err),
    );
  }
  const text = await res.text().catch(() => '');
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new Unreachable(`HTTP ${res.status} without a JSON answer`);
  }
}

/**
 * The same call through an agent (an order request leaving from its registered address, or through
 * the account's proxy): node's http client, which binds a local address and tunnels; fetch does neither.
 */
function jsonCallVia(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown; timeoutMs: number; agent: http.Agent },
): Promise<JsonAnswer> {
  const target = new URL(url);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: init.method,
        agent: init.agent,
        headers: {
          accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...init.headers,
        },
        timeout: init.timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            reject(new Unreachable(`HTTP ${res.statusCode} without a JSON answer`));
          }
        });
        res.on('error', (err) => reject(new Unreachable(err.message)));
      },
    );
    req.on('timeout', () => req.destroy(new Unreachable(`no answer within ${init.timeoutMs} ms`)));
    req.on('error', (err) => reject(err instanceof Unreachable ? err : new Unreachable(err.message)));
    req.end(body);
  });
}

/** What a broker's answer means when it is not a success. */
export type BrokerFailure = { kind: 'token' | 'refused' | 'unreachable'; message: string };

/**
 * One call as the REST adapters make it: the broker's answer is read by `failureOf`; a refusal or a
 * dead session is a BrokerError, no answer (network, timeout, 429, 5xx) an Error; `retry` (reads
 * only) tries once more when the broker could not be reached. Answers the success's body.
 */
export async function brokerCall(
  broker: string,
  send: () => Promise<JsonAnswer>,
  failureOf: (answer: JsonAnswer) => BrokerFailure | null,
  retry: boolean,
): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    let failure: BrokerFailure | null;
    let answer: JsonAnswer | undefined;
    try {
      answer = await send();
      failure = failureOf(answer);
    } catch (err) {
      if (!(err instanceof Unreachable)) throw err;
      failure = { kind: 'unreachable', message: `${broker} could not be reached: ${err.message}` };
    }
    if (!failure) return answer!.body;
    if (failure.kind === 'unreachable' && retry && attempt === 1) continue;
    if (failure.kind === 'unreachable') throw new Error(failure.message);
    throw new BrokerError(failure.message);
  }
}
