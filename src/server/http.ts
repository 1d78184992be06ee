/** HTTP status names, the API's error type and request parsing with the shared zod schemas. */
import type { Context } from 'hono';
import type { z } from 'zod';

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
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

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

function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '(body)';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Where the first NUL character sits in a parsed value (PostgreSQL text cannot hold one), or null.
 * A loop, not recursion: a body may nest thousands deep.
 */
function nulCharacterPath(value: unknown): string | null {
  const pending: [unknown, string[]][] = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path.join('.') || '(body)';
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return [...path, key].join('.');
        pending.push([child, [...path, key]]);
      }
    }
  }
  return null;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const nul = nulCharacterPath(value);
  if (nul !== null) throw new ApiError(STATUS.BAD_REQUEST, `Invalid ${what}: ${nul}`, { [nul]: 'Must not contain a NUL character' });
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new ApiError(STATUS.BAD_REQUEST, `Invalid ${what}: ${Object.keys(fields).join(', ')}`, fields);
  }
  return result.data;
}

/** Parses the JSON body; malformed JSON or a non-JSON content type is a 400/415, never a crash. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new ApiError(STATUS.UNSUPPORTED_MEDIA_TYPE, 'Expected a JSON body (Content-Type: application/json)');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(STATUS.BAD_REQUEST, 'Malformed JSON body');
  }
  return parseWith(schema, body, 'body');
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), 'query');
}

export function readParam<S extends z.ZodType>(c: Context, name: string, schema: S): z.infer<S> {
  return parseWith(schema, c.req.param(name), `path parameter ${name}`);
}
