/** GET /api/members: every member (admin only, never persisted offline). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@shared/schemas/admin/members';
import { apiJson } from '@client/lib/api';

export const getMembers = (): Promise<Member[]> => apiJson<Member[]>('/api/members');

export const membersQueryOptions = () => queryOptions({ queryKey: ['admin', 'members'] as const, queryFn: getMembers });

export const useMembers = () => useQuery(membersQueryOptions());
