/**
 * The adapter an account's orders go through, chosen by its broker_name. No real broker adapter is
 * written yet, so every account runs on the paper broker and is flagged paper_trading (the admin
 * shows a "paper trading" badge). A real adapter is added to REAL_ADAPTERS under its broker name.
 */
import type { BrokerName } from '../../../shared/constants';
import type { BrokerAdapter } from './adapter';

export const REAL_ADAPTERS: Partial<Record<BrokerName, BrokerAdapter>> = {};

export interface SelectedAdapter {
  adapter: BrokerAdapter;
  paper_trading: boolean;
}

export function isPaperTrading(brokerName: string, real = REAL_ADAPTERS): boolean {
  return !Object.hasOwn(real, brokerName);
}

export function selectAdapter(brokerName: string, paper: BrokerAdapter, real = REAL_ADAPTERS): SelectedAdapter {
  const adapter = isPaperTrading(brokerName, real) ? undefined : real[brokerName as BrokerName];
  return adapter ? { adapter, paper_trading: false } : { adapter: paper, paper_trading: true };
}
