/**
 * How many shares one subscribed account trades on a signal (docs/engine.md, "Sizing"). Pure: the
 * engine passes the subscription row, the signal's levels and direction, the price the order will
 * really get (the last price on the tick for a market entry) and the account's key state.
 */
import { levelSideErrors } from '@shared/levels';
import { riskReward } from '@shared/risk-reward';
import type { algoSubscriptions, signals } from '../db/schema';
import { floorShares, round2 } from './money';

export type SizingSubscription = Pick<
  typeof algoSubscriptions.$inferSelect,
  | 'max_total_capital'
  | 'risk_percent_pertrade'
  | 'max_percent_allocation_pertrade'
  | 'min_percent_allocation_pertrade'
  | 'min_required_risk_reward'
  | 'max_acceptable_loss'
>;
export type SizingSignal = Pick<
  typeof signals.$inferSelect,
  'trade_direction' | 'entry_level' | 'stop_loss_level' | 'target_level' | 'portion_in_trade'
>;

export interface SizingInput {
  subscription: SizingSubscription;
  signal: SizingSignal;
  accessKeyValid: boolean;
  /** The price the order will get; the signal's entry level when not given. */
  price?: number;
}

export type SkipReason =
  | 'invalid_key'
  | 'no_capital'
  | 'invalid_levels'
  | 'price_beyond_levels'
  | 'risk_reward_below_min'
  | 'zero_quantity'
  | 'allocation_below_min'
  | 'loss_above_max';

export interface Sized {
  ok: true;
  quantity: number;
  riskBudget: number;
  riskReward: number;
  /** quantity x price as a percentage of max_total_capital. */
  allocationPercent: number;
  /** quantity x |price - stop-loss|: what the account loses if the stop-loss is hit. */
  lossAtStop: number;
}

export interface Skipped {
  ok: false;
  reason: SkipReason;
  /** The reason in words, with the numbers that decided it (goes into the warning). */
  detail: string;
}

export type SizingResult = Sized | Skipped;

const skip = (reason: SkipReason, detail: string): Skipped => ({ ok: false, reason, detail });

/** +1 for a long, -1 for a short: a long gains as the price rises. */
const sign = (direction: string) => (direction === 'short' ? -1 : 1);

/** Null when the levels are on their sides of the entry (shared/levels.ts), else why not, with the numbers. */
export function levelsProblem(
  signal: Pick<SizingSignal, 'trade_direction' | 'entry_level' | 'stop_loss_level' | 'target_level'>,
): string | null {
  const { trade_direction: direction, entry_level: entry, stop_loss_level: stop, target_level: target } = signal;
  if (!Object.keys(levelSideErrors(direction, entry, stop, target)).length) return null;
  const [below, above] = sign(direction) > 0 ? ['below', 'above'] : ['above', 'below'];
  return `for a ${direction} trade the stop-loss (${stop}) must be ${below} the entry (${entry}) and the target (${target}) ${above} it`;
}

export function sizePosition({
  subscription: sub,
  signal,
  accessKeyValid,
  price = signal.entry_level,
}: SizingInput): SizingResult {
  if (!accessKeyValid) return skip('invalid_key', 'the broker access key is invalid');
  if (!(sub.max_total_capital > 0)) return skip('no_capital', "the subscription's max total capital is 0");
  const wrongSide = levelsProblem(signal);
  if (wrongSide) return skip('invalid_levels', wrongSide);
  const s = sign(signal.trade_direction);
  if (!(price > 0) || !(s * (price - signal.stop_loss_level) > 0) || !(s * (signal.target_level - price) > 0)) {
    return skip(
      'price_beyond_levels',
      `the price ${price} is not between the stop-loss ${signal.stop_loss_level} and the target ${signal.target_level}`,
    );
  }

  const perShareRisk = Math.abs(price - signal.stop_loss_level);
  const rr = riskReward(price, signal.stop_loss_level, signal.target_level) as number;
  if (rr < sub.min_required_risk_reward) {
    return skip(
      'risk_reward_below_min',
      `risk-reward ${rr} at ${price} is below the required ${sub.min_required_risk_reward}`,
    );
  }

  const riskBudget = (sub.max_total_capital * sub.risk_percent_pertrade) / 100;
  const byRisk = floorShares(riskBudget / perShareRisk);
  // The portion never sizes above the risk budget, whatever a row holds.
  const portion = Math.min(Math.max(signal.portion_in_trade, 0), 100);
  const byPortion = floorShares((byRisk * portion) / 100);
  const maxAllocation = (sub.max_total_capital * sub.max_percent_allocation_pertrade) / 100;
  const quantity = Math.min(byPortion, floorShares(maxAllocation / price));
  if (quantity <= 0)
    return skip('zero_quantity', `the quantity comes to 0 (risk budget ${round2(riskBudget)}, price ${price})`);

  const allocation = ((quantity * price) / sub.max_total_capital) * 100;
  const allocationPercent = round2(allocation);
  if (allocation < sub.min_percent_allocation_pertrade - 1e-9) {
    return skip(
      'allocation_below_min',
      `allocation ${allocationPercent}% is below the minimum ${sub.min_percent_allocation_pertrade}%`,
    );
  }
  const lossAtStop = round2(quantity * perShareRisk);
  if (lossAtStop > sub.max_acceptable_loss) {
    return skip('loss_above_max', `loss at stop-loss ${lossAtStop} exceeds the maximum ${sub.max_acceptable_loss}`);
  }
  return { ok: true, quantity, riskBudget: round2(riskBudget), riskReward: rr, allocationPercent, lossAtStop };
}
