/** The readiness board's orders: the accounts that need something first, by default. */
import type { ReadinessRow, ReadinessVerdict } from '@shared/schemas/admin/readiness';

export const READINESS_SORTS = {
  verdict: 'Needs attention first',
  account: 'Account',
  shortfall: 'Funds short of capital',
  session: 'Session ends first',
} as const;
export type ReadinessSort = keyof typeof READINESS_SORTS;

const URGENCY: Record<ReadinessVerdict, number> = {
  'IP not registered': -1,
  'reconnect needed': 0,
  'insufficient funds': 1,
  halted: 2,
  ready: 3,
  paper: 4,
};

const shortfall = (r: ReadinessRow) => r.capital_required - (r.funds_available ?? 0);
const sessionEnd = (r: ReadinessRow) => (r.session_expires_at ? Date.parse(r.session_expires_at) : -Infinity);

const COMPARE: Record<ReadinessSort, (a: ReadinessRow, b: ReadinessRow) => number> = {
  verdict: (a, b) => URGENCY[a.verdict] - URGENCY[b.verdict],
  account: () => 0,
  shortfall: (a, b) => shortfall(b) - shortfall(a),
  session: (a, b) => sessionEnd(a) - sessionEnd(b),
};

/** A sorted copy; ties keep account order. */
export function sortReadiness(rows: readonly ReadinessRow[], sort: ReadinessSort): ReadinessRow[] {
  return [...rows].sort((a, b) => COMPARE[sort](a, b) || a.trabot_account_id - b.trabot_account_id);
}
