/**
 * The routes' input validators, as route middleware: jsonBody(schema) and queryParams(schema) on
 * @hono/zod-validator, pathIds(...names) on Hono's own validator. A handler reads what passed with
 * c.req.valid('json' | 'query' | 'param'), typed by the schema:
 *
 *   routes.post('/members/:id', requireSuperadmin, pathIds('id'), jsonBody(memberBodySchema), async (c) => {
 *     const { id } = c.req.valid('param');
 *     const body = c.req.valid('json');
 *
 * Put them in the order the checks must answer in (after the guards, before anything a refused input
 * must not reach). Every input is checked by safeParseInput (http.ts: NUL characters, then the
 * schema) and refused by the one hook below, as a DomainError: 400 `{ error: 'Invalid body: a, b',
 * fields }` (app.ts). parseWith (http.ts) stays for second, narrower parses and services' inputs.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ApiError, invalidInput, jsonNestsDeeperThan, MAX_JSON_DEPTH, safeParseInput, STATUS } from './api-errors';
import { INT_LIMIT } from '../services/column-limits';

/** How a refusal names each input (`Invalid body: ...`, `Invalid query: ...`). */
const INPUT_NAMES: Partial<Record<keyof ValidationTargets, string>> = { json: 'body', query: 'query' };

/** The one hook: an input that failed its checks is refused with the fields at fault. */
function refuseInvalid(
  result: ({ success: true } | { success: false; error: z.core.$ZodError }) & { target: keyof ValidationTargets },
): void {
  if (!result.success) throw invalidInput(INPUT_NAMES[result.target] ?? result.target, result.error);
}

/**
 * The JSON media types: application/json with any parameters (the API's answer to anything else is
 * 415), and only those Hono's json validator reads too (`application/json+json` and the like): a
 * type it does not read, such as `application/jsonx`, would reach the schema as an empty object.
 */
const JSON_MEDIA_TYPE = /^application\/json(?:[\w.-]*\+json)?$/;

/**
 * What the body must be before Hono parses it: JSON by its content type (415), nested no deeper than
 * MAX_JSON_DEPTH (checked on the text, so an absurd body costs no parse) and well-formed (400). The
 * text is read once: Hono keeps it, and the validator's c.req.json() parses that copy.
 */
async function checkJsonText(c: Context): Promise<void> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(STATUS.UNSUPPORTED_MEDIA_TYPE, 'Expected a JSON body (Content-Type: application/json)');
  }
  const text = await c.req.text();
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(STATUS.BAD_REQUEST, `JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    JSON.parse(text);
  } catch {
    throw new ApiError(STATUS.BAD_REQUEST, 'Malformed JSON body');
  }
}

/**
 * safeParseInput as zValidator's validationFunction. Its type for the result depends on whether the
 * schema is zod 3 or 4, which a generic schema leaves open, so the function is cast (the validator
 * only reads success, data and error).
 */
function checkedBy<S extends z.core.$ZodType>(transform: (value: unknown) => unknown = (value) => value) {
  return {
    validationFunction: ((schema: S, value: unknown) => safeParseInput(schema, transform(value))) as (
      schema: S,
      value: unknown,
    ) => never,
  };
}

/** The JSON body, parsed with `schema`: c.req.valid('json'). */
export function jsonBody<S extends z.core.$ZodType>(schema: S) {
  const validate = zValidator('json', schema, refuseInvalid, checkedBy<S>());
  const checked: typeof validate = async (c, next) => {
    await checkJsonText(c);
    return validate(c, next);
  };
  return checked;
}

function firstValues(query: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query as Record<string, string | string[]>).map(([key, value]) => [
      key,
      Array.isArray(value) ? value[0] : value,
    ]),
  );
}

/**
 * The query string, parsed with `schema`: c.req.valid('query'). A key given twice counts once, its
 * first value (as c.req.query() reads it), so the schemas see strings only.
 */
export function queryParams<S extends z.core.$ZodType>(schema: S) {
  return zValidator('query', schema, refuseInvalid, checkedBy<S>(firstValues));
}

/** An id in a path: a positive whole number within PostgreSQL's integer, else 400 naming the parameter. */
function pathId(value: string | undefined, name: string): number {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > INT_LIMIT) {
    throw new ApiError(STATUS.BAD_REQUEST, `Invalid path parameter: ${name}`, {
      [name]: `${name} must be a positive whole number`,
    });
  }
  return Number(value);
}

/**
 * The ids in the path, named in the order they are checked (the first bad one is refused):
 * c.req.valid('param'), numbers. Hono's own validator: the path's ids have their own refusal.
 */
export function pathIds<const N extends string>(...names: N[]) {
  return validator('param', (params: Record<string, string | undefined>) => {
    const ids = {} as Record<N, number>;
    for (const name of names) ids[name] = pathId(params[name], name);
    return ids;
  });
}
