/** PUT /api/members creates a member; POST /api/members/{id} updates one. The list refreshes after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { Member, MemberBody } from '@shared/schemas/admin/members';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { membersQueryOptions } from './get-members';

export interface SaveMemberInput {
  /** The member's trabot_client_id; null creates a member. */
  id: number | null;
  body: MemberBody;
}

export const saveMember = ({ id, body }: SaveMemberInput): Promise<Member> =>
  id === null
    ? apiJson<Member>('/api/members', jsonBody('PUT', body))
    : apiJson<Member>(`/api/members/${id}`, jsonBody('POST', body));

export function useSaveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
    meta: { success: MSG.memberSaveSuccess, failure: (error) => refusalMessage(error, MSG.memberSaveFailure) },
  });
}
