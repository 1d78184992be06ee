/**
 * /dashboard/admin/members/{id}/accounts/{accountId}/algos: the account's algo subscriptions, every
 * field, Add new Subscription and Edit in a modal whose algo choice is the algo list.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { formatNumber } from '@shared/format';
import { MSG } from '@shared/messages';
import type { AlgoSubscription } from '@shared/schemas/admin/members';
import { BackButton } from '@client/components/back-button';
import { ClampedText } from '@client/components/clamped-text';
import { Modal } from '@client/components/modal';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { StatusBadge } from '@client/components/status-badge';
import { LoadState } from '@client/components/load-state';
import { useAlgos } from '@client/features/admin-algos';
import { useAlgoSubscriptions } from '../api/get-algo-subscriptions';
import { SUBSCRIPTION_NUMBERS } from '../lib/subscription-form';
import { algoLabel, SubscriptionForm } from './subscription-form';

function SubscriptionModalBody({
  accountId,
  subscription,
  onDone,
}: {
  accountId: number;
  subscription: AlgoSubscription | null;
  onDone: () => void;
}) {
  const algos = useAlgos();
  if (!algos.data) return <LoadState query={algos} />;
  if (algos.data.length === 0) return <p className="admin-state">{MSG.noAlgos}</p>;
  return <SubscriptionForm accountId={accountId} subscription={subscription} algos={algos.data} onDone={onDone} />;
}

export function SubscriptionsPage({ memberId, accountId }: { memberId: number; accountId: number }) {
  const subscriptions = useAlgoSubscriptions(accountId);
  const algos = useAlgos();
  const [editing, setEditing] = useState<AlgoSubscription | 'new' | null>(null);
  const close = () => setEditing(null);

  const algoCell = (s: AlgoSubscription) => {
    const algo = algos.data?.find((a) => a.algo_id === s.algo_id);
    return algo ? <ClampedText text={algoLabel(algo)} /> : s.algo_id;
  };
  const columns: ResponsiveColumn<AlgoSubscription>[] = [
    { key: 'row', header: 'Row ID', cell: (s) => s.row_id },
    { key: 'algo', header: 'Algo', cell: algoCell, primary: true, fullWidth: true },
    { key: 'account', header: 'Account ID', cell: (s) => s.trabot_account_id },
    ...SUBSCRIPTION_NUMBERS.map(([name, label]) => ({
      key: name,
      header: label,
      cell: (s: AlgoSubscription) => formatNumber(s[name]),
    })),
    {
      key: 'status',
      header: 'Subscription Status',
      primary: true,
      cell: (s) => (
        <StatusBadge tone={s.subscription_status === 'active' ? 'success' : 'neutral'}>
          {s.subscription_status}
        </StatusBadge>
      ),
    },
    {
      key: 'edit',
      header: 'Edit',
      sticky: true,
      cell: (s) => (
        <IonButton
          size="small"
          fill="outline"
          aria-label={`Edit subscription ${s.row_id}`}
          onClick={() => setEditing(s)}
        >
          Edit
        </IonButton>
      ),
    },
  ];

  return (
    <Page title={`Algo subscriptions of account ${accountId}`}>
      <div className="admin-toolbar">
        <BackButton fallback={`/dashboard/admin/members/${memberId}/accounts`} />
        <IonButton className="admin-toolbar-end" onClick={() => setEditing('new')}>
          Add new Subscription
        </IonButton>
      </div>
      <LoadState query={subscriptions} />
      {subscriptions.data && (
        <ResponsiveList
          items={subscriptions.data}
          columns={columns}
          rowKey={(s) => s.row_id}
          empty="No algo subscriptions found"
          caption={`Algo subscriptions of account ${accountId}`}
          cardTitle={(s) => `Subscription ${s.row_id}`}
        />
      )}
      <Modal
        isOpen={editing !== null}
        title={editing === 'new' ? 'Add new Subscription' : `Edit Subscription ${editing?.row_id ?? ''}`}
        onClose={close}
      >
        {editing !== null && (
          <SubscriptionModalBody
            accountId={accountId}
            subscription={editing === 'new' ? null : editing}
            onDone={close}
          />
        )}
      </Modal>
    </Page>
  );
}
