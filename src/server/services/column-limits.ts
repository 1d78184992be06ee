/** Bounds of the numeric columns: a value beyond them is a 400 naming the field, never a database error. */
import { PG_INT_MAX } from '@shared/schemas/ids';
import { DomainError } from '../lib/domain-error';

/** numeric(18, 4) holds values below 10^14. */
export const MONEY_LIMIT = 1e13;
export const INT_LIMIT = PG_INT_MAX;

export function checkLimits(values: Record<string, number | null | undefined>, limit: number): void {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    if (typeof value === 'number' && Math.abs(value) > limit)
      fields[field] = `${field} must be at most ${limit.toLocaleString('en-IN')}`;
  }
  if (Object.keys(fields).length)
    throw new DomainError('invalid', `Invalid body: ${Object.keys(fields).join(', ')}`, fields);
}
