/**
 * /dashboard/admin/members: the month's collection and the applications to decide (issue 26), then
 * every member, Add Member and Edit in a modal, each one's membership (cancel, rejoin, a fee paid by
 * hand, its history and receipts), links to users and accounts.
 */
import { IonButton } from '@client/lib/ionic/ion-button';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDate, formatTimestamp } from '@shared/format';
import type { Member } from '@shared/schemas/admin/members';
import { BackButton } from '@client/components/back-button';
import { Modal } from '@client/components/modal';
import { Page } from '@client/components/page';
import { ResponsiveList, type ResponsiveColumn } from '@client/components/responsive-list';
import { LoadState } from '@client/components/load-state';
import { useMembers } from '../api/get-members';
import { MemberForm } from './member-form';
import { MemberMembershipModal } from './member-membership';
import { MembershipPanel } from './membership-panel';

export function MembersPage() {
  const members = useMembers();
  /** The member in the modal: 'new' for Add Member. */
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const close = () => setEditing(null);
  /** The member whose membership is open (looked up in the list, so it follows a cancel or rejoin). */
  const [membershipOf, setMembershipOf] = useState<number | null>(null);

  const columns: ResponsiveColumn<Member>[] = [
    { key: 'id', header: 'Client ID', cell: (m) => m.trabot_client_id },
    { key: 'name', header: 'Name', cell: (m) => m.name, primary: true },
    { key: 'phone', header: 'Phone', cell: (m) => m.phone_no },
    { key: 'email', header: 'Email', cell: (m) => m.email_id, primary: true },
    { key: 'activation', header: 'Activation Date', cell: (m) => formatDate(m.activation_date) },
    { key: 'expiry', header: 'Expiry Date', cell: (m) => formatDate(m.expiry_date) },
    { key: 'updated', header: 'Last Updated', cell: (m) => formatTimestamp(m.last_updated_timestamp) },
    {
      key: 'edit',
      header: 'Edit',
      cell: (m) => (
        <span className="admin-row-actions">
          <IonButton size="small" fill="outline" aria-label={`Edit member ${m.name}`} onClick={() => setEditing(m)}>
            Edit
          </IonButton>
          <IonButton
            size="small"
            fill="outline"
            aria-label={`Membership of ${m.name}`}
            onClick={() => setMembershipOf(m.trabot_client_id)}
          >
            Membership
          </IonButton>
        </span>
      ),
    },
    {
      key: 'users',
      header: 'Users',
      cell: (m) => (
        <Link
          to="/dashboard/admin/members/$id/users"
          params={{ id: m.trabot_client_id }}
          aria-label={`Users of ${m.name}`}
        >
          Users
        </Link>
      ),
    },
    {
      key: 'accounts',
      header: 'Accounts',
      cell: (m) => (
        <Link
          to="/dashboard/admin/members/$id/accounts"
          params={{ id: m.trabot_client_id }}
          aria-label={`Accounts of ${m.name}`}
        >
          Accounts
        </Link>
      ),
    },
  ];

  return (
    <Page title="Members">
      <div className="admin-toolbar">
        <BackButton />
        <IonButton className="admin-toolbar-end" onClick={() => setEditing('new')}>
          Add Member
        </IonButton>
      </div>
      <MembershipPanel />
      <LoadState query={members} />
      {members.data && (
        <ResponsiveList
          items={members.data}
          columns={columns}
          rowKey={(m) => m.trabot_client_id}
          empty="No members found"
          caption="Members"
          cardTitle={(m) => `${m.name} (${m.trabot_client_id})`}
        />
      )}
      <Modal
        isOpen={editing !== null}
        title={editing === 'new' ? 'Add Member' : `Edit Member ${editing?.trabot_client_id ?? ''}`}
        onClose={close}
      >
        {editing !== null && <MemberForm member={editing === 'new' ? null : editing} onDone={close} />}
      </Modal>
      <MemberMembershipModal
        member={members.data?.find((m) => m.trabot_client_id === membershipOf) ?? null}
        onClose={() => setMembershipOf(null)}
      />
    </Page>
  );
}
