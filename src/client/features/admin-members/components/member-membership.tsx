/**
 * A member's membership in a modal (the Members page's "Membership"): where it stands, cancel or
 * rejoin it, record a month paid by hand, and its history: every change (who, when, why) and every
 * payment with its printable receipt.
 */
import { useState } from 'react';
import { feeOf } from '@shared/constants';
import { formatFee, formatTimestamp } from '@shared/format';
import { istDay } from '@shared/ist';
import type { Member } from '@shared/schemas/admin/members';
import { IonButton } from '@client/lib/ionic/ion-button';
import { LoadState } from '@client/components/load-state';
import { Modal } from '@client/components/modal';
import { receiptUrl, useMemberPayments, useMembershipHistory } from '../api/member-membership';
import { ManualPaymentForm, MembershipActionForm } from './membership-forms';
import './membership-panel.css';

type Open = 'action' | 'payment' | null;

function History({ memberId }: { memberId: number }) {
  const history = useMembershipHistory(memberId);
  const payments = useMemberPayments(memberId);
  return (
    <>
      <section aria-labelledby="member-payments-heading">
        <h3 id="member-payments-heading">Payments</h3>
        <LoadState query={payments} />
        {payments.data?.length === 0 && <p>No payments recorded</p>}
        {payments.data && payments.data.length > 0 && (
          <ul className="membership-history" aria-label="Payments">
            {payments.data.map((p) => (
              <li key={p.id}>
                {p.month}: {formatFee(p.amount, p.currency)} on {istDay(new Date(p.paid_at))},{' '}
                {p.method === 'razorpay' ? `Razorpay ${p.reference}` : `by hand: ${p.reference}`} ·{' '}
                <a href={receiptUrl(p.id)} target="_blank" rel="noopener noreferrer">
                  Receipt {p.invoice_number}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="member-history-heading">
        <h3 id="member-history-heading">History</h3>
        <LoadState query={history} />
        {history.data && (
          <ol className="membership-history" aria-label="Membership history">
            {history.data.map((e) => (
              <li key={e.id}>
                {formatTimestamp(e.at)}: {e.from_status ?? 'new'} → {e.to_status}, {e.actor}: {e.reason}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function MemberMembership({ member }: { member: Member }) {
  // A form stays open while the status it was opened on holds: a cancel, rejoin or payment that
  // moves the member closes it (its own onSuccess would not run: the form swaps with the status).
  const [opened, setOpened] = useState<{ form: Open; status: string }>({ form: null, status: '' });
  const open = opened.status === member.membership_status ? opened.form : null;
  const setOpen = (form: Open) => setOpened({ form, status: member.membership_status });
  const now = new Date();
  const action = member.membership_status === 'cancelled' ? 'rejoin' : 'cancel';
  return (
    <div className="membership-member">
      <p>
        Status: <strong>{member.membership_status}</strong>
        {member.paid_until ? ` · paid until ${member.paid_until}` : ''} · fee{' '}
        {formatFee(feeOf(member.fee_currency), member.fee_currency)} a month
      </p>
      <div className="admin-row-actions">
        <IonButton
          fill={open === 'action' ? 'solid' : 'outline'}
          color={action === 'cancel' ? 'danger' : 'primary'}
          onClick={() => setOpen(open === 'action' ? null : 'action')}
        >
          {action === 'cancel' ? 'Cancel membership' : 'Rejoin'}
        </IonButton>
        <IonButton
          fill={open === 'payment' ? 'solid' : 'outline'}
          onClick={() => setOpen(open === 'payment' ? null : 'payment')}
        >
          Record fee paid
        </IonButton>
      </div>
      {open === 'action' && (
        <MembershipActionForm memberId={member.trabot_client_id} action={action} onDone={() => setOpen(null)} />
      )}
      {open === 'payment' && (
        <ManualPaymentForm
          memberId={member.trabot_client_id}
          currency={member.fee_currency}
          now={now}
          onDone={() => setOpen(null)}
        />
      )}
      <History memberId={member.trabot_client_id} />
    </div>
  );
}

export function MemberMembershipModal({ member, onClose }: { member: Member | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={member !== null}
      title={member ? `Membership of ${member.name} (${member.trabot_client_id})` : undefined}
      onClose={onClose}
    >
      {member && <MemberMembership member={member} />}
    </Modal>
  );
}
