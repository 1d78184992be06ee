/**
 * Forms hold what the user typed (strings); these zod pieces turn that text into the payload values
 * the shared schemas expect: numbers as numbers, empty optional fields as null.
 */
import { format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';

const isNumeric = (text: string) => text !== '' && Number.isFinite(Number(text));

export const requiredNumber = (label: string) =>
  z.string().trim().min(1, `${label} is required`).refine(isNumeric, `${label} must be a number`).transform(Number);

/** Empty means null. */
export const optionalNumber = (label: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || isNumeric(text), `${label} must be a number`)
    .transform((text) => (text === '' ? null : Number(text)));

/** Empty means null. */
export const optionalText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? null : text));

/** A stored value as form text ('' for none). */
export const textOf = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** A stored date (yyyy-MM-dd or an ISO timestamp) as a date input's value, yyyy-MM-dd ('' for none). */
export function dateText(value: string | null | undefined): string {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}
