/** POST /api/members/{id}/users creates a user; PUT /api/members/{id}/users/{userId} updates one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { MemberUser, MemberUserBody } from '@shared/schemas/admin/members';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { memberUsersQueryOptions } from './get-member-users';

export interface SaveMemberUserInput {
  /** null creates a user. */
  userId: number | null;
  body: MemberUserBody;
}

export const saveMemberUser = (memberId: number, { userId, body }: SaveMemberUserInput): Promise<MemberUser> =>
  userId === null
    ? apiJson<MemberUser>(`/api/members/${memberId}/users`, jsonBody('POST', body))
    : apiJson<MemberUser>(`/api/members/${memberId}/users/${userId}`, jsonBody('PUT', body));

export function useSaveMemberUser(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMemberUserInput) => saveMemberUser(memberId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberUsersQueryOptions(memberId).queryKey }),
    meta: { success: MSG.userSaveSuccess, failure: (error) => refusalMessage(error, MSG.userSaveFailure) },
  });
}
