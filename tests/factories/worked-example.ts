/** The worked example of docs/engine.md: this subscription sizes this signal to 400 shares. */
import type { SizingSignal, SizingSubscription } from '@server/trading/sizing';

export const WORKED_EXAMPLE_SUBSCRIPTION = {
  max_total_capital: 500_000,
  risk_percent_pertrade: 1,
  max_percent_allocation_pertrade: 20,
  min_percent_allocation_pertrade: 2,
  min_required_risk_reward: 1.5,
  max_acceptable_loss: 6_000,
} satisfies SizingSubscription;

export const WORKED_EXAMPLE_SIGNAL = {
  trade_direction: 'long',
  entry_level: 250,
  stop_loss_level: 245,
  target_level: 262.5,
  portion_in_trade: 50,
} satisfies SizingSignal;
