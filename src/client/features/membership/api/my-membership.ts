/**
 * The member's membership month (GET /api/membership/month) and "Pay now" (POST
 * /api/membership/payment-link: the month's Razorpay link, made on demand).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { MyMembership } from '@shared/schemas/membership';
import { apiJson } from '@client/lib/api';
import { saveFailureMessage } from '@client/lib/save-failure';

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
      failure: (error) => saveFailureMessage(error, 'The payment link could not be made; try again in a minute'),
    },
  });
}
