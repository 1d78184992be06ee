/**
 * The superadmin's decision on pending signals: the pending queue across algos
 * (GET /api/signals/pending), what approving would trade (GET /api/signals/{id}/preview), and
 * POST /api/signals/{id}/approve | reject with the updated_at the superadmin saw.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Signal } from '@shared/schemas/admin/algos';
import type { PendingSignal, SignalDecisionAnswer, SignalPreview } from '@shared/schemas/admin/signal-approvals';
import { MSG } from '@shared/messages';
import { apiJson, HttpError, jsonBody, OfflineError, serverErrorText } from '@client/lib/api';
import { liveRefresh } from '@client/lib/live-refresh';
import { algoKeys } from './algo-keys';

export type SignalDecision = 'approve' | 'reject';

export const pendingSignalsQueryOptions = () =>
  queryOptions({
    queryKey: algoKeys.pending(),
    queryFn: () => apiJson<PendingSignal[]>('/api/signals/pending'),
    // New signals arrive from the algos while the screen is open.
    ...liveRefresh,
  });

export const usePendingSignals = () => useQuery(pendingSignalsQueryOptions());

/** The fan-out preview, fresh each time a confirmation opens (prices and keys move). */
export const useSignalPreview = (signalId: number | null) =>
  useQuery({
    queryKey: algoKeys.preview(signalId ?? 0),
    queryFn: () => apiJson<SignalPreview>(`/api/signals/${signalId}/preview`),
    enabled: signalId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export const decideSignal = (
  signal: Pick<Signal, 'signal_id' | 'updated_at'>,
  decision: SignalDecision,
): Promise<SignalDecisionAnswer> =>
  apiJson<SignalDecisionAnswer>(
    `/api/signals/${signal.signal_id}/${decision}`,
    jsonBody('POST', { expected_updated_at: signal.updated_at }),
  );

const DECISION_FAILURE: Record<SignalDecision, string> = {
  approve: 'Failed to approve signal',
  reject: 'Failed to reject signal',
};

/** The toast for a failed decision: "Offline", the server's refusal (409), or the generic failure. */
function decisionFailureText(error: unknown, failure: string): string {
  if (error instanceof OfflineError) return MSG.offline;
  if (error instanceof HttpError && error.status < 500) return serverErrorText(error.body, failure);
  return failure;
}

interface DecideSignalInput {
  signal: Pick<Signal, 'signal_id' | 'updated_at'>;
  decision: SignalDecision;
}

/**
 * Approve or reject; every signal list and the queue refresh (a 409 means they are stale too). The
 * success toast is the server's own message.
 */
export function useDecideSignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signal, decision }: DecideSignalInput) => decideSignal(signal, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: algoKeys.all() }),
    meta: {
      success: (answer: SignalDecisionAnswer) => answer.message,
      failure: (error, { decision }: DecideSignalInput) => decisionFailureText(error, DECISION_FAILURE[decision]),
    },
  });
}
