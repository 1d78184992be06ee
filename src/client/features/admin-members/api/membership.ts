/**
 * The superadmin's membership business: applications (GET /api/admin/membership/applications,
 * POST .../{id}/accept and .../{id}/reject) and the month's collection (GET
 * /api/admin/membership/collection), and a member's payment link made on demand (POST
 * /api/admin/members/{id}/payment-link).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptApplicationBody, Application, Collection } from '@shared/schemas/membership';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { membersQueryOptions } from './get-members';

export const applicationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'membership', 'applications'] as const,
    queryFn: () => apiJson<Application[]>('/api/admin/membership/applications'),
  });
export const collectionQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'membership', 'collection'] as const,
    queryFn: () => apiJson<Collection>('/api/admin/membership/collection'),
  });

export const useApplications = () => useQuery(applicationsQueryOptions());
export const useCollection = () => useQuery(collectionQueryOptions());

/** After a membership change: the membership queries (applications, collection, a member's history and payments) and the members list. */
export function useRefreshMembership() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'membership'] }),
      queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
    ]);
}

export function useAcceptApplication() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AcceptApplicationBody }) =>
      apiJson<{ trabot_client_id: number }>(`/api/admin/membership/applications/${id}/accept`, jsonBody('POST', body)),
    onSuccess: refresh,
    meta: {
      success: 'Application accepted: the invitation is on its way',
      failure: (error) => refusalMessage(error, 'The application could not be accepted'),
    },
  });
}

export function useRejectApplication() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: { name: string; email: string; reason: string } }) =>
      apiJson<unknown>(`/api/admin/membership/applications/${id}/reject`, jsonBody('POST', body)),
    onSuccess: refresh,
    meta: {
      success: 'Application rejected: the answer is on its way',
      failure: (error) => refusalMessage(error, 'The application could not be rejected'),
    },
  });
}

export function useMakePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, month }: { id: number; month: string }) =>
      apiJson<{ month: string; url: string }>(`/api/admin/members/${id}/payment-link`, jsonBody('POST', { month })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionQueryOptions().queryKey }),
    meta: {
      success: 'Payment link made: copy it to send it',
      failure: (error) => refusalMessage(error, 'The payment link could not be made'),
    },
  });
}
