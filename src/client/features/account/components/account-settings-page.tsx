/** /dashboard/account-settings: statuses, broker details (editable online), balances (spec section 2). */
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { accessKeyStatusView, accountStatusView, brokerLabel, NA } from '@shared/format';
import { MSG } from '@shared/messages';
import type { AccountSettings } from '@shared/schemas/account';
import { Breadcrumb } from '@client/components/breadcrumb';
import { Modal } from '@client/components/modal';
import { OfflineNotice, refreshFailed } from '@client/components/offline-notice';
import { Page } from '@client/components/page';
import { Rupee } from '@client/components/rupee';
import { StatusBadge } from '@client/components/status-badge';
import { useOnline } from '@client/lib/online';
import { useAccountDetails } from '../api/get-account-details';
import { useBrokerLoginOutcome } from '../api/broker-login';
import { AccessKeyField } from './access-key-field';
import { BrokerConnect } from './broker-connect';
import { BrokerDetailsForm } from './broker-details-form';
import { ChangePasswordCard } from './change-password-card';
import './account-settings.css';
import { NotificationsToggle } from '@client/features/notifications';
import { MyMembershipCard } from '@client/features/membership';

const MEMBER_PUSH_KINDS = ['trade_opened', 'trade_closed', 'broker_session', 'membership'] as const;

/** Not in the spec's catalogue, which names only the loading and empty texts. */
const LOAD_ERROR = 'Error loading account settings';

const BREADCRUMB = [{ label: 'Dashboard', to: '/dashboard/trades' }, { label: 'Account Settings' }] as const;

function Positive({ view }: { view: { text: string; positive: boolean } }) {
  return <StatusBadge tone={view.positive ? 'success' : 'danger'}>{view.text}</StatusBadge>;
}

/** How the account's orders run, in words: "Paper trading: orders are simulated" or "Live at Zerodha". */
export function tradingModeText(account: Pick<AccountSettings, 'paper_trading' | 'broker_name'>): string {
  return account.paper_trading ? 'Paper trading: orders are simulated' : `Live at ${brokerLabel(account.broker_name)}`;
}

/**
 * Whether and how the broker's daily login matters to this account, in words: a live account
 * needs it each morning; a paper one does not, but may connect ahead of going live.
 */
function DailyLogin({ account }: { account: AccountSettings }) {
  const label = brokerLabel(account.broker_name);
  if (account.broker_login !== 'available') {
    return <>{account.paper_trading ? 'Not needed for paper trading' : `Not needed at ${label}`}</>;
  }
  return (
    <>
      <span className="daily-login-hint">
        Connect {label} each morning to trade live{account.paper_trading ? ' (not needed for paper trading)' : ''}.
      </span>{' '}
      <BrokerConnect {...account} />
    </>
  );
}

function AccountDetails({ userId, account }: { userId: number; account: AccountSettings }) {
  const online = useOnline();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <section className="settings-card" aria-labelledby="account-status-heading">
        <h2 id="account-status-heading">Status</h2>
        <dl className="settings-list">
          <div>
            <dt>Account Status</dt>
            <dd>
              <Positive view={accountStatusView(account.account_status)} />
            </dd>
          </div>
          <div>
            <dt>Access Key Status</dt>
            <dd>
              <Positive view={accessKeyStatusView(account.access_key_valid)} />
            </dd>
          </div>
        </dl>
      </section>

      <section className="settings-card" aria-labelledby="broker-heading">
        <div className="settings-card-header">
          <h2 id="broker-heading">Broker Details</h2>
          <IonButton
            size="small"
            fill="outline"
            disabled={!online}
            aria-describedby={online ? undefined : 'broker-offline-hint'}
            onClick={() => setEditing(true)}
          >
            Edit Broker Details
          </IonButton>
        </div>
        {!online && (
          <p id="broker-offline-hint" className="settings-hint">
            {MSG.needsConnection}
          </p>
        )}
        <dl className="settings-list">
          <div>
            <dt>Broker Name</dt>
            <dd>{account.broker_name && account.broker_name !== 'none' ? brokerLabel(account.broker_name) : NA}</dd>
          </div>
          <div>
            <dt>Trading Mode</dt>
            <dd>{tradingModeText(account)}</dd>
          </div>
          <div>
            <dt>Broker Client ID</dt>
            <dd>{account.broker_client_id || NA}</dd>
          </div>
          <div>
            <dt>Broker Access Key</dt>
            <dd>
              <AccessKeyField maskedKey={account.broker_access_key} />
            </dd>
          </div>
          {account.broker_login !== 'none' && (
            <div>
              <dt>Daily Login</dt>
              <dd>
                <DailyLogin account={account} />
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section className="settings-card" aria-labelledby="balances-heading">
        <h2 id="balances-heading">Account Balances</h2>
        <dl className="settings-list">
          <div>
            <dt>Equity</dt>
            <dd>
              <Rupee value={account.equity_amount_balance} />
            </dd>
          </div>
          <div>
            <dt>Commodity</dt>
            <dd>
              <Rupee value={account.commodity_amount_balance} />
            </dd>
          </div>
          <div>
            <dt>Currency</dt>
            <dd>
              <Rupee value={account.currency_amount_balance} />
            </dd>
          </div>
        </dl>
      </section>

      <Modal isOpen={editing} title="Edit Broker Details" onClose={() => setEditing(false)}>
        {editing && <BrokerDetailsForm userId={userId} account={account} onDone={() => setEditing(false)} />}
      </Modal>
    </>
  );
}

export function AccountSettingsPage({ userId }: { userId: number }) {
  const query = useAccountDetails(userId);
  const { data, isPending, isError, fetchStatus, dataUpdatedAt, refetch } = query;
  useBrokerLoginOutcome();

  let body;
  if (data) body = <AccountDetails userId={userId} account={data} />;
  else if (data === null) body = <p className="account-state">{MSG.accountSettingsEmpty}</p>;
  else if (isPending && fetchStatus !== 'paused')
    body = (
      <p className="account-state" role="status">
        {MSG.accountSettingsLoading}
      </p>
    );
  else if (isError)
    body = (
      <p className="account-state account-state--error" role="alert">
        {LOAD_ERROR}
      </p>
    );

  return (
    <Page title="Account Settings" showTitle={false}>
      <Breadcrumb items={BREADCRUMB} />
      <h1 className="page-title">Account Settings</h1>
      {/* The saved copy while the server fails says so, with its time. */}
      <OfflineNotice
        updatedAt={dataUpdatedAt}
        failed={refreshFailed(query)}
        subject="account settings"
        onRetry={() => void refetch()}
      />
      {body}
      <MyMembershipCard />
      <ChangePasswordCard />
      <NotificationsToggle
        kinds={MEMBER_PUSH_KINDS}
        label="Notify this device when my trades open and close, when my broker needs today's login, and if my membership is cancelled"
      />
    </Page>
  );
}
