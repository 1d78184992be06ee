/**
 * /dashboard/admin/algos/$id/signals (spec section 2): an algo's signals with the status filter,
 * Add Signal, and per signal Edit Levels, Manual Entry, Manual Exit and Raw. On a phone the list
 * reads as cards, and a pending signal can be approved or rejected in one tap (with a
 * confirmation), from its card or its row.
 */
import '@client/lib/ionic/setup-ionic';
import { IonIcon } from '@ionic/react';
import { IonButton } from '@client/lib/ionic/ion-button';
import { add } from 'ionicons/icons';
import { useCallback, useState } from 'react';
import { MSG } from '@shared/messages';
import type { Signal } from '@shared/schemas/admin/algos';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { ResponsiveList, WIDE_SCREEN_QUERY } from '@client/components/responsive-list';
import { useMediaQuery } from '@client/lib/use-media-query';
import type { SignalDecision } from '../api/signal-decisions';
import { LoadState } from '@client/components/load-state';
import { useSignals } from '../api/get-signals';
import type { SignalFilter } from '../lib/signal-filter';
import { AddSignalModal } from './add-signal-modal';
import { EditLevelsModal } from './edit-levels-modal';
import { ManualOrderModal } from './manual-order-modal';
import { useSignalColumns, type SignalAction } from './signal-columns';
import { SignalDecisionDialog, type PendingDecision } from './signal-decision-dialog';
import { SignalRawModal } from './signal-raw-modal';
import { SignalStatusFilter } from './signal-status-filter';
import './admin-algos.css';

const BACK_TO = '/dashboard/admin/algos';

export interface SignalsPageProps {
  /** Null when the route's id is missing or not a valid id. */
  algoId: number | null;
  status: SignalFilter;
  onStatusChange: (status: SignalFilter) => void;
}

export function SignalsPage({ algoId, status, onStatusChange }: SignalsPageProps) {
  return (
    <Page wide title={algoId === null ? 'Algo Signals' : `Signals of algo ${algoId}`}>
      <BackButton fallback={BACK_TO} />
      {algoId === null ? (
        <p className="admin-state admin-state--error" role="alert">
          {MSG.noAlgoId}
        </p>
      ) : (
        <AlgoSignals algoId={algoId} status={status} onStatusChange={onStatusChange} />
      )}
    </Page>
  );
}

function AlgoSignals({ algoId, status, onStatusChange }: SignalsPageProps & { algoId: number }) {
  const signals = useSignals(algoId, status);
  const { data } = signals;
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ action: SignalAction; signal: Signal } | null>(null);
  const [decision, setDecision] = useState<PendingDecision | null>(null);

  const onAction = useCallback((action: SignalAction, signal: Signal) => setOpen({ action, signal }), []);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const decideInTable = useCallback((signal: Signal, d: SignalDecision) => setDecision({ signal, decision: d }), []);
  const columns = useSignalColumns(onAction, wide ? decideInTable : undefined);
  const close = useCallback(() => setOpen(null), []);
  const closeAdd = useCallback(() => setAdding(false), []);
  const closeDecision = useCallback(() => setDecision(null), []);
  const opened = (action: SignalAction) => (open?.action === action ? open.signal : null);

  const cardActions = useCallback(
    (signal: Signal) =>
      signal.trade_status === 'pending' && (
        <>
          <button
            type="button"
            className="algo-button algo-button--primary"
            aria-label={`Approve signal ${signal.signal_id}`}
            onClick={() => setDecision({ signal, decision: 'approve' })}
          >
            Approve
          </button>
          <button
            type="button"
            className="algo-button algo-button--danger"
            aria-label={`Reject signal ${signal.signal_id}`}
            onClick={() => setDecision({ signal, decision: 'reject' })}
          >
            Reject
          </button>
        </>
      ),
    [],
  );

  let body;
  if (data) {
    body = (
      <ResponsiveList
        items={data}
        columns={columns}
        rowKey={(s) => s.signal_id}
        empty="No signals found"
        caption={`Signals of algo ${algoId}`}
        cardTitle={(s) => `${s.instrument_symbol} (${s.instrument_type}) ${s.trade_direction} · #${s.signal_id}`}
        cardActions={cardActions}
        dense
      />
    );
  } else {
    body = <LoadState query={signals} />;
  }

  return (
    <>
      <div className="algo-toolbar">
        <SignalStatusFilter value={status} onChange={onStatusChange} />
        <IonButton onClick={() => setAdding(true)}>
          <IonIcon slot="start" icon={add} aria-hidden="true" />
          Add Signal
        </IonButton>
      </div>
      {body}
      <AddSignalModal algoId={algoId} isOpen={adding} onClose={closeAdd} />
      <EditLevelsModal signal={opened('edit')} onClose={close} />
      <ManualOrderModal side="entry" signal={opened('entry')} onClose={close} />
      <ManualOrderModal side="exit" signal={opened('exit')} onClose={close} />
      <SignalRawModal signal={opened('raw')} onClose={close} />
      <SignalDecisionDialog pending={decision} onClose={closeDecision} />
    </>
  );
}
