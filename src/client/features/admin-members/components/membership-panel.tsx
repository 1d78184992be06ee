/**
 * The membership business on the Members page (issue 26): the month's collection (paid, due,
 * cancelled, amounts collected; "Razorpay not configured: dates are set by hand" without the
 * gateway) and the applications waiting for a decision, each accepted in a form (name, e-mail,
 * phone, fee currency: USD for a member abroad) that makes the member, the login and the invitation,
 * or rejected with a reason.
 * With Razorpay, each member who owes the month has its payment link, made on demand, to copy.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatTimestamp } from '@shared/format';
import { indianNumberText } from '@shared/number-text';
import {
  acceptApplicationBodySchema,
  type AcceptApplicationBody,
  type Application,
  type Collection,
} from '@shared/schemas/membership';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { RadioGroupField } from '@client/components/form-fields/radio-group-field';
import { LoadState } from '@client/components/load-state';
import { Modal } from '@client/components/modal';
import { safeHtml } from '@client/features/admin-inbox';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { toast } from '@client/lib/toast';
import { useAcceptApplication, useApplications, useCollection, useMakePaymentLink } from '../api/membership';
import { RejectApplicationForm } from './membership-forms';
import './membership-panel.css';

const CURRENCIES = [
  { value: 'INR', label: 'Rs 5,900 (India)' },
  { value: 'USD', label: 'USD 75 (abroad)' },
] as const;

function AcceptForm({ application, onDone }: { application: Application; onDone: () => void }) {
  const mutation = useAcceptApplication();
  const { control, handleSubmit, setError } = useForm<AcceptApplicationBody>({
    resolver: zodResolver(acceptApplicationBodySchema),
    defaultValues: { name: '', email_id: '', phone_no: '+91', fee_currency: 'INR', reason: 'Application accepted' },
  });
  useServerFieldErrors(mutation.error, setError);
  const onSubmit = handleSubmit((body) => mutation.mutate({ id: application.id, body }, { onSuccess: onDone }));
  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField control={control} name="name" label="Name" autocomplete="off" />
      <InputField control={control} name="email_id" label="Email" type="email" autocomplete="off" />
      <InputField control={control} name="phone_no" label="Phone" type="tel" autocomplete="off" />
      <RadioGroupField control={control} name="fee_currency" label="Monthly fee" options={CURRENCIES} />
      <FormActions pending={mutation.isPending} onCancel={onDone} submitLabel="Accept" />
    </form>
  );
}

type ClipboardNavigator = { readonly clipboard?: Clipboard };

/** The month's link of a member who owes it: made on demand, then opened or copied to send by hand. */
function PaymentLink({ member, month }: { member: Collection['members'][number]; month: string }) {
  const make = useMakePaymentLink();
  if (!member.payment_url) {
    return (
      <IonButton
        size="small"
        fill="outline"
        disabled={make.isPending}
        onClick={() => make.mutate({ id: member.trabot_client_id, month })}
        aria-label={`Make payment link for ${member.name}`}
      >
        Make payment link
      </IonButton>
    );
  }
  const url = member.payment_url;
  return (
    <span className="membership-panel-link">
      <a href={url} target="_blank" rel="noopener noreferrer">
        Payment link
      </a>
      <IonButton
        size="small"
        fill="clear"
        aria-label={`Copy payment link for ${member.name}`}
        onClick={() =>
          void (navigator as ClipboardNavigator).clipboard
            ?.writeText(url)
            .then(() => toast.success('Payment link copied'))
            .catch(() => toast.error('Copy failed: open the link and copy it from there'))
        }
      >
        Copy
      </IonButton>
    </span>
  );
}

const owesMonth = (m: Collection['members'][number]) => !m.month_paid && m.membership_status !== 'cancelled';

function CollectionSummary({ c }: { c: Collection }) {
  return (
    <section className="membership-panel-card" aria-labelledby="collection-heading">
      <h2 id="collection-heading">Collection for {c.month}</h2>
      {!c.gateway && <p className="membership-panel-note">Razorpay not configured: dates are set by hand</p>}
      <dl className="membership-panel-counts">
        <div>
          <dt>Paid</dt>
          <dd>{c.paid}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{c.due}</dd>
        </div>
        <div>
          <dt>Cancelled</dt>
          <dd>{c.cancelled}</dd>
        </div>
      </dl>
      <p>
        Collected: Rs {indianNumberText(c.collected_inr)} and USD {c.collected_usd.toFixed(2)} · deadline {c.deadline}
      </p>
      {c.members.length > 0 && (
        <ul className="membership-panel-members" aria-label={`Members in ${c.month}`}>
          {c.members.map((m) => (
            <li key={m.trabot_client_id}>
              {m.name} ({m.trabot_client_id}): {m.membership_status}, {m.month_paid ? 'paid' : 'not paid'}
              {m.paid_until ? ` · paid until ${m.paid_until}` : ''}
              {c.gateway && owesMonth(m) && (
                <>
                  {' '}
                  <PaymentLink member={m} month={c.month} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MembershipPanel() {
  const collection = useCollection();
  const applications = useApplications();
  const [accepting, setAccepting] = useState<Application | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const waiting = applications.data?.filter((a) => a.status === 'applicant') ?? [];
  return (
    <>
      {collection.data ? <CollectionSummary c={collection.data} /> : <LoadState query={collection} />}
      <section className="membership-panel-card" aria-labelledby="applications-heading">
        <h2 id="applications-heading">Applications</h2>
        <LoadState query={applications} />
        {applications.data &&
          (waiting.length === 0 ? (
            <p>No applications waiting</p>
          ) : (
            <ul className="membership-panel-applications" aria-label="Applications waiting">
              {waiting.map((a) => (
                <li key={a.id}>
                  <p className="membership-panel-when">
                    Application {a.id}, {formatTimestamp(a.created_at)}
                  </p>
                  <div className="membership-panel-form">{safeHtml(a.form_html)}</div>
                  <span className="admin-row-actions">
                    <IonButton size="small" onClick={() => setAccepting(a)} aria-label={`Accept application ${a.id}`}>
                      Accept
                    </IonButton>
                    <IonButton
                      size="small"
                      fill="outline"
                      color="danger"
                      onClick={() => setRejecting(a)}
                      aria-label={`Reject application ${a.id}`}
                    >
                      Reject
                    </IonButton>
                  </span>
                </li>
              ))}
            </ul>
          ))}
      </section>
      <Modal
        isOpen={accepting !== null}
        title={`Accept application ${accepting?.id ?? ''}`}
        onClose={() => setAccepting(null)}
      >
        {accepting && <AcceptForm application={accepting} onDone={() => setAccepting(null)} />}
      </Modal>
      <Modal
        isOpen={rejecting !== null}
        title={`Reject application ${rejecting?.id ?? ''}`}
        onClose={() => setRejecting(null)}
      >
        {rejecting && <RejectApplicationForm applicationId={rejecting.id} onDone={() => setRejecting(null)} />}
      </Modal>
    </>
  );
}
