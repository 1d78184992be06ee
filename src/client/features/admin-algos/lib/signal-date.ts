/**
 * Signal dates are market days: the server stores a bare date as that day's start in India
 * (signalTimestamp on the server), so they are read and written in India's time zone, whatever
 * the admin's device is set to.
 */
import { isValid, parseISO } from 'date-fns';
import { NA } from '@shared/format';
import { indiaToday, istDay } from '@shared/ist';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's market day, yyyy-MM-dd (the Add Signal default). */
export const today = (): string => indiaToday();

/** A stored trade_gen_ts (date or ISO timestamp) as its market day, yyyy-MM-dd; '' when missing or invalid. */
export function dateInputValue(ts: string | null): string {
  if (!ts) return '';
  if (DAY.test(ts)) return ts;
  const date = parseISO(ts);
  return isValid(date) ? istDay(date) : '';
}

/** The signals table's date: dd/MM/yyyy, or N.A. */
export function formatSignalDate(ts: string | null): string {
  const day = dateInputValue(ts);
  return day ? day.split('-').reverse().join('/') : NA;
}

/** The date to send: the stored value itself while its day is unchanged (its time of day is kept). */
export function tradeGenTsToSend(original: string | null, edited: string): string {
  return original && dateInputValue(original) === edited ? original : edited;
}
