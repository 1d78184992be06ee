/**
 * An account's daily broker login: until when today's session holds and a Connect button (when
 * the broker has a login configured on this server), or why there is none.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { brokerLabel } from '@shared/format';
import type { AccountSettings } from '@shared/schemas/account';
import { HttpError, serverErrorText } from '@client/lib/api';
import { useOnline } from '@client/lib/online';
import { toast } from '@client/lib/toast';
import { goToBrokerLogin } from '../api/broker-login';
import { sessionValidUntil } from '../lib/broker-session';

type Props = Pick<AccountSettings, 'broker_name' | 'broker_login' | 'broker_session_expires_at'> & {
  /** The account, when a superadmin connects someone else's. */
  accountId?: number;
  now?: Date;
};

export function BrokerConnect({
  broker_name,
  broker_login,
  broker_session_expires_at,
  accountId,
  now = new Date(),
}: Props) {
  const online = useOnline();
  const [leaving, setLeaving] = useState(false);
  const label = brokerLabel(broker_name);
  if (broker_login === 'none') return null;
  if (broker_login === 'paper_only') return <span>Paper only (no adapter yet)</span>;
  if (broker_login === 'not_configured') return <span>Not configured: paper trading</span>;

  const until = sessionValidUntil(broker_session_expires_at, now);
  const connect = async () => {
    setLeaving(true);
    try {
      await goToBrokerLogin(broker_name, accountId);
    } catch (err) {
      setLeaving(false);
      toast.error(
        err instanceof HttpError ? serverErrorText(err.body, `${label} login failed`) : `${label} login failed`,
      );
    }
  };
  return (
    <span className="broker-connect">
      <span>{until ? `Connected until ${until}` : 'Not connected today'}</span>{' '}
      <IonButton
        size="small"
        fill={until ? 'clear' : 'solid'}
        disabled={!online || leaving}
        aria-label={accountId === undefined ? undefined : `Connect ${label} for account ${accountId}`}
        onClick={() => void connect()}
      >
        Connect {label}
      </IonButton>
    </span>
  );
}
