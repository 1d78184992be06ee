/** JSON over HTTP for the brokers reached through their documented REST APIs (no maintained client). */
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
  init: { method: string; headers?: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<JsonAnswer> {
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
