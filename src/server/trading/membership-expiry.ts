/**
 * A membership that has expired opens nothing new: the engine places no entry (a signal's or a
 * manual one) on the accounts of a member whose expiry date is before today in India; exits still
 * go through, so a running trade can always be closed. The member keeps reading their history.
 */
import { istDay } from '@shared/ist';

/** True when `expiryDate` (yyyy-MM-dd, or none) is before `now`'s day in India. */
export function membershipExpired(expiryDate: string | null, now: Date): boolean {
  return expiryDate !== null && expiryDate < istDay(now);
}

export const expiredMembershipSkip = (expiryDate: string) => ({
  reason: 'membership_expired',
  detail: `the membership expired on ${expiryDate}`,
});
