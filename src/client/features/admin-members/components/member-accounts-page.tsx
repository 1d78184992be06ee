/**
 * /dashboard/admin/members/{id}/accounts: the member's broker accounts with their statuses, Edit
 * (the broker modal) and links to each account's algo subscriptions and trades.
 */
import { IonButton } from '@ionic/react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { accessKeyStatusView, accountStatusView, formatTimestamp, NA } from '../../../../shared/format';
import type { MemberAccount } from '../../../../shared/schemas/admin/members';
import { BackButton } from '../../../components/back-button';
import { Page } from '../../../components/page';
import { ResponsiveList, type ResponsiveColumn } from '../../../components/responsive-list';
import { StatusBadge } from '../../../components/status-badge';
import { LoadState } from '../../admin/components/load-state';
import { useMemberAccounts } from '../api/get-member-accounts';
import { AccountBrokerModal } from './account-broker-modal';

function Positive({ view }: { view: { text: string; positive: boolean } }) {
  return <StatusBadge tone={view.positive ? 'success' : 'danger'}>{view.text}</StatusBadge>;
}

export function MemberAccountsPage({ memberId }: { memberId: number }) {
  const accounts = useMemberAccounts(memberId);
  const [editing, setEditing] = useState<MemberAccount | null>(null);
  const params = (a: MemberAccount) => ({ id: String(memberId), accountId: String(a.trabot_account_id) });

  const columns: ResponsiveColumn<MemberAccount>[] = [
    { key: 'id', header: 'ID', cell: (a) => a.trabot_account_id },
    { key: 'status', header: 'Status', cell: (a) => <Positive view={accountStatusView(a.account_status)} />, primary: true },
    {
      key: 'broker',
      header: 'Broker Name',
      primary: true,
      cell: (a) => (
        <>
          {a.broker_name || NA}
          {a.paper_trading && (
            <>
              {' '}
              <StatusBadge tone="info">paper trading</StatusBadge>
            </>
          )}
        </>
      ),
    },
    { key: 'client', header: 'Broker Client ID', cell: (a) => a.broker_client_id || NA },
    { key: 'valid', header: 'Broker Key Valid', cell: (a) => <Positive view={accessKeyStatusView(a.access_key_valid)} /> },
    { key: 'updated', header: 'Broker Key Update time', cell: (a) => formatTimestamp(a.access_key_updated_timestamp) },
    {
      key: 'edit',
      header: 'Edit',
      cell: (a) => (
        <IonButton size="small" fill="outline" aria-label={`Edit broker details of account ${a.trabot_account_id}`} onClick={() => setEditing(a)}>
          Edit
        </IonButton>
      ),
    },
    {
      key: 'algos',
      header: 'Subscribed Algos',
      cell: (a) => (
        <Link to="/dashboard/admin/members/$id/accounts/$accountId/algos" params={params(a)} aria-label={`Subscribed algos of account ${a.trabot_account_id}`}>
          Subscribed Algos
        </Link>
      ),
    },
    {
      key: 'trades',
      header: 'Trades',
      cell: (a) => (
        <Link to="/dashboard/admin/members/$id/accounts/$accountId/trades" params={params(a)} aria-label={`Trades of account ${a.trabot_account_id}`}>
          Trades
        </Link>
      ),
    },
  ];

  return (
    <Page title={`Accounts of member ${memberId}`}>
      <div className="admin-toolbar">
        <BackButton fallback="/dashboard/admin/members" />
      </div>
      <LoadState query={accounts} />
      {accounts.data && (
        <ResponsiveList
          items={accounts.data}
          columns={columns}
          rowKey={(a) => a.trabot_account_id}
          empty="No account found"
          caption={`Accounts of member ${memberId}`}
          cardTitle={(a) => `Account ${a.trabot_account_id}`}
        />
      )}
      <AccountBrokerModal memberId={memberId} account={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
