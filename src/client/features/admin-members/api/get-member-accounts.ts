/** GET /api/admin/members/{id}/accounts: the broker accounts of one member (access keys masked). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberAccount } from '@shared/schemas/admin/members';
import { apiJson } from '@client/lib/api';

export const getMemberAccounts = (memberId: number): Promise<MemberAccount[]> =>
  apiJson<MemberAccount[]>(`/api/admin/members/${memberId}/accounts`);

export const memberAccountsQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: ['admin', 'members', memberId, 'accounts'] as const,
    queryFn: () => getMemberAccounts(memberId),
  });

export const useMemberAccounts = (memberId: number) => useQuery(memberAccountsQueryOptions(memberId));
