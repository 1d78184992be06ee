/**
 * How many shares one subscribed account trades on a signal (docs/engine.md, "Sizing"). Pure: the
 * engine passes the subscription row, the signal's levels and the account's key state.
 */
import { riskReward } from '../../shared/risk-reward';
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
  'entry_level' | 'stop_loss_level' | 'target_level' | 'portion_in_trade'
>;

export interface SizingInput {
  subscription: SizingSubscription;
  signal: SizingSignal;
  accessKeyValid: boolean;
}

export type SkipReason =
  | 'invalid_key'
  | 'invalid_levels'
  | 'risk_reward_below_min'
  | 'zero_quantity'
  | 'allocation_below_min'
  | 'loss_above_max';

export interface Sized {
  ok: true;
  quantity: number;
  riskBudget: number;
  riskReward: number;
  /** quantity x entry as a percentage of max_total_capital. */
  allocationPercent: number;
  /** quantity x |entry - stop-loss|: what the account loses if the stop-loss is hit. */
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

export function sizePosition({ subscription: sub, signal, accessKeyValid }: SizingInput): SizingResult {
  if (!accessKeyValid) return skip('invalid_key', 'the broker access key is invalid');

  const entry = signal.entry_level;
  const perShareRisk = Math.abs(entry - signal.stop_loss_level);
  const rr = riskReward(entry, signal.stop_loss_level, signal.target_level);
  if (!(entry > 0) || !(perShareRisk > 0) || rr === null || !(sub.max_total_capital > 0)) {
    return skip('invalid_levels', `entry ${entry} and stop-loss ${signal.stop_loss_level} give no risk per share`);
  }
  if (rr < sub.min_required_risk_reward) {
    return skip('risk_reward_below_min', `risk-reward ${rr} is below the required ${sub.min_required_risk_reward}`);
  }

  const riskBudget = (sub.max_total_capital * sub.risk_percent_pertrade) / 100;
  const byRisk = floorShares(riskBudget / perShareRisk);
  const byPortion = floorShares((byRisk * signal.portion_in_trade) / 100);
  const maxAllocation = (sub.max_total_capital * sub.max_percent_allocation_pertrade) / 100;
  const quantity = Math.min(byPortion, floorShares(maxAllocation / entry));
  if (quantity <= 0) return skip('zero_quantity', `the quantity comes to 0 (risk budget ${round2(riskBudget)})`);

  const allocation = ((quantity * entry) / sub.max_total_capital) * 100;
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
