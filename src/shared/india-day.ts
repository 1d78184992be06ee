/** Calendar days in India (IST, UTC+05:30 all year) as YYYY-MM-DD, for the member's ranges and statements. */

/** India is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

/** Today in India. */
export const indiaToday = (now = Date.now()): string => new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
