/**
 * A request id on every request: a sane incoming X-Request-Id (a proxy's, a client's) is kept,
 * else a random UUID is made; it is echoed in the answer's X-Request-Id and carried by every log
 * line written while the request is handled (the logger's mixin reads it from the request's
 * async context: Hono's context-storage). Hono's requestId middleware keeps an incoming id only
 * of [A-Za-z0-9_=-]: nothing a log line or a header could be forged with.
 */
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { contextStorage, tryGetContext } from 'hono/context-storage';
import { requestId, type RequestIdVariables } from 'hono/request-id';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Longer incoming ids are replaced (a UUID is 36 characters; a tracing id rarely passes 64). */
const MAX_INCOMING_LENGTH = 64;

export const requestIds: MiddlewareHandler = every(
  contextStorage(),
  requestId({ headerName: REQUEST_ID_HEADER, limitLength: MAX_INCOMING_LENGTH }),
);

/** The id of the request being handled, for a log line; nothing outside a request (the engine's ticks). */
export function requestLogFields(): { requestId?: string } {
  const id = tryGetContext<{ Variables: Partial<RequestIdVariables> }>()?.var.requestId;
  return id ? { requestId: id } : {};
}
