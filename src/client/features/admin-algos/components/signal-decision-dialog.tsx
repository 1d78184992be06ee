/**
 * The phone's one-tap Approve / Cancel of a pending signal: a confirmation showing the levels it
 * goes ahead with, then POST /api/signals/{id}/update with the new status (spec sections 2, 7).
 */
import { MSG } from '../../../../shared/messages';
import type { Signal } from '../../../../shared/schemas/admin/algos';
import { formatDrift } from '../../../../shared/drift';
import { formatNumber } from '../../../../shared/format';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toast';
import { useEditLevels } from '../api/edit-levels';
import { decisionBody, type SignalDecision } from '../lib/edit-levels-form';
import { saveFailureMessage } from '../../../lib/save-failure';
import { formatSignalDate } from '../lib/signal-date';
import { formatRiskReward } from './signal-columns';

export interface PendingDecision {
  signal: Signal;
  decision: SignalDecision;
}

const TEXTS = {
  approved: { title: 'Approve signal', confirm: 'Approve', back: 'Cancel' },
  cancelled: { title: 'Cancel signal', confirm: 'Cancel signal', back: 'Keep signal' },
} as const;

export function SignalDecisionDialog({ algoId, pending, onClose }: { algoId: number; pending: PendingDecision | null; onClose: () => void }) {
  const mutation = useEditLevels(algoId);
  const texts = TEXTS[pending?.decision ?? 'approved'];
  const signal = pending?.signal;

  const confirm = () => {
    if (!pending) return;
    mutation.mutate(
      { signalId: pending.signal.signal_id, body: decisionBody(pending.signal, pending.decision) },
      {
        onSuccess: () => {
          toast.success(MSG.editLevelsSuccess);
          onClose();
        },
        onError: (error) => toast.error(saveFailureMessage(error, MSG.editLevelsFailure)),
      },
    );
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
            <strong>{signal.instrument_symbol}</strong> ({signal.instrument_type}), {signal.trade_type}, {signal.trade_direction}
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
        </>
      )}
    </ConfirmDialog>
  );
}
