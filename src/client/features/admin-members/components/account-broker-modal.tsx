/**
 * The admin's broker modal for one account, titled with it: loads the account's current details
 * (GET /api/{accountId}/account-details), then the shared broker form with the admin's broker list.
 */
import { MSG } from '@shared/messages';
import { adminBrokerDetailsSchema } from '@shared/schemas/account';
import type { MemberAccount } from '@shared/schemas/admin/members';
import { Modal } from '@client/components/modal';
import { BrokerForm } from '@client/features/account';
import { LoadState } from '@client/components/load-state';
import { useAdminAccountDetails } from '../api/get-admin-account-details';
import { useUpdateAccountBrokerDetails } from '../api/update-account-broker-details';

function AccountBrokerForm({
  memberId,
  accountId,
  onDone,
}: {
  memberId: number;
  accountId: number;
  onDone: () => void;
}) {
  const details = useAdminAccountDetails(accountId);
  const mutation = useUpdateAccountBrokerDetails(memberId, accountId);
  // The form starts from the account as stored now: a copy cached by an earlier opening is refreshed first.
  if (!details.data || details.isFetching || details.isError) {
    return <LoadState query={{ isPending: true, isError: details.isError }} failure={MSG.brokerModalLoadFailure} />;
  }
  return <BrokerForm schema={adminBrokerDetailsSchema} account={details.data} mutation={mutation} onDone={onDone} />;
}

export function AccountBrokerModal({
  memberId,
  account,
  onClose,
}: {
  memberId: number;
  account: MemberAccount | null;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={account !== null}
      title={account ? `Broker details of account ${account.trabot_account_id}` : undefined}
      onClose={onClose}
    >
      {account && <AccountBrokerForm memberId={memberId} accountId={account.trabot_account_id} onDone={onClose} />}
    </Modal>
  );
}
