/** HTTP status names, the API's error type and the checks every input goes through (NUL characters, JSON depth). */
import type { Context } from 'hono';
import { z } from 'zod';
import { DomainError } from '../lib/domain-error';

export const STATUS = {
  OK: 200,
  CREATED: 201,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

/** Thrown anywhere in a handler; app.ts turns it into `{error, fields?}` JSON with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The 429 of a rate limit: "Too many <what>, try again in N minutes", with Retry-After in seconds. */
export function tooMany(c: Context, retryAfterSeconds: number, what: string) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return c.json(
    { error: `Too many ${what}, try again in ${minutes} minute${minutes === 1 ? '' : 's'}` },
    STATUS.TOO_MANY_REQUESTS,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Arrays and objects may nest this deep in a body; real payloads nest two or three levels. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`. One pass over the characters
 * (strings skipped), run before JSON.parse so an absurd body costs no parse and no walk.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

interface Visit {
  item: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, lastKey?: string): string[] {
  const keys = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/**
 * Where the first NUL character sits in a parsed value (PostgreSQL text cannot hold one), or null.
 * A loop over each value once: every visit points at its parent, and a path is spelt out only for
 * the value that fails (copying it per level made a deeply nested body cost the square of its depth).
 */
function nulCharacterPath(value: unknown): string[] | null {
  const pending: Visit[] = [{ item: value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { item } = visit;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return pathOf(visit);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return pathOf(visit, key);
        pending.push({ item: child, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * An input checked as every input is: first for a NUL character anywhere (a key or a string; the
 * failure names its path), then by the schema. Shared by parseWith and the routes' validators
 * (validation.ts), so both refuse alike.
 */
export function safeParseInput<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const nul = nulCharacterPath(value);
  if (nul !== null) {
    const error = new z.ZodError([
      { code: 'custom', path: nul, message: 'Must not contain a NUL character', input: undefined },
    ]);
    return { success: false, error: error as z.ZodError<z.output<S>> };
  }
  return z.safeParse(schema, value);
}

/** The refusal of an invalid input: `Invalid body: a, b.c` with the first message of each field at fault. */
export function invalidInput(what: string, error: z.core.$ZodError): DomainError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '(body)';
    fields[key] ??= issue.message;
  }
  return new DomainError('invalid', `Invalid ${what}: ${Object.keys(fields).join(', ')}`, fields);
}

/**
 * A value parsed with a schema, or a DomainError('invalid') (400 `{ error, fields }`). For what is not
 * a route's input as received: a second, narrower parse in a handler, or a service's own input.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = safeParseInput(schema, value);
  if (!result.success) throw invalidInput(what, result.error);
  return result.data;
}
