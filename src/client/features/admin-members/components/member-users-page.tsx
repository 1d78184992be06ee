/** /dashboard/admin/members/{id}/users: the logins of a member, Add User and Edit in a modal. */
import { IonButton } from '@client/lib/ionic/ion-button';
import { useState } from 'react';
import { formatTimestamp } from '@shared/format';
import type { MemberUser } from '@shared/schemas/admin/members';
import { BackButton } from '@client/components/back-button';
import { Modal } from '@client/components/modal';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { useMemberAccounts } from '../api/get-member-accounts';
import { useMemberUsers } from '../api/get-member-users';
import { MemberUserForm } from './member-user-form';

export function MemberUsersPage({ memberId }: { memberId: number }) {
  const users = useMemberUsers(memberId);
  // The form's account choice; loaded with the page so the modal opens ready.
  const accounts = useMemberAccounts(memberId);
  const [editing, setEditing] = useState<MemberUser | 'new' | null>(null);
  const close = () => setEditing(null);

  const columns: ResponsiveColumn<MemberUser>[] = [
    { key: 'id', header: 'User ID', cell: (u) => u.id },
    { key: 'name', header: 'Name', cell: (u) => u.name, primary: true },
    { key: 'email', header: 'Email', cell: (u) => u.email, primary: true },
    { key: 'created', header: 'Created At', cell: (u) => formatTimestamp(u.created_at) },
    { key: 'updated', header: 'Updated At', cell: (u) => formatTimestamp(u.updated_at) },
    {
      key: 'edit',
      header: 'Edit',
      cell: (u) => (
        <IonButton size="small" fill="outline" aria-label={`Edit user ${u.email}`} onClick={() => setEditing(u)}>
          Edit
        </IonButton>
      ),
    },
  ];

  return (
    <Page title={`Users of member ${memberId}`}>
      <div className="admin-toolbar">
        <BackButton fallback="/dashboard/admin/members" />
        <IonButton className="admin-toolbar-end" onClick={() => setEditing('new')}>
          Add User
        </IonButton>
      </div>
      <LoadState query={users} />
      {users.data && (
        <ResponsiveList
          items={users.data}
          columns={columns}
          rowKey={(u) => u.id}
          empty="No users found"
          caption={`Users of member ${memberId}`}
          cardTitle={(u) => u.name}
        />
      )}
      <Modal
        isOpen={editing !== null}
        title={editing === 'new' ? 'Add User' : `Edit User ${editing?.id ?? ''}`}
        onClose={close}
      >
        {editing !== null && (
          <MemberUserForm
            memberId={memberId}
            user={editing === 'new' ? null : editing}
            accounts={accounts.data ?? []}
            onDone={close}
          />
        )}
      </Modal>
    </Page>
  );
}
