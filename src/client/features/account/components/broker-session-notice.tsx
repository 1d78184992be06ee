/**
 * "Your Zerodha session has ended" above a member's trades when their account trades live and
 * today's daily login has not happened (Kite ends sessions at 06:00 IST): without it the engine
 * cannot place their orders. Links to Account Settings, where Connect is.
 */
import { Link } from '@tanstack/react-router';
import { brokerLabel } from '@shared/format';
import { useAccountDetails } from '../api/get-account-details';
import { sessionValidUntil } from '../lib/broker-session';

export function BrokerSessionNotice({ userId, now = new Date() }: { userId: number; now?: Date }) {
  const { data: account } = useAccountDetails(userId);
  if (!account || account.paper_trading || account.broker_login !== 'available') return null;
  if (sessionValidUntil(account.broker_session_expires_at, now)) return null;
  const label = brokerLabel(account.broker_name);
  return (
    <p className="membership-notice" role="status">
      Your {label} session has ended: <Link to="/dashboard/account-settings">connect {label}</Link> to trade today.
    </p>
  );
}
