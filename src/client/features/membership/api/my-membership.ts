/**
 * The member's membership month (GET /api/membership/month), "Pay now" (POST
 * /api/membership/payment-link: the month's Razorpay link, made on demand) and "Opt out".
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyMembership } from '@shared/schemas/membership';
import { apiJson, jsonBody } from '@client/lib/api';
import { OPT_OUT_TEXT } from '../lib/opt-out-text';
import { refusalMessage } from '@client/lib/save-failure';

export const myMembershipQueryOptions = () =>
  queryOptions({
    queryKey: ['membership', 'month'] as const,
    queryFn: () => apiJson<MyMembership | null>('/api/membership/month'),
  });

export const useMyMembership = () => useQuery(myMembershipQueryOptions());

export const paymentLink = () =>
  apiJson<{ month: string; url: string }>('/api/membership/payment-link', { method: 'POST' });

/** Opens the month's Razorpay page in this tab (a new tab opened after a request is often blocked). */
export function usePayNow() {
  return useMutation({
    mutationFn: paymentLink,
    onSuccess: ({ url }) => window.location.assign(url),
    meta: {
      failure: (error) => refusalMessage(error, 'The payment link could not be made; try again in a minute'),
    },
  });
}

/**
 * "Opt out" (POST /api/membership/opt-out): the membership ends now; the answer is the membership
 * as it is after, shown in place of the card's copy.
 */
export function useOptOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<MyMembership | null>('/api/membership/opt-out', jsonBody('POST', {})),
    onSuccess: (after) => queryClient.setQueryData(myMembershipQueryOptions().queryKey, after),
    meta: {
      success: OPT_OUT_TEXT.done,
      failure: (error) => refusalMessage(error, OPT_OUT_TEXT.failed),
    },
  });
}
