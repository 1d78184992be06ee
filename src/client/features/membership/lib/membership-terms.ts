/** The membership's figures (spec section 9, from shared constants) as the public pages write them. */
import { ALGO_TESTING, MEMBERSHIP_FEE } from '@shared/constants';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** 1 -> "1st", 25 -> "25th". */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

export const TERMS = {
  feeUsd: `${MEMBERSHIP_FEE.usd} USD`,
  feeInr: `${MEMBERSHIP_FEE.inr.toLocaleString('en-IN')} INR`,
  feeUsdSymbol: usd.format(MEMBERSHIP_FEE.usd),
  feeInrSymbol: inr.format(MEMBERSHIP_FEE.inr),
  dueFrom: ordinal(MEMBERSHIP_FEE.paymentWindow.fromDay),
  dueBy: ordinal(MEMBERSHIP_FEE.paymentWindow.toDay),
  maxMembersPerAlgo: ALGO_TESTING.maxMembersPerAlgo,
  minCapital: usd.format(ALGO_TESTING.minCapitalUsd),
  maxCapital: usd.format(ALGO_TESTING.maxCapitalUsd),
} as const;
