/** Admin home (spec section 2): the way into each admin area. */
import { Page } from '../../../components/page';
import { ButtonLink } from '../../../components/button-link';
import './admin.css';

const AREAS = [
  { label: 'Algos', to: '/dashboard/admin/algos' },
  { label: 'Members', to: '/dashboard/admin/members' },
  { label: 'Logs', to: '/dashboard/admin/logs' },
  { label: 'Warnings', to: '/dashboard/admin/warnings' },
  { label: 'Tokens', to: '/dashboard/admin/tokens' },
] as const;

export function AdminHome() {
  return (
    <Page title="Admin">
      <nav aria-label="Admin areas" className="admin-home-grid">
        {AREAS.map((area) => (
          <ButtonLink key={area.to} to={area.to} expand="block" size="large">
            {area.label}
          </ButtonLink>
        ))}
      </nav>
    </Page>
  );
}
