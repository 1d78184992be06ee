/** The membership's figures (spec section 9, from shared constants) as the public pages write them. */
import { ALGO_TESTING, MEMBERSHIP_FEE } from '@shared/constants';
import { indianNumberText, wholeDollarsText } from '@shared/number-text';

/** 1 -> "1st", 25 -> "25th". */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

export const TERMS = {
  feeUsd: `${MEMBERSHIP_FEE.usd} USD`,
  feeInr: `${indianNumberText(MEMBERSHIP_FEE.inr)} INR`,
  feeUsdSymbol: wholeDollarsText(MEMBERSHIP_FEE.usd),
  feeInrSymbol: `₹${indianNumberText(MEMBERSHIP_FEE.inr)}`,
  dueFrom: ordinal(MEMBERSHIP_FEE.paymentWindow.fromDay),
  dueBy: ordinal(MEMBERSHIP_FEE.paymentWindow.toDay),
  maxMembersPerAlgo: ALGO_TESTING.maxMembersPerAlgo,
  minCapital: wholeDollarsText(ALGO_TESTING.minCapitalUsd),
  maxCapital: wholeDollarsText(ALGO_TESTING.maxCapitalUsd),
} as const;
