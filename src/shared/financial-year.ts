/** India's financial year runs from 1 April to 31 March, named "2026-27". */

/** The financial year a day (YYYY-MM-DD) falls in: "2027-01-15" -> "2026-27". */
export function financialYearOf(day: string): string {
  const year = Number(day.slice(0, 4)) - (day.slice(5) < '04-01' ? 1 : 0);
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** The financial year `back` years before the given one: ("2026-27", 1) -> "2025-26". */
export function earlierFinancialYear(fy: string, back: number): string {
  const year = Number(fy.slice(0, 4)) - back;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}
