import type { Notifier } from '@server/context';

/** A notifier that sends nothing: tests pass the calls they watch. */
export const stubNotifier = (calls: Partial<Notifier> = {}): Notifier => ({
  publicKey: '',
  endpointProblem: () => null,
  signalPending: () => undefined,
  tradeEvents: () => undefined,
  brokerSessionsEnded: () => undefined,
  membershipCancelled: () => undefined,
  ...calls,
});
