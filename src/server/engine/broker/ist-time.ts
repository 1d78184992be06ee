/**
 * Indian brokers write order times as India's wall clock without an offset, as
 * "2026-01-05 09:15:03" (Upstox) or "05-Jan-2026 09:15:03" (Fyers, Angel One): read as IST,
 * whatever zone the server runs in; anything else is `fallback`.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function istWallClock(text: string | null | undefined, fallback: Date): Date {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  const named = /^(\d{2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  const parts = iso
    ? [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]), iso[4], iso[5], iso[6]]
    : named && MONTHS.includes(named[2]!)
      ? [Number(named[3]), MONTHS.indexOf(named[2]!), Number(named[1]), named[4], named[5], named[6]]
      : null;
  if (!parts) return fallback;
  const [year, month, day, hh, mm, ss] = parts.map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(year, month, day, hh, mm, ss) - 330 * 60_000);
}
