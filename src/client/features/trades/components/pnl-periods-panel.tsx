/**
 * The P&L of a chosen period (Today, Week, Month, FY or custom days): net P&L, charges, win rate,
 * the breakdown per algo and the equity curve, each on demand. Loaded only when the member opens
 * it (a tap under the summary's figures; open from the start on a wide screen), so the trades
 * page's first paint carries none of it. The month's query is the summary's: choosing Month asks
 * nothing more.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type FormEvent, useId, useMemo, useState } from 'react';
import { formatDate, formatRupees, formatSignedRupees, formatWinRate } from '@shared/format';
import type { AccountPnl } from '@shared/schemas/pnl';
import { Rupee } from '@client/components/rupee';
import { Figure, PENDING, signed } from './pnl-figure';
import type { AccountPnlQueryOptions } from '../api/get-account-pnl';
import { equityPoints } from '../lib/equity-points';
import {
  customRangeErrors,
  monthRange,
  periodRange,
  PNL_PERIODS,
  type CustomRangeErrors,
  type DayRange,
  type PnlPeriod,
} from '../lib/pnl-periods';

const EquityCurve = lazy(() => import('./equity-curve'));

const dayRangeText = ({ from, to }: DayRange) =>
  from === to ? formatDate(from) : `${formatDate(from)} to ${formatDate(to)}`;

export default function PnlPeriodsPanel({
  pnl,
  today,
  id,
}: {
  pnl: AccountPnlQueryOptions;
  today: string;
  id: string;
}) {
  const headingId = useId();
  const month = useMemo(() => monthRange(today), [today]);
  const [period, setPeriod] = useState<PnlPeriod>('month');
  const [custom, setCustom] = useState<DayRange | null>(null);
  const [algosShown, setAlgosShown] = useState(false);
  const [curveShown, setCurveShown] = useState(false);
  const range = period === 'custom' ? custom : periodRange(period, today);

  // The month chosen: the summary's query, no second request. Custom days not yet given: nothing to ask.
  const periodQuery = useQuery({ ...pnl(range ?? month), enabled: range !== null });
  const selected = range ? periodQuery.data : undefined;

  let state = null;
  if (range && periodQuery.isError && !periodQuery.data) {
    state = (
      <p className="pnl-state pnl-state--error" role="alert">
        Error loading the P&amp;L
      </p>
    );
  } else if (range && !periodQuery.data && periodQuery.fetchStatus === 'paused') {
    state = <p className="pnl-state">Offline: these days are not saved on this device</p>;
  }

  return (
    <div id={id} className="pnl-periods-panel">
      <fieldset className="pnl-periods">
        <legend>Period</legend>
        {PNL_PERIODS.map(({ id: periodId, label }) => (
          <label key={periodId} className="pnl-chip">
            <input
              type="radio"
              name={`${headingId}-period`}
              value={periodId}
              checked={period === periodId}
              onChange={() => setPeriod(periodId)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {period === 'custom' && <CustomRangeForm applied={custom} onApply={setCustom} />}

      <p className="pnl-range">{range ? dayRangeText(range) : 'Choose the first and last day'}</p>
      <dl className="pnl-figures">
        <Figure label="Net P&L">{range ? signed(selected?.net) : PENDING}</Figure>
        <Figure label="Charges">{selected ? formatRupees(selected.charges) : PENDING}</Figure>
        <Figure label="Win rate">{selected ? formatWinRate(selected.wins, selected.trades) : PENDING}</Figure>
      </dl>
      {state}

      {/* The breakdown and the curve open on demand: the buttons are there from the start, so the
          page does not move when the figures arrive. */}
      <div className="pnl-toggles">
        <button
          type="button"
          className="small-button"
          aria-expanded={algosShown}
          aria-controls={`${headingId}-algos`}
          disabled={!selected}
          onClick={() => setAlgosShown(!algosShown)}
        >
          {algosShown ? 'Hide by algo' : 'Show by algo'}
        </button>
        <button
          type="button"
          className="small-button"
          aria-expanded={curveShown}
          aria-controls={`${headingId}-curve`}
          disabled={!selected}
          onClick={() => setCurveShown(!curveShown)}
        >
          {curveShown ? 'Hide equity curve' : 'Show equity curve'}
        </button>
      </div>
      <div id={`${headingId}-algos`}>{algosShown && selected && <AlgoBreakdown byAlgo={selected.by_algo} />}</div>
      <div id={`${headingId}-curve`}>
        {curveShown && selected && range && <EquityCurvePanel summary={selected} range={range} />}
      </div>
    </div>
  );
}

function CustomRangeForm({ applied, onApply }: { applied: DayRange | null; onApply: (range: DayRange) => void }) {
  const id = useId();
  const [typed, setTyped] = useState<DayRange>(applied ?? { from: '', to: '' });
  const [errors, setErrors] = useState<CustomRangeErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeErrors(typed);
    setErrors(found);
    if (!found.from && !found.to) onApply(typed);
  };
  const field = (name: keyof DayRange, label: string) => (
    <div className="pnl-custom-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="date"
        value={typed[name]}
        onChange={(e) => setTyped({ ...typed, [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="pnl-field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form className="pnl-custom" noValidate onSubmit={submit} aria-label="Custom days">
      {field('from', 'From')}
      {field('to', 'To')}
      <button type="submit" className="small-button">
        Show
      </button>
    </form>
  );
}

/** An algo has a description only: its first sentence names it ("Swing momentum, NSE cash (delivery, long only)"). */
function algoName({ algo_id, algo_desc }: AccountPnl['by_algo'][number]): string {
  if (algo_desc) return algo_desc.split(/\.\s/)[0]!;
  return algo_id === null ? 'No algo' : `Algo ${algo_id}`;
}

/** A list rather than a table: the page's one table is the trades'. */
function AlgoBreakdown({ byAlgo }: { byAlgo: AccountPnl['by_algo'] }) {
  const id = useId();
  if (byAlgo.length === 0) return <p className="pnl-state">No trades closed in these days</p>;
  return (
    <>
      <h3 id={id} className="pnl-algos-title">
        By algo
      </h3>
      <ul className="pnl-algos" aria-labelledby={id}>
        {byAlgo.map((algo) => (
          <li key={algo.algo_id ?? 'none'}>
            <span className="pnl-algo-name" title={algo.algo_desc ?? undefined}>
              {algoName(algo)}
            </span>
            <span className="pnl-algo-trades">{algo.trades === 1 ? '1 trade' : `${algo.trades} trades`}</span>
            <Rupee value={algo.net} signed withSign />
          </li>
        ))}
      </ul>
    </>
  );
}

function EquityCurvePanel({ summary, range }: { summary: AccountPnl; range: DayRange }) {
  const points = useMemo(() => equityPoints(summary.by_day), [summary.by_day]);
  if (points.length === 0) return <p className="pnl-state">No P&amp;L in these days</p>;
  return (
    <Suspense fallback={<p className="pnl-state">Loading the chart...</p>}>
      <EquityCurve
        points={points}
        label={`Equity curve: cumulative net P&L from ${formatDate(range.from)} to ${formatDate(range.to)}, ending at ${formatSignedRupees(points.at(-1)!.value)}`}
      />
    </Suspense>
  );
}
