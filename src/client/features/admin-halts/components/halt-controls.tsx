/**
 * A halt's state and its switch: "HALTED" with who, when and why and a Resume button, or a Halt
 * button that asks why first. For all trading (Admin home) or one account (the accounts list).
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { formatTimestamp } from '@shared/format';
import type { Halt } from '@shared/schemas/admin/halts';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Modal } from '@client/components/modal';
import { StatusBadge } from '@client/components/status-badge';
import { haltScope, useHaltMutations } from '../api/halts';
import { HaltForm } from './halt-form';

export function HaltControls({
  accountId,
  halt,
  compact = false,
}: {
  accountId: number | null;
  halt: Halt | undefined;
  compact?: boolean;
}) {
  const [asking, setAsking] = useState<'halt' | 'resume' | null>(null);
  const { resume } = useHaltMutations();
  const scope = haltScope(accountId);

  const confirmResume = () => resume.mutate(accountId, { onSuccess: () => setAsking(null) });

  return (
    <div className="halt-controls">
      {halt ? (
        <p className="halt-state" role={compact ? undefined : 'status'}>
          <StatusBadge tone="danger">HALTED</StatusBadge> {halt.reason}
          {!compact && (
            <span className="halt-meta">
              {' '}
              by {halt.halted_by ?? 'a removed user'} at {formatTimestamp(halt.halted_at)}
              {halt.square_off ? ', running trades closed at market' : ''}
            </span>
          )}
        </p>
      ) : (
        !compact && <p className="halt-state">Trading is on: approved signals are placed.</p>
      )}
      <IonButton
        size="small"
        color={halt ? 'primary' : 'danger'}
        fill={halt ? 'solid' : 'outline'}
        aria-label={halt ? `Resume ${scope}` : `Halt ${scope}`}
        onClick={() => setAsking(halt ? 'resume' : 'halt')}
      >
        {halt ? 'Resume' : 'Halt'}
      </IonButton>
      <Modal isOpen={asking === 'halt'} title={`Halt ${scope}`} onClose={() => setAsking(null)}>
        {asking === 'halt' && <HaltForm accountId={accountId} onDone={() => setAsking(null)} />}
      </Modal>
      <ConfirmDialog
        isOpen={asking === 'resume'}
        title={`Resume ${scope}?`}
        confirmLabel="Resume"
        onConfirm={confirmResume}
        onCancel={() => setAsking(null)}
        pending={resume.isPending}
      >
        New entries will be placed again{accountId === null ? ' on every account not halted on its own' : ''}.
      </ConfirmDialog>
    </div>
  );
}
