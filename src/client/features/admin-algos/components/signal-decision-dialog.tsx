/**
 * Approve / Reject of a pending signal, on a phone card, the Pending screen or the signals table: a
 * confirmation with the levels it goes ahead with and, for Approve, what the engine would trade now
 * (the fan-out preview: accounts, shares, capital at risk, skips), then POST approve | reject with
 * the signal as it was shown. A refusal (changed since, no longer pending, expired) is the server's
 * own words; offline it is refused with "Offline" and nothing is queued.
 */
import type { Signal } from '@shared/schemas/admin/algos';
import type { SignalPreview } from '@shared/schemas/admin/signal-approvals';
import { formatDrift } from '@shared/drift';
import { formatNumber } from '@shared/format';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useDecideSignal, useSignalPreview, type SignalDecision } from '../api/signal-decisions';
import { formatSignalDate } from '../lib/signal-date';
import { formatRiskReward } from './signal-columns';

export interface PendingDecision {
  signal: Signal;
  decision: SignalDecision;
}

const TEXTS = {
  approve: { title: 'Approve signal', confirm: 'Approve', back: 'Cancel' },
  reject: { title: 'Reject signal', confirm: 'Reject', back: 'Keep signal' },
} as const;

export function SignalDecisionDialog({ pending, onClose }: { pending: PendingDecision | null; onClose: () => void }) {
  const mutation = useDecideSignal();
  const decision = pending?.decision ?? 'approve';
  const texts = TEXTS[decision];
  const signal = pending?.signal;
  const preview = useSignalPreview(pending?.decision === 'approve' ? pending.signal.signal_id : null);

  const confirm = () => {
    if (!pending) return;
    mutation.mutate({ signal: pending.signal, decision: pending.decision }, { onSuccess: onClose });
  };

  return (
    <ConfirmDialog
      isOpen={pending !== null}
      title={signal ? `${texts.title} ${signal.signal_id}?` : texts.title}
      confirmLabel={texts.confirm}
      cancelLabel={texts.back}
      onConfirm={confirm}
      onCancel={onClose}
      pending={mutation.isPending}
    >
      {signal && (
        <>
          <p className="decision-subject">
            <strong>{signal.instrument_symbol}</strong> ({signal.instrument_type}), {signal.trade_type},{' '}
            {signal.trade_direction}
            {', '}
            {formatSignalDate(signal.trade_gen_ts)}
          </p>
          <dl className="decision-levels">
            <div>
              <dt>Entry</dt>
              <dd>{formatNumber(signal.entry_level)}</dd>
            </div>
            <div>
              <dt>Stop-loss</dt>
              <dd>{formatNumber(signal.stop_loss_level)}</dd>
            </div>
            <div>
              <dt>Target</dt>
              <dd>{formatNumber(signal.target_level)}</dd>
            </div>
            <div>
              <dt>Risk-reward</dt>
              <dd>{formatRiskReward(signal)}</dd>
            </div>
            <div>
              <dt>LTP</dt>
              <dd>
                {formatNumber(signal.ltp)} ({formatDrift(signal.entry_level, signal.ltp)} from entry)
              </dd>
            </div>
          </dl>
          {decision === 'approve' && <FanOutPreview preview={preview.data} failed={preview.isError} />}
        </>
      )}
    </ConfirmDialog>
  );
}

const rupees = (value: number) => `₹${formatNumber(value)}`;

function FanOutPreview({ preview, failed }: { preview: SignalPreview | undefined; failed: boolean }) {
  if (failed) return <p className="decision-preview">The preview could not be loaded.</p>;
  if (!preview)
    return (
      <p className="decision-preview" aria-busy="true">
        Sizing the accounts…
      </p>
    );
  const { totals } = preview;
  const skipped = preview.accounts.filter((a) => a.skip_reason !== null);
  return (
    <section className="decision-preview" aria-label="What approving trades now">
      <p>
        <strong>
          {totals.trading} of {totals.accounts} {totals.accounts === 1 ? 'account' : 'accounts'} trade
        </strong>{' '}
        {formatNumber(totals.quantity)} shares at {formatNumber(preview.price)} (
        {preview.price_source === 'last_price' ? 'last price' : 'entry level'}): allocation {rupees(totals.allocation)},
        capital at risk {rupees(totals.capital_at_risk)}.
      </p>
      {skipped.length > 0 && (
        <details>
          <summary>{skipped.length} skipped</summary>
          <ul>
            {skipped.map((a) => (
              <li key={a.trabot_account_id}>
                {a.account_name} (account {a.trabot_account_id}): {a.skip_detail}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
