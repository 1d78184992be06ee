/**
 * "Opt out" on the member's membership card, offered before the month's deadline (the 25th) while
 * the membership runs: a confirmation says what happens (no fee due, the membership ends, the
 * subscriptions stop), and the card then shows the membership as the server has it after.
 */
import { useState } from 'react';
import type { MyMembership } from '@shared/schemas/membership';
import { indiaToday } from '@shared/ist';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { IonButton } from '@client/lib/ionic/ion-button';
import { useOnline } from '@client/lib/online';
import { useOptOut } from '../api/my-membership';
import { OPT_OUT_TEXT } from '../lib/opt-out-text';

/** Before the 25th of the month asked for (the spec: opting out before the 25th requires no payment). */
const canOptOutNow = (m: MyMembership, now: number = Date.now()): boolean =>
  m.can_opt_out && indiaToday(now) < m.deadline;

export function OptOut({ m }: { m: MyMembership }) {
  const [confirming, setConfirming] = useState(false);
  const optOut = useOptOut();
  const online = useOnline();
  if (m.membership_status === 'cancelled') return <p className="settings-hint">{OPT_OUT_TEXT.after}</p>;
  if (!canOptOutNow(m)) return null;
  return (
    <>
      <p className="settings-hint">{OPT_OUT_TEXT.offer(m.deadline)}</p>
      <IonButton fill="outline" color="danger" disabled={!online} onClick={() => setConfirming(true)}>
        {OPT_OUT_TEXT.button}
      </IonButton>
      <ConfirmDialog
        isOpen={confirming}
        title={OPT_OUT_TEXT.title}
        confirmLabel={OPT_OUT_TEXT.confirm}
        cancelLabel={OPT_OUT_TEXT.keep}
        pending={optOut.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => optOut.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>{m.month_paid ? OPT_OUT_TEXT.paid(m.month) : OPT_OUT_TEXT.noFee(m.month)}</p>
        <p>{OPT_OUT_TEXT.ends}</p>
      </ConfirmDialog>
    </>
  );
}
