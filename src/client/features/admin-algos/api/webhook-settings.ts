/**
 * An algo's webhook tokens (list, make, revoke) and approval settings. The list of
 * every algo's tokens also shows on the Tokens screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Algo } from '@shared/schemas/admin/algos';
import type { ApprovalSettingsBody, NewWebhookToken, WebhookToken } from '@shared/schemas/admin/signal-approvals';
import { apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { algoKeys } from './algo-keys';

/** A failure's toast: the server's own reason when it refused (4xx), else "Offline" or the fallback. */
const failureText = (fallback: string) => (error: unknown) =>
  error instanceof HttpError && error.status < 500
    ? serverErrorText(error.body, fallback)
    : refusalMessage(error, fallback);

export const useWebhookTokens = (algoId: number | null) =>
  useQuery({
    queryKey: algoKeys.webhookTokens(algoId ?? 0),
    queryFn: () => apiJson<WebhookToken[]>(`/api/algos/${algoId}/webhook-tokens`),
    enabled: algoId !== null,
  });

export const useAllWebhookTokens = () =>
  useQuery({ queryKey: algoKeys.allWebhookTokens(), queryFn: () => apiJson<WebhookToken[]>('/api/webhook-tokens') });

export function useCreateWebhookToken(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<NewWebhookToken>(`/api/algos/${algoId}/webhook-tokens`, jsonBody('POST', {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.all() }),
    // No success toast: the new token itself is shown.
    meta: { failure: failureText('Failed to make a token') },
  });
}

export function useRevokeWebhookToken(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => apiJson(`/api/algos/${algoId}/webhook-tokens/${tokenId}`, jsonBody('DELETE')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.all() }),
    meta: { success: 'Token revoked', failure: failureText('Failed to revoke token') },
  });
}

export function useSaveApprovalSettings(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalSettingsBody) => apiJson<Algo>(`/api/algos/${algoId}/approval`, jsonBody('POST', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.list() }),
    meta: { success: 'Approval settings saved', failure: failureText('Failed to save approval settings') },
  });
}
