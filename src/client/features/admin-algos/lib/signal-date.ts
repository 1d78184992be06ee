/** Signal dates in the forms: a date input holds yyyy-MM-dd in the admin's own time zone. */
import { format, isValid, parseISO } from 'date-fns';

export const today = (): string => format(new Date(), 'yyyy-MM-dd');

/** A stored trade_gen_ts (date or ISO timestamp) as a date input's value; '' when missing or invalid. */
export function dateInputValue(ts: string | null): string {
  if (!ts) return '';
  const date = parseISO(ts);
  return isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}

/** The date to send: the stored value itself while its day is unchanged (its time of day is kept). */
export function tradeGenTsToSend(original: string | null, edited: string): string {
  return original && dateInputValue(original) === edited ? original : edited;
}
