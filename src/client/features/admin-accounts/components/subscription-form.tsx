/** Add or edit an algo subscription of an account; the algo comes from GET /api/algos. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SUBSCRIPTION_STATUSES } from '@shared/constants';
import type { Algo } from '@shared/schemas/admin/algos';
import type { AlgoSubscription, SaveSubscriptionBody } from '@shared/schemas/admin/members';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useSaveAlgoSubscription } from '../api/save-algo-subscription';
import {
  SUBSCRIPTION_NUMBERS,
  subscriptionFormSchema,
  subscriptionFormValues,
  type SubscriptionFormValues,
} from '../lib/subscription-form';

export const algoLabel = (algo: Pick<Algo, 'algo_id' | 'algo_desc'>) => `${algo.algo_id} - ${algo.algo_desc}`;

export function SubscriptionForm({
  accountId,
  subscription,
  algos,
  onDone,
}: {
  accountId: number;
  /** null adds a subscription. */
  subscription: AlgoSubscription | null;
  algos: readonly Algo[];
  onDone: () => void;
}) {
  const mutation = useSaveAlgoSubscription(accountId);
  const { control, handleSubmit, setError } = useForm<SubscriptionFormValues, unknown, SaveSubscriptionBody>({
    resolver: zodResolver(subscriptionFormSchema(accountId, subscription?.row_id ?? null)),
    defaultValues: subscriptionFormValues(subscription),
  });
  useServerFieldErrors(mutation.error, setError);

  const onSubmit = handleSubmit((body) => mutation.mutate(body, { onSuccess: onDone }));

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <SelectField
        control={control}
        name="algo_id"
        label="Algo"
        placeholder="Choose an algo"
        options={algos.map((algo) => ({ value: algo.algo_id, label: algoLabel(algo) }))}
      />
      {SUBSCRIPTION_NUMBERS.map(([name, label]) => (
        <InputField
          key={name}
          control={control}
          name={name}
          label={label}
          type="number"
          inputmode="decimal"
          step="any"
        />
      ))}
      <SelectField
        control={control}
        name="subscription_status"
        label="Subscription Status"
        options={optionsOf(SUBSCRIPTION_STATUSES)}
      />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
