/** Ids in admin paths: positive whole numbers within PostgreSQL's integer, else 400 naming the parameter. */
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { ApiError, STATUS } from '../../http';
import { INT_LIMIT } from '../../services/column-limits';

export function readId(c: Context<AppEnv>, name: string): number {
  const value = c.req.param(name) ?? '';
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > INT_LIMIT) {
    throw new ApiError(STATUS.BAD_REQUEST, `Invalid path parameter: ${name}`, { [name]: `${name} must be a positive whole number` });
  }
  return Number(value);
}

export function notFound(what: string): ApiError {
  return new ApiError(STATUS.NOT_FOUND, `${what} not found`);
}
