/**
 * Add or edit a login of a member (spec section 5): name and email required; the password is
 * optional: left blank, a new user is mailed a set-password link and an existing one keeps the old
 * password; the account is one of the member's accounts.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  memberUserBodySchema,
  type MemberAccount,
  type MemberUser,
  type MemberUserBody,
} from '@shared/schemas/admin/members';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { SelectField } from '@client/components/form-fields/select-field';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useSaveMemberUser } from '../api/save-member-user';

export const accountLabel = (account: MemberAccount) =>
  account.broker_name && account.broker_name !== 'none'
    ? `Account ${account.trabot_account_id} (${account.broker_name})`
    : `Account ${account.trabot_account_id}`;

export function MemberUserForm({
  memberId,
  user,
  accounts,
  onDone,
}: {
  memberId: number;
  /** null adds a user. */
  user: MemberUser | null;
  accounts: readonly MemberAccount[];
  onDone: () => void;
}) {
  const mutation = useSaveMemberUser(memberId);
  const { control, handleSubmit, setError } = useForm<z.input<typeof memberUserBodySchema>, unknown, MemberUserBody>({
    resolver: zodResolver(memberUserBodySchema),
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      // A member usually has one account: a new login is for it.
      account_id: user ? user.account_id : (accounts[0]?.trabot_account_id ?? null),
    },
  });
  useServerFieldErrors(mutation.error, setError);

  const onSubmit = handleSubmit((body) => mutation.mutate({ userId: user?.id ?? null, body }, { onSuccess: onDone }));

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField control={control} name="name" label="Name" autocomplete="name" />
      <InputField control={control} name="email" label="Email" type="email" autocomplete="email" />
      <InputField
        control={control}
        name="password"
        label="Password"
        type="password"
        autocomplete="new-password"
        helperText={
          user
            ? 'Leave blank to keep the current password'
            : 'At least 8 characters; leave blank to mail the user a set-password link'
        }
      />
      <SelectField
        control={control}
        name="account_id"
        label="Account"
        placeholder="Choose an account"
        options={accounts.map((account) => ({ value: account.trabot_account_id, label: accountLabel(account) }))}
      />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
