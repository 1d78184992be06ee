/**
 * Which accounts a signal's entry goes to, one rule for the engine (fan-out, Manual Entry) and the
 * signal preview, so the preview never promises a trade the engine will not make: the accounts
 * with an active subscription to the signal's algo, the account active, read with the member's
 * expiry date; of those, a halted account (trading/halt-state.ts) or an expired membership
 * (trading/membership-expiry.ts) is skipped, with the reason its warning gives. What follows
 * (keys, prices, sizing) is each caller's.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { accounts, algoSubscriptions, members } from '../db/schema';
import { haltOf, haltSkip, type HaltState } from './halt-state';
import { expiredMembershipSkip, membershipExpired } from './membership-expiry';

/** Why an account gets no entry, as its skip warning says it. */
export interface EntrySkip {
  reason: string;
  detail: string;
}

const SUBSCRIBER_FIELDS = {
  subscription: algoSubscriptions,
  account: accounts,
  membershipExpiry: members.expiry_date,
};

/**
 * The algo's subscribers (subscription, account, membershipExpiry, and `extra` fields), joined from
 * algo_subscriptions to accounts and members: the caller adds its joins, then
 * `.where(subscribedTo(algoId, ...))`.
 */
export function selectSubscribers<E extends SelectedFields>(db: Db, extra: E) {
  return db
    .select({ ...SUBSCRIBER_FIELDS, ...extra })
    .from(algoSubscriptions)
    .innerJoin(accounts, eq(accounts.trabot_account_id, algoSubscriptions.trabot_account_id))
    .innerJoin(members, eq(members.trabot_client_id, accounts.trabot_client_id));
}

/** An active subscription to the algo on an active account, and the caller's own conditions. */
export const subscribedTo = (algoId: number, ...more: (SQL | undefined)[]) =>
  and(
    eq(algoSubscriptions.algo_id, algoId),
    eq(algoSubscriptions.subscription_status, 'active'),
    eq(accounts.account_status, 'active'),
    ...more,
  );

/** Why this subscriber's account gets no entry now (a halt first, then an expired membership); null when it may. */
export function entrySkip(
  halts: HaltState,
  subscriber: { account: { trabot_account_id: number }; membershipExpiry: string | null },
  now: Date,
): EntrySkip | null {
  const halt = haltOf(halts, subscriber.account.trabot_account_id);
  if (halt) return haltSkip(halt);
  if (membershipExpired(subscriber.membershipExpiry, now)) return expiredMembershipSkip(subscriber.membershipExpiry!);
  return null;
}
