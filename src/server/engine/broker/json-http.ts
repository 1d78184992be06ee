/** JSON over HTTP for the brokers reached through their documented REST APIs (no maintained client). */

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
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    throw new Unreachable(err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${init.timeoutMs} ms` : String((err as Error).message ?? err));
  }
  const text = await res.text().catch(() => '');
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new Unreachable(`HTTP ${res.status} without a JSON answer`);
  }
}
