/**
 * The superadmin's membership forms: cancel or rejoin a member (a reason, kept in its history and
 * told to the member), a month paid by hand (amount, method, reference, date: a receipt as for a
 * Razorpay payment), and the rejection of an application (the applicant's name and e-mail for the
 * answer, and the reason, kept, not mailed). Each shows the server's refusal under its field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  MANUAL_PAYMENT_METHODS,
  membershipActionBodySchema,
  rejectApplicationBodySchema,
  type FeeCurrency,
  type ManualPaymentBody,
  type RejectApplicationBody,
} from '@shared/schemas/membership';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { TextAreaField } from '@client/components/form-fields/text-area-field';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useRejectApplication } from '../api/membership';
import { useMembershipAction, useRecordPayment, type MembershipAction } from '../api/member-membership';
import {
  manualPaymentFormSchema,
  manualPaymentFormValues,
  type ManualPaymentFormValues,
} from '../lib/manual-payment-form';

const reasonSchema = membershipActionBodySchema.pick({ reason: true });
const ACTION_LABEL: Record<MembershipAction, string> = { cancel: 'Cancel membership', rejoin: 'Rejoin' };

export function MembershipActionForm({
  memberId,
  action,
  onDone,
}: {
  memberId: number;
  action: MembershipAction;
  onDone: () => void;
}) {
  const mutation = useMembershipAction(memberId);
  const { control, handleSubmit, setError } = useForm<z.input<typeof reasonSchema>>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
  });
  useServerFieldErrors(mutation.error, setError);
  const onSubmit = handleSubmit(({ reason }) => mutation.mutate({ action, reason }, { onSuccess: onDone }));
  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={ACTION_LABEL[action]}>
      <TextAreaField control={control} name="reason" label="Reason" rows={2} helperText="Kept in the history" />
      <FormActions pending={mutation.isPending} onCancel={onDone} submitLabel={ACTION_LABEL[action]} />
    </form>
  );
}

export function ManualPaymentForm({
  memberId,
  currency,
  now,
  onDone,
}: {
  memberId: number;
  currency: FeeCurrency;
  now: Date;
  onDone: () => void;
}) {
  const mutation = useRecordPayment(memberId);
  const { control, handleSubmit, setError } = useForm<ManualPaymentFormValues, unknown, ManualPaymentBody>({
    resolver: zodResolver(manualPaymentFormSchema),
    defaultValues: manualPaymentFormValues(currency, now),
  });
  useServerFieldErrors(mutation.error, setError);
  const onSubmit = handleSubmit((body) => mutation.mutate(body, { onSuccess: onDone }));
  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Record fee paid">
      <InputField control={control} name="month" label="Month (yyyy-mm)" inputmode="numeric" />
      <InputField
        control={control}
        name="amount"
        label={`Amount (${currency})`}
        type="number"
        inputmode="decimal"
        step="any"
      />
      <SelectField control={control} name="method" label="Method" options={optionsOf(MANUAL_PAYMENT_METHODS)} />
      <InputField control={control} name="reference" label="Reference" autocomplete="off" />
      <InputField control={control} name="paid_on" label="Date paid" type="date" />
      <FormActions
        pending={mutation.isPending}
        onCancel={onDone}
        submitLabel="Record fee"
        pendingLabel="Recording..."
      />
    </form>
  );
}

export function RejectApplicationForm({ applicationId, onDone }: { applicationId: number; onDone: () => void }) {
  const mutation = useRejectApplication();
  const { control, handleSubmit, setError } = useForm<RejectApplicationBody>({
    resolver: zodResolver(rejectApplicationBodySchema),
    defaultValues: { name: '', email: '', reason: '' },
  });
  useServerFieldErrors(mutation.error, setError);
  const onSubmit = handleSubmit((body) => mutation.mutate({ id: applicationId, body }, { onSuccess: onDone }));
  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField control={control} name="name" label="Name" autocomplete="off" />
      <InputField control={control} name="email" label="Email" type="email" autocomplete="off" />
      <TextAreaField
        control={control}
        name="reason"
        label="Reason"
        rows={2}
        helperText="Kept with the application; the answer mailed is the standard one"
      />
      <FormActions pending={mutation.isPending} onCancel={onDone} submitLabel="Reject" pendingLabel="Rejecting..." />
    </form>
  );
}
