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
