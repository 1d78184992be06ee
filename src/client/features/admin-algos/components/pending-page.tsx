/**
 * /dashboard/admin/pending: every algo's pending signals, newest first. On a phone each
 * is a compact card (symbol, direction, levels, risk-reward, age, expiry countdown) with Approve and
 * Reject at thumb reach; on a laptop a table. `?signal=` (a notification's tap) scrolls to and
 * marks that signal. Live: new signals appear as the algos send them; never kept offline.
 */
import { useEffect, useState } from 'react';
import type { PendingSignal } from '@shared/schemas/admin/signal-approvals';
import { formatNumber } from '@shared/format';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { ResponsiveList, WIDE_SCREEN_QUERY, type ResponsiveColumn } from '@client/components/responsive-list';
import { useMediaQuery } from '@client/lib/use-media-query';
import { LoadState } from '@client/components/load-state';
import { usePendingSignals } from '../api/signal-decisions';
import { formatAge, formatExpiry } from '../lib/pending-times';
import { SignalDecisionDialog, type PendingDecision } from './signal-decision-dialog';
import './admin-algos.css';

/** Re-renders every `ms` so ages and countdowns move. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const EMPTY = 'No signals are waiting for approval';

export function PendingPage({ focus }: { focus: number | null }) {
  const pending = usePendingSignals();
  const [decision, setDecision] = useState<PendingDecision | null>(null);
  const now = useNow(1_000);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);

  useEffect(() => {
    if (focus !== null && pending.data)
      document.getElementById(`pending-${focus}`)?.scrollIntoView({ block: 'center' });
  }, [focus, pending.data]);

  const levels = (s: PendingSignal) =>
    `${formatNumber(s.entry_level)} / ${formatNumber(s.stop_loss_level)} / ${formatNumber(s.target_level)}`;
  const columns: ResponsiveColumn<PendingSignal>[] = [
    { key: 'signal', header: 'Signal', cell: (s) => <span id={`pending-${s.signal_id}`}>#{s.signal_id}</span> },
    { key: 'algo', header: 'Algo', cell: (s) => s.algo_desc },
    { key: 'symbol', header: 'Symbol', cell: (s) => `${s.instrument_symbol} ${s.trade_direction}` },
    { key: 'levels', header: 'Entry / SL / Target', cell: levels },
    { key: 'rr', header: 'RR', cell: (s) => (s.risk_reward === null ? '-' : formatNumber(s.risk_reward)) },
    { key: 'age', header: 'Age', cell: (s) => formatAge(s.created_at, now) },
    { key: 'expiry', header: 'Expires', cell: (s) => formatExpiry(s.expires_at, now) },
    { key: 'actions', header: 'Actions', cell: (s) => <DecisionButtons signal={s} onDecide={setDecision} /> },
  ];

  let body;
  if (pending.data && (wide || pending.data.length === 0)) {
    body = (
      <ResponsiveList
        items={pending.data}
        columns={columns}
        rowKey={(s) => s.signal_id}
        empty={EMPTY}
        caption="Pending signals"
      />
    );
  } else if (pending.data) {
    body = (
      <ul className="pending-cards" aria-label="Pending signals">
        {pending.data.map((s) => (
          <li
            key={s.signal_id}
            id={`pending-${s.signal_id}`}
            className={s.signal_id === focus ? 'pending-card pending-card--focused' : 'pending-card'}
          >
            <span className="pending-card-symbol">
              {s.instrument_symbol} {s.trade_direction} · #{s.signal_id}
            </span>
            <span className="pending-card-line">
              {levels(s)} · RR {s.risk_reward === null ? '-' : formatNumber(s.risk_reward)}
            </span>
            <span className="pending-card-line">
              {formatAge(s.created_at, now)} · {formatExpiry(s.expires_at, now)}
            </span>
            <span className="pending-card-line pending-card-algo" title={s.algo_desc}>
              {s.algo_desc}
            </span>
            <DecisionButtons signal={s} onDecide={setDecision} />
          </li>
        ))}
      </ul>
    );
  } else {
    body = <LoadState query={pending} />;
  }

  return (
    <Page title="Pending signals">
      <BackButton fallback="/dashboard/admin" />
      {body}
      <SignalDecisionDialog pending={decision} onClose={() => setDecision(null)} />
    </Page>
  );
}

function DecisionButtons({ signal, onDecide }: { signal: PendingSignal; onDecide: (d: PendingDecision) => void }) {
  return (
    <span className="pending-actions">
      <button
        type="button"
        className="algo-button algo-button--primary"
        aria-label={`Approve signal ${signal.signal_id}`}
        onClick={() => onDecide({ signal, decision: 'approve' })}
      >
        Approve
      </button>
      <button
        type="button"
        className="algo-button algo-button--danger"
        aria-label={`Reject signal ${signal.signal_id}`}
        onClick={() => onDecide({ signal, decision: 'reject' })}
      >
        Reject
      </button>
    </span>
  );
}
