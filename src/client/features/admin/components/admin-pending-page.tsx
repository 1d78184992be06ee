/** An admin screen whose content arrives with the admin-area issue: its title, Back, and that fact. */
import { BackButton } from '../../../components/back-button';
import { Page } from '../../../components/page';
import './admin.css';

export function AdminPendingPage({ title, subject }: { title: string; subject?: string }) {
  return (
    <Page title={title}>
      <BackButton />
      <p className="admin-pending-note">
        {subject ? `${subject}: this` : 'This'} screen arrives with the admin area.
      </p>
    </Page>
  );
}
