/**
 * One member's membership, for the superadmin: its history (GET
 * /api/admin/members/{id}/membership-history) and payments (GET .../payments), cancel or rejoin
 * (POST .../membership) and a month paid by hand (POST .../payments, with its receipt).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ManualPaymentBody, MemberPayment, MembershipEvent } from '@shared/schemas/membership';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { useRefreshMembership } from './membership';

export const membershipHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'membership', 'history', id] as const,
    queryFn: () => apiJson<MembershipEvent[]>(`/api/admin/members/${id}/membership-history`),
  });
export const memberPaymentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'membership', 'payments', id] as const,
    queryFn: () => apiJson<MemberPayment[]>(`/api/admin/members/${id}/payments`),
  });

export const useMembershipHistory = (id: number) => useQuery(membershipHistoryQueryOptions(id));
export const useMemberPayments = (id: number) => useQuery(memberPaymentsQueryOptions(id));

export type MembershipAction = 'cancel' | 'rejoin';
const ACTION_DONE: Record<MembershipAction, string> = {
  cancel: 'Membership cancelled: the member is told',
  rejoin: 'Membership accepted again: the member is told',
};
const ACTION_FAILED: Record<MembershipAction, string> = {
  cancel: 'The membership could not be cancelled',
  rejoin: 'The membership could not be accepted again',
};

export function useMembershipAction(id: number) {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: (body: { action: MembershipAction; reason: string }) =>
      apiJson<MembershipEvent[]>(`/api/admin/members/${id}/membership`, jsonBody('POST', body)),
    onSuccess: refresh,
    meta: {
      success: (_data, { action }: { action: MembershipAction }) => ACTION_DONE[action],
      failure: (error, { action }: { action: MembershipAction }) => refusalMessage(error, ACTION_FAILED[action]),
    },
  });
}

export function useRecordPayment(id: number) {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: (body: ManualPaymentBody) =>
      apiJson<{ id: number; invoice_number: string; created: boolean }>(
        `/api/admin/members/${id}/payments`,
        jsonBody('POST', body),
      ),
    onSuccess: refresh,
    meta: {
      success: (paid: { invoice_number: string; created: boolean }) =>
        paid.created
          ? `Fee recorded: receipt ${paid.invoice_number}`
          : `That month was recorded already: receipt ${paid.invoice_number}`,
      failure: (error) => refusalMessage(error, 'The fee could not be recorded'),
    },
  });
}

/** The printable receipt of a payment (the same page a member gets for a Razorpay payment). */
export const receiptUrl = (paymentId: number) => `/api/membership/payments/${paymentId}/receipt`;
