/**
 * The signals list's columns, exactly those of spec section 2, for the table and the phone cards
 * alike. Dates read dd/MM/yyyy (or N.A.), risk-reward is computed from the levels to 2 decimals.
 */
import { useMemo, type ReactNode } from 'react';
import { formatDrift } from '@shared/drift';
import { formatNumber, formatTimestamp, NA } from '@shared/format';
import { riskReward } from '@shared/risk-reward';
import type { Signal } from '@shared/schemas/admin/algos';
import type { ResponsiveColumn } from '@client/components/responsive-list';
import { formatSignalDate } from '../lib/signal-date';
import { SignalStatusBadge } from './signal-status-badge';
import type { SignalDecision } from '../api/signal-decisions';

export type SignalAction = 'edit' | 'entry' | 'exit' | 'raw';

export function formatRiskReward(s: Pick<Signal, 'entry_level' | 'stop_loss_level' | 'target_level'>): string {
  const ratio = riskReward(s.entry_level, s.stop_loss_level, s.target_level);
  return ratio === null ? NA : ratio.toFixed(2);
}

/** Labelled values in one cell. */
function Values({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="signal-values">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActionButton({
  label,
  signal,
  action,
  onAction,
}: {
  label: string;
  signal: Signal;
  action: SignalAction;
  onAction: (a: SignalAction, s: Signal) => void;
}) {
  return (
    <button
      type="button"
      className="algo-button"
      aria-label={`${label}, signal ${signal.signal_id}`}
      onClick={() => onAction(action, signal)}
    >
      {label}
    </button>
  );
}

/**
 * `decide`: Approve / Reject in a pending signal's Actions (the table; a phone card has them at its
 * foot instead).
 */
export function useSignalColumns(
  onAction: (action: SignalAction, signal: Signal) => void,
  decide?: (signal: Signal, decision: SignalDecision) => void,
): ResponsiveColumn<Signal>[] {
  return useMemo(
    () => [
      { key: 'id', header: 'Signal ID', secondary: true, cell: (s) => s.signal_id },
      { key: 'date', header: 'Signal Date', primary: true, cell: (s) => formatSignalDate(s.trade_gen_ts) },
      {
        key: 'trade',
        header: 'Trade',
        secondary: true,
        cell: (s) => (
          <Values
            items={[
              ['Symbol', <strong key="symbol">{s.instrument_symbol}</strong>],
              ['Category', s.instrument_type],
              ['Type', s.trade_type],
              ['Direction', s.trade_direction],
            ]}
          />
        ),
      },
      {
        key: 'status',
        header: 'Trade Status',
        primary: true,
        cell: (s) => <SignalStatusBadge status={s.trade_status} note={s.status_note} />,
      },
      {
        key: 'process',
        header: 'Signal Process Indicator',
        secondary: true,
        cell: (s) => (s.algo_process_ind ? 'Yes' : 'No'),
      },
      { key: 'portion', header: 'Trade Portion', secondary: true, cell: (s) => `${formatNumber(s.portion_in_trade)}%` },
      {
        key: 'level',
        header: 'Trade Level',
        primary: true,
        fullWidth: true,
        cell: (s) => (
          <Values
            items={[
              ['Entry', formatNumber(s.entry_level)],
              ['Stoploss', formatNumber(s.stop_loss_level)],
              ['Target', formatNumber(s.target_level)],
              ['Risk-reward', formatRiskReward(s)],
            ]}
          />
        ),
      },
      {
        key: 'data',
        header: 'Trade Data',
        secondary: true,
        cell: (s) => (
          <Values
            items={[
              ['LTP', formatNumber(s.ltp)],
              ['Drift', formatDrift(s.entry_level, s.ltp)],
              ['MFE', formatNumber(s.max_fav_excursion)],
              ['MAE', formatNumber(s.max_adv_excursion)],
              [
                'Time',
                <span key="time" className="signal-time">
                  {formatTimestamp(s.ltp_timestamp)}
                </span>,
              ],
            ]}
          />
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        fullWidth: true,
        cell: (s) => (
          <div className="signal-actions">
            {decide && s.trade_status === 'pending' && (
              <>
                <button
                  type="button"
                  className="algo-button algo-button--primary"
                  aria-label={`Approve signal ${s.signal_id}`}
                  onClick={() => decide(s, 'approve')}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="algo-button algo-button--danger"
                  aria-label={`Reject signal ${s.signal_id}`}
                  onClick={() => decide(s, 'reject')}
                >
                  Reject
                </button>
              </>
            )}
            <ActionButton label="Edit Levels" action="edit" signal={s} onAction={onAction} />
            <ActionButton label="Manual Entry" action="entry" signal={s} onAction={onAction} />
            <ActionButton label="Manual Exit" action="exit" signal={s} onAction={onAction} />
          </div>
        ),
      },
      {
        key: 'additional',
        header: 'Additional Data',
        secondary: true,
        cell: (s) => (
          <Values
            items={[
              ['Algo ID', s.algo_id],
              ['Exchange', s.exchange],
            ]}
          />
        ),
      },
      {
        key: 'raw',
        header: 'Raw',
        sticky: true,
        secondary: true,
        cell: (s) => <ActionButton label="View" action="raw" signal={s} onAction={onAction} />,
      },
    ],
    [onAction, decide],
  );
}
