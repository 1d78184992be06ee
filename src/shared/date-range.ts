/**
 * Dates the product can hold: years 2000 to 2100 for every date or timestamp a person or an algo
 * sends (trading days, memberships, workshops, signals). Wider years pass a "yyyy-mm-dd" pattern but
 * not the database (year 0000 does not exist in PostgreSQL) and mean a typing slip anyway.
 */
import { z } from 'zod';

export const YEAR_MIN = 2000;
export const YEAR_MAX = 2100;

const inRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
};

const rangeMessage = (label: string) => `${label} must be in the years ${YEAR_MIN} to ${YEAR_MAX}`;

/** yyyy-mm-dd, a real calendar day, years 2000-2100. */
export const isoDateInRange = (label: string, format = 'a date (yyyy-mm-dd)') =>
  z.iso.date({ error: `${label} must be ${format}` }).refine(inRange, rangeMessage(label));

/** An ISO timestamp with an offset, years 2000-2100. */
export const isoDateTimeInRange = (label: string, format: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be ${format}` }).refine(inRange, rangeMessage(label));

/** yyyy-mm-dd or an ISO timestamp with an offset, years 2000-2100. */
export const isoDateOrDateTimeInRange = (label: string, format: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${label} must be ${format}` })
    .refine(inRange, rangeMessage(label));

/** yyyy-mm, a real month, years 2000-2100. */
export const isoMonthInRange = (label: string, format = 'a month (yyyy-mm)') =>
  z
    .string({ error: `${label} must be ${format}` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} must be ${format}`)
    .refine(inRange, rangeMessage(label));

/**
 * An Indian financial year as "2026-27" (April 2026 to March 2027): both its years within
 * 2000-2100, so it starts in 2000 to 2099.
 */
export const financialYearInRange = (label: string) =>
  z
    .string({ error: `${label} must be a financial year as YYYY-YY, e.g. 2026-27` })
    .regex(/^\d{4}-\d{2}$/, `${label} must be a financial year as YYYY-YY, e.g. 2026-27`)
    .refine(
      (fy) => (Number(fy.slice(0, 4)) + 1) % 100 === Number(fy.slice(5)),
      `${label} must be two years in a row, e.g. 2026-27`,
    )
    .refine((fy) => Number(fy.slice(0, 4)) >= YEAR_MIN && Number(fy.slice(0, 4)) < YEAR_MAX, rangeMessage(label));
