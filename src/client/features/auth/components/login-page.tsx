import { Page } from '@client/components/page';
import { LoginForm } from './login-form';
import './login-page.css';

/** `returnTo`: the dashboard page to go to after login (else the trades page). */
export function LoginPage({ returnTo }: { returnTo?: string }) {
  return (
    <Page title="Member Login" showTitle={false}>
      <div className="login-card">
        <h1 className="page-title">Member Login</h1>
        <LoginForm returnTo={returnTo} />
      </div>
    </Page>
  );
}
