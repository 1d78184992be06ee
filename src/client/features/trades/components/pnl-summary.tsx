/**
 * The member's P&L at a glance, at the top of the trades page: today's and this month's net P&L
 * and the open MTM (with the number of running trades it leaves out, having no live price), in one compact row so that a phone still shows the first running trade on its
 * first screen. A tap opens the chosen period's figures, the breakdown per algo and the equity
 * curve (pnl-periods-panel.tsx, loaded then; open from the start where there is room). The month's
 * summary also gives today (its days), so one request serves the glance and the Month period. The
 * figures are the query's, persisted for offline reading like the trades, with the time they were
 * fetched. No Ionic here: this is on the member's first paint.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, memo, Suspense, useId, useMemo, useState } from 'react';
import { formatAsOf } from '@shared/format';
import { indiaToday } from '@shared/ist';
import { Figure, signed } from './pnl-figure';
import type { AccountPnlQueryOptions } from '../api/get-account-pnl';
import { monthRange } from '../lib/pnl-periods';
import './pnl-summary.css';

const PnlPeriodsPanel = lazy(() => import('./pnl-periods-panel'));

export interface PnlSummaryProps {
  /** The account's summary query for a range of days. */
  pnl: AccountPnlQueryOptions;
  /** Today in India (tests fix it). */
  today?: string;
  /** Whether the periods, breakdown and curve are open from the start (a wide screen). */
  periodsOpen?: boolean;
}

function PnlSummaryBody({ pnl, today = indiaToday(), periodsOpen = false }: PnlSummaryProps) {
  const headingId = useId();
  const month = useMemo(() => monthRange(today), [today]);
  const [open, setOpen] = useState(periodsOpen);
  const monthQuery = useQuery(pnl(month));
  const todayNet = monthQuery.data ? (monthQuery.data.by_day.find((d) => d.date === today)?.net ?? 0) : undefined;
  const panelId = `${headingId}-periods`;
  // Running trades the open MTM leaves out: no fresh live price from their broker (never an invented MTM).
  const unpriced = monthQuery.data?.unpriced_trades ?? 0;

  return (
    <section className="pnl-summary" aria-labelledby={headingId}>
      <div className="pnl-summary-header">
        <h2 id={headingId}>Profit &amp; loss</h2>
        {/* Always there (a line high), so the page below does not move when the figures arrive. */}
        <p className="pnl-as-of">{monthQuery.dataUpdatedAt > 0 ? formatAsOf(monthQuery.dataUpdatedAt) : null}</p>
      </div>
      <dl className="pnl-figures pnl-figures--glance">
        <Figure label="Today">{signed(todayNet)}</Figure>
        <Figure label="This month">{signed(monthQuery.data?.net)}</Figure>
        <Figure label="Open MTM">
          {signed(monthQuery.data?.unrealized)}
          {unpriced > 0 && <span className="pnl-unpriced">{unpricedText(unpriced)}</span>}
        </Figure>
      </dl>
      {monthQuery.isError && !monthQuery.data && (
        <p className="pnl-state pnl-state--error" role="alert">
          Error loading the P&amp;L
        </p>
      )}
      <button
        type="button"
        className="link-button pnl-periods-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide periods, by algo and equity curve' : 'Periods, by algo and equity curve'}
      </button>
      {open && (
        <Suspense fallback={<p className="pnl-state">Loading...</p>}>
          <PnlPeriodsPanel pnl={pnl} today={today} id={panelId} />
        </Suspense>
      )}
    </section>
  );
}

/** Beside the open MTM: how many running trades it leaves out for want of a live price. */
export const unpricedText = (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'} without a live price`;

/** Memoized: a status filter switch re-renders the trades page, not the summary. */
export const PnlSummary = memo(PnlSummaryBody);
