/**
 * "Membership expired on <date>" above a member's trades: the history stays theirs to read, while
 * the engine opens no new trades on the account. Shown only once the server says
 * so (offline: nothing).
 */
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@shared/format';
import { membershipQueryOptions } from '../api/membership';

export function MembershipNotice({ userId }: { userId: number }) {
  const { data } = useQuery(membershipQueryOptions(userId));
  if (!data?.expired || !data.expiry_date) return null;
  return (
    <p className="membership-notice" role="status">
      Membership expired on {formatDate(data.expiry_date)}
    </p>
  );
}
