/**
 * Risk-reward of a trade level (spec section 5): (target - entry) / (entry - stop loss), rounded to
 * 2 decimals. The same formula serves long and short levels. Null when it cannot be computed.
 */
export function riskReward(entry: number, stopLoss: number, target: number): number | null {
  if (![entry, stopLoss, target].every(Number.isFinite) || entry === stopLoss) return null;
  const ratio = (target - entry) / (entry - stopLoss);
  return Math.round((ratio + Math.sign(ratio) * Number.EPSILON) * 100) / 100;
}
