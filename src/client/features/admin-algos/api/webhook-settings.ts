/**
 * An algo's webhook tokens (list, make, revoke) and approval settings. The list of
 * every algo's tokens also shows on the Tokens screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Algo } from '../../../../shared/schemas/admin/algos';
import type { ApprovalSettingsBody, NewWebhookToken, WebhookToken } from '../../../../shared/schemas/admin/signal-approvals';
import { apiJson, jsonBody } from '../../../lib/api';
import { algoKeys } from './algo-keys';

export const useWebhookTokens = (algoId: number | null) =>
  useQuery({
    queryKey: algoKeys.webhookTokens(algoId ?? 0),
    queryFn: () => apiJson<WebhookToken[]>(`/api/algos/${algoId}/webhook-tokens`),
    enabled: algoId !== null,
  });

export const useAllWebhookTokens = () => useQuery({ queryKey: algoKeys.allWebhookTokens(), queryFn: () => apiJson<WebhookToken[]>('/api/webhook-tokens') });

export function useCreateWebhookToken(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<NewWebhookToken>(`/api/algos/${algoId}/webhook-tokens`, jsonBody('POST', {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.all() }),
  });
}

export function useRevokeWebhookToken(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => apiJson(`/api/algos/${algoId}/webhook-tokens/${tokenId}`, jsonBody('DELETE')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.all() }),
  });
}

export function useSaveApprovalSettings(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalSettingsBody) => apiJson<Algo>(`/api/algos/${algoId}/approval`, jsonBody('POST', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.list() }),
  });
}
