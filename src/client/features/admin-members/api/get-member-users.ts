/** GET /api/members/{id}/users: the logins of one member (never a password). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberUser } from '@shared/schemas/admin/members';
import { apiJson } from '@client/lib/api';

export const getMemberUsers = (memberId: number): Promise<MemberUser[]> =>
  apiJson<MemberUser[]>(`/api/members/${memberId}/users`);

export const memberUsersQueryOptions = (memberId: number) =>
  queryOptions({ queryKey: ['admin', 'members', memberId, 'users'] as const, queryFn: () => getMemberUsers(memberId) });

export const useMemberUsers = (memberId: number) => useQuery(memberUsersQueryOptions(memberId));
