import { Page } from '../../../components/page';
import { LoginForm } from './login-form';
import './login-page.css';

export function LoginPage() {
  return (
    <Page title="Member Login" showTitle={false}>
      <div className="login-card">
        <h1 className="page-title">Member Login</h1>
        <LoginForm />
      </div>
    </Page>
  );
}
