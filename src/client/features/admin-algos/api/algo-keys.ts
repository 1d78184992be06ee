/**
 * Query keys of the algos area. Admin data lives under `admin`, which is never persisted
 * (only `member` keys are, see lib/query-persistence.ts).
 */
import type { SignalFilter } from '../lib/signal-filter';

export const algoKeys = {
  /** Everything of the algos area: what a decision on a signal refreshes. */
  all: () => ['admin', 'algos'] as const,
  list: () => ['admin', 'algos', 'list'] as const,
  /** Pending signals of every algo (the approval queue). */
  pending: () => ['admin', 'algos', 'pending'] as const,
  preview: (signalId: number) => ['admin', 'algos', 'preview', signalId] as const,
  webhookTokens: (algoId: number) => ['admin', 'algos', algoId, 'webhook-tokens'] as const,
  allWebhookTokens: () => ['admin', 'algos', 'webhook-tokens'] as const,
  /** Every status of one algo's signals: what a save refreshes, since a save may move a signal between statuses. */
  signals: (algoId: number) => ['admin', 'algos', algoId, 'signals'] as const,
  signalList: (algoId: number, status: SignalFilter) => ['admin', 'algos', algoId, 'signals', status] as const,
  instruments: () => ['admin', 'instruments'] as const,
};

/** A list just fetched (by the route's loader) is not fetched again when its page mounts; saves refresh it at once. */
export const LIST_STALE_TIME_MS = 5_000;
