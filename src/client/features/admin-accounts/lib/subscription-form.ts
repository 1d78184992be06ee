/**
 * The subscription form (spec section 5): every field required, the algo chosen from the algo list,
 * the numeric fields typed as text and sent as numbers, then checked by the shared body schema.
 */
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '@shared/constants';
import { saveSubscriptionBodySchema, type AlgoSubscription } from '@shared/schemas/admin/members';
import { requiredNumber, textOf } from '@client/lib/form-text';

/** The numeric fields with their labels, in the order of the spec's field list. */
export const SUBSCRIPTION_NUMBERS = [
  ['max_total_capital', 'Max Total Capital'],
  ['risk_percent_pertrade', 'Risk % Per Trade'],
  ['max_percent_allocation_pertrade', 'Max % Allocation Per Trade'],
  ['min_percent_allocation_pertrade', 'Min % Allocation Per Trade'],
  ['min_required_risk_reward', 'Min Required Risk-Reward'],
  ['max_acceptable_loss', 'Max Acceptable Loss'],
] as const;

type NumberField = (typeof SUBSCRIPTION_NUMBERS)[number][0];

const numbers = Object.fromEntries(
  SUBSCRIPTION_NUMBERS.map(([name, label]) => [name, requiredNumber(label)]),
) as Record<NumberField, ReturnType<typeof requiredNumber>>;

/** The row being edited (or null for a new one) and its account complete the body. */
export const subscriptionFormSchema = (accountId: number, rowId: number | null) =>
  z
    .object({
      algo_id: z.number({ error: 'Choose an algo' }),
      subscription_status: z.enum(SUBSCRIPTION_STATUSES, { error: 'Choose active or inactive' }),
      ...numbers,
    })
    .transform((values) => ({ ...values, row_id: rowId, trabot_account_id: accountId }))
    .pipe(saveSubscriptionBodySchema);

export type SubscriptionFormValues = z.input<ReturnType<typeof subscriptionFormSchema>>;

/** The form's starting values; a new subscription has no algo chosen yet. */
export function subscriptionFormValues(subscription: AlgoSubscription | null): DefaultValues<SubscriptionFormValues> {
  return {
    algo_id: subscription?.algo_id,
    subscription_status: subscription?.subscription_status ?? 'active',
    ...(Object.fromEntries(SUBSCRIPTION_NUMBERS.map(([name]) => [name, textOf(subscription?.[name])])) as Record<
      NumberField,
      string
    >),
  };
}
