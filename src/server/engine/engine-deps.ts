/** What every step of the engine works with: the app's dependencies, the market, the brokers, the settings. */
import type { AppDeps } from '../context';
import type { accounts, orderLegs, signals, trades } from '../db/schema';
import type { PaperBroker } from './paper-broker';
import type { PriceFeed } from './feed/price-feed';
import type { LivePriceBook } from './feed/live-prices';
import type { HaltState } from '../trading/halt-state';
import type { Leadership } from './leader-lock';
import type { MarketCalendar } from './market-hours';

export type SignalRow = typeof signals.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type TradeRow = typeof trades.$inferSelect;
export type LegRow = typeof orderLegs.$inferSelect;

export interface EngineSettings {
  /** Accounts handled per batch of a fan-out: one transaction each, the signal's status checked between. */
  batchSize: number;
  /** Broker calls in flight at once. */
  brokerConcurrency: number;
  /** A market entry needs a quote younger than this. */
  maxQuoteAgeMs: number;
  /** A market entry further than this from the signal's entry level (percent of it) is skipped. */
  maxEntryDriftPercent: number;
  /** An exit still open this long after its placement or last modification is chased (exit-chase.ts). */
  exitChaseAfterMs: number;
  /** Modifications toward the market before an exit still open is escalated. */
  exitChaseTimes: number;
  /** A live trade's broker price older than this is no live price (nothing decided on it). */
  livePriceMaxAgeMs: number;
  /** How often each live account's last prices are asked of its broker. */
  livePricePollMs: number;
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  batchSize: 500,
  brokerConcurrency: 16,
  maxQuoteAgeMs: 10_000,
  maxEntryDriftPercent: 1,
  exitChaseAfterMs: 10_000,
  exitChaseTimes: 3,
  livePriceMaxAgeMs: 30_000,
  livePricePollMs: 5_000,
};

export interface EngineContext {
  deps: Pick<AppDeps, 'db' | 'log' | 'secrets' | 'notifier' | 'env'>;
  feed: PriceFeed;
  paper: PaperBroker;
  /** Live trades' prices from their own brokers (never the simulated feed). */
  live: LivePriceBook;
  calendar: MarketCalendar;
  settings: EngineSettings;
  /** The engine's leadership: its epoch fences `deps.db`'s transactions, its lease every order placed. */
  leadership: Leadership;
  /** The kill switches as read at the start of this tick. */
  halts: HaltState;
  /** True once a shutdown asked the engine to stop: long steps end at their next batch. */
  stopping(): boolean;
  /** Failures already warned about in this process: a failing call is retried each tick but warned once. */
  warnedOnce(key: string): boolean;
}
