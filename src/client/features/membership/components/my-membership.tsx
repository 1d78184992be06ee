/**
 * The member's membership on Account Settings (issue 26): its state, the month asked for, the
 * amount due and the deadline, "Pay now" opening the month's Razorpay link, and the receipts of
 * the months paid. Without Razorpay the firm records fees by hand, and the card says so.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import type { MyMembership } from '@shared/schemas/membership';
import { formatFee } from '@shared/format';
import { LoadState } from '@client/components/load-state';
import { StatusBadge } from '@client/components/status-badge';
import { useMyMembership, usePayNow } from '../api/my-membership';
import { OptOut } from './opt-out';

const STATUS_TEXT: Record<MyMembership['membership_status'], { text: string; tone: 'success' | 'danger' | 'warning' }> =
  {
    accepted: { text: 'Accepted: first month to pay', tone: 'warning' },
    active: { text: 'Active', tone: 'success' },
    due: { text: 'Fee due', tone: 'warning' },
    cancelled: { text: 'Cancelled', tone: 'danger' },
    rejoined: { text: 'Rejoined: month to pay', tone: 'warning' },
  };

function Membership({ m }: { m: MyMembership }) {
  const pay = usePayNow();
  const status = STATUS_TEXT[m.membership_status];
  return (
    <section className="settings-card" aria-labelledby="membership-heading">
      <h2 id="membership-heading">Membership</h2>
      <dl className="settings-list">
        <div>
          <dt>State</dt>
          <dd>
            <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
          </dd>
        </div>
        <div>
          <dt>Paid until</dt>
          <dd>{m.paid_until ?? 'No month paid yet'}</dd>
        </div>
        <div>
          <dt>Month</dt>
          <dd>{m.month}</dd>
        </div>
        <div>
          <dt>Amount due</dt>
          <dd>{m.month_paid ? 'Paid' : formatFee(m.amount_due, m.currency)}</dd>
        </div>
        {m.amount_due > 0 && (
          <div>
            <dt>Deadline</dt>
            <dd>{m.deadline}</dd>
          </div>
        )}
      </dl>
      {m.amount_due > 0 &&
        (m.gateway ? (
          <IonButton disabled={pay.isPending} onClick={() => pay.mutate()}>
            {pay.isPending ? 'Opening...' : `Pay now ${formatFee(m.amount_due, m.currency)}`}
          </IonButton>
        ) : (
          <p className="settings-hint">Pay the fee as the firm tells you: it is recorded by hand.</p>
        ))}
      <OptOut m={m} />
      {m.payments.length > 0 && (
        <>
          <h3>Payments</h3>
          <ul className="membership-payments" aria-label="Membership payments">
            {m.payments.map((p) => (
              <li key={p.id}>
                {p.month}: {formatFee(p.amount, p.currency)} · {p.invoice_number} ·{' '}
                <a href={`/api/membership/payments/${p.id}/receipt`} target="_blank" rel="noopener">
                  Receipt
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Nothing for a login without a membership (a superadmin's own). */
export function MyMembershipCard() {
  const membership = useMyMembership();
  if (membership.data === null) return null;
  if (!membership.data) return <LoadState query={membership} />;
  return <Membership m={membership.data} />;
}
