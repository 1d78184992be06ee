/**
 * The broker form shared by the member's account settings and the admin's broker modal
 * (react-hook-form + the shared zod schema, whose broker list is the member's or the admin's).
 * Unchanged fields close the modal without a call (spec section 5); a failed save keeps the modal
 * open with the typed values, and a refusal that names a field (a second Dhan client on an
 * individual Dhan key, 409) shows under it. With Dhan on an individual key, choosing Dhan says so.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type {
  adminBrokerDetailsSchema,
  AccountSettings,
  BrokerDetails,
  memberBrokerDetailsSchema,
} from '@shared/schemas/account';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { showServerFieldErrors } from '@client/lib/server-field-errors';

type BrokerSchema = typeof memberBrokerDetailsSchema | typeof adminBrokerDetailsSchema;
type StoredBroker = Pick<AccountSettings, 'broker_name' | 'broker_client_id'> &
  Partial<Pick<AccountSettings, 'dhan_access'>>;

/** Under the broker field when Dhan is chosen and the server reaches it with one client's own API key. */
export const DHAN_INDIVIDUAL_NOTE = 'Dhan: one account only (individual API key)';

/** A blank key keeps the stored one, so only a typed key is a change. */
export function isUnchanged(values: BrokerDetails, account: StoredBroker): boolean {
  return (
    values.broker_name === account.broker_name &&
    values.broker_client_id === account.broker_client_id &&
    values.broker_access_key === ''
  );
}

export interface BrokerFormProps<S extends BrokerSchema> {
  schema: S;
  account: StoredBroker;
  mutation: Pick<UseMutationResult<unknown, Error, z.infer<S>>, 'mutate' | 'isPending'>;
  onDone: () => void;
}

export function BrokerForm<S extends BrokerSchema>({ schema, account, mutation, onDone }: BrokerFormProps<S>) {
  const brokers: readonly string[] = schema.shape.broker_name.options;
  const { control, handleSubmit, setError } = useForm<BrokerDetails, unknown, z.infer<S>>({
    resolver: zodResolver(schema as typeof adminBrokerDetailsSchema) as never,
    defaultValues: {
      // A broker the list does not offer (angelone, set by an admin, in the member's form) must be chosen anew.
      broker_name: brokers.includes(account.broker_name)
        ? (account.broker_name as BrokerDetails['broker_name'])
        : undefined,
      broker_client_id: account.broker_client_id,
      broker_access_key: '',
    },
  });

  const chosen = useWatch({ control, name: 'broker_name' });

  const onSubmit = handleSubmit((values) => {
    if (isUnchanged(values, account)) return onDone();
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => showServerFieldErrors(error, ['broker_client_id'] as const, setError),
    });
  });

  return (
    <form className="app-form broker-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <SelectField
        control={control}
        name="broker_name"
        label="Broker Name"
        placeholder="Choose a broker"
        options={optionsOf(brokers)}
        helperText={chosen === 'dhan' && account.dhan_access === 'individual' ? DHAN_INDIVIDUAL_NOTE : undefined}
      />
      <InputField control={control} name="broker_client_id" label="Broker Client ID" />
      <InputField
        control={control}
        name="broker_access_key"
        label="Broker Access Key"
        type="password"
        helperText="Leave blank to keep the current key"
      />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
