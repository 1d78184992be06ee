/** The member's own broker form: the member broker list, saved through POST /api/update-broker-details. */
import { memberBrokerDetailsSchema, type AccountSettings } from '@shared/schemas/account';
import { useUpdateBrokerDetails } from '../api/update-broker-details';
import { BrokerForm } from './broker-form';

export function BrokerDetailsForm({
  userId,
  account,
  onDone,
}: {
  userId: number;
  account: AccountSettings;
  onDone: () => void;
}) {
  const mutation = useUpdateBrokerDetails(userId);
  return <BrokerForm schema={memberBrokerDetailsSchema} account={account} mutation={mutation} onDone={onDone} />;
}
