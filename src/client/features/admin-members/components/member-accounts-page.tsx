/**
 * /dashboard/admin/members/{id}/accounts: the member's broker accounts with their statuses, trading
 * mode (paper or live; LIVE shown when orders really go to the broker), its kill switch, the daily broker login
 * (connect on the member's behalf), Edit (the broker modal) and links to each account's algo
 * subscriptions and trades.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { accessKeyStatusView, accountStatusView, formatTimestamp, NA } from '@shared/format';
import type { MemberAccount } from '@shared/schemas/admin/members';
import { BackButton } from '@client/components/back-button';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { StatusBadge } from '@client/components/status-badge';
import { LoadState } from '@client/components/load-state';
import { useMemberAccounts } from '../api/get-member-accounts';
import { useBrokerLoginOutcome } from '@client/features/account';
import { BrokerConnect } from '@client/features/account';
import { useHalts } from '@client/features/admin-halts';
import { HaltControls } from '@client/features/admin-halts';
import { AccountBrokerModal } from './account-broker-modal';
import { useSetTradingMode } from '../api/set-trading-mode';
import { useSetOrderSource } from '../api/set-order-source';
import { InlineSetting } from '@client/components/inline-setting';

function Positive({ view }: { view: { text: string; positive: boolean } }) {
  return <StatusBadge tone={view.positive ? 'success' : 'danger'}>{view.text}</StatusBadge>;
}

export function MemberAccountsPage({ memberId }: { memberId: number }) {
  const accounts = useMemberAccounts(memberId);
  const [editing, setEditing] = useState<MemberAccount | null>(null);
  const setMode = useSetTradingMode(memberId);
  const setOrderSource = useSetOrderSource(memberId);
  const params = (a: MemberAccount) => ({ id: memberId, accountId: a.trabot_account_id });
  useBrokerLoginOutcome();
  const halts = useHalts();

  const columns: ResponsiveColumn<MemberAccount>[] = [
    { key: 'id', header: 'ID', cell: (a) => a.trabot_account_id },
    {
      key: 'status',
      header: 'Status',
      cell: (a) => <Positive view={accountStatusView(a.account_status)} />,
      primary: true,
    },
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
    {
      key: 'mode',
      header: 'Mode',
      cell: (a) => (
        <>
          <select
            aria-label={`Trading mode of account ${a.trabot_account_id}`}
            value={a.trading_mode}
            disabled={setMode.isPending}
            onChange={(e) =>
              setMode.mutate({ accountId: a.trabot_account_id, mode: e.target.value as MemberAccount['trading_mode'] })
            }
          >
            <option value="paper">paper</option>
            <option value="live">live</option>
          </select>{' '}
          {!a.paper_trading && <StatusBadge tone="danger">LIVE</StatusBadge>}
          {/* Where live orders leave from (the static IP registered with the broker): a live matter. */}
          <InlineSetting
            label={`Order address of account ${a.trabot_account_id}`}
            value={a.order_source}
            placeholder="server's address"
            saving={setOrderSource.isPending}
            onSave={(value) => setOrderSource.mutate({ accountId: a.trabot_account_id, orderSource: value })}
          />
        </>
      ),
    },
    { key: 'client', header: 'Broker Client ID', cell: (a) => a.broker_client_id || NA },
    {
      key: 'valid',
      header: 'Broker Key Valid',
      cell: (a) => <Positive view={accessKeyStatusView(a.access_key_valid)} />,
    },
    { key: 'updated', header: 'Broker Key Update time', cell: (a) => formatTimestamp(a.access_key_updated_timestamp) },
    {
      key: 'halt',
      header: 'Halt',
      cell: (a) => (
        <HaltControls
          accountId={a.trabot_account_id}
          halt={halts.data?.find((h) => h.account_id === a.trabot_account_id)}
          compact
        />
      ),
    },
    {
      key: 'login',
      header: 'Daily Login',
      cell: (a) => (a.broker_login === 'none' ? NA : <BrokerConnect {...a} accountId={a.trabot_account_id} />),
    },
    {
      key: 'edit',
      header: 'Edit',
      cell: (a) => (
        <IonButton
          size="small"
          fill="outline"
          aria-label={`Edit broker details of account ${a.trabot_account_id}`}
          onClick={() => setEditing(a)}
        >
          Edit
        </IonButton>
      ),
    },
    {
      key: 'algos',
      header: 'Subscribed Algos',
      cell: (a) => (
        <Link
          to="/dashboard/admin/members/$id/accounts/$accountId/algos"
          params={params(a)}
          aria-label={`Subscribed algos of account ${a.trabot_account_id}`}
        >
          Subscribed Algos
        </Link>
      ),
    },
    {
      key: 'trades',
      header: 'Trades',
      sticky: true,
      cell: (a) => (
        <Link
          to="/dashboard/admin/members/$id/accounts/$accountId/trades"
          params={params(a)}
          aria-label={`Trades of account ${a.trabot_account_id}`}
        >
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
