/**
 * Add or edit a member (spec section 5): name, phone, email, activation and expiry dates, all
 * required; the dates come from date inputs, so they are sent as yyyy-mm-dd.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { memberBodySchema, type Member, type MemberBody } from '@shared/schemas/admin/members';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { dateText } from '@client/lib/form-text';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useSaveMember } from '../api/save-member';

const formValues = (member: Member | null): MemberBody => ({
  name: member?.name ?? '',
  phone_no: member?.phone_no ?? '',
  email_id: member?.email_id ?? '',
  activation_date: dateText(member?.activation_date),
  expiry_date: dateText(member?.expiry_date),
});

/** `member` null adds a member (the spec: the form with an empty record). */
export function MemberForm({ member, onDone }: { member: Member | null; onDone: () => void }) {
  const mutation = useSaveMember();
  const { control, handleSubmit, setError } = useForm<MemberBody>({
    resolver: zodResolver(memberBodySchema),
    defaultValues: formValues(member),
  });
  useServerFieldErrors(mutation.error, setError);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate({ id: member?.trabot_client_id ?? null, body }, { onSuccess: onDone }),
  );

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField control={control} name="name" label="Name" autocomplete="name" />
      <InputField control={control} name="phone_no" label="Phone" type="tel" autocomplete="tel" />
      <InputField control={control} name="email_id" label="Email" type="email" autocomplete="email" />
      <InputField control={control} name="activation_date" label="Activation Date" type="date" />
      <InputField control={control} name="expiry_date" label="Expiry Date" type="date" />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
