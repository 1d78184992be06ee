import { Page } from '../../../components/page';
import { LoginForm } from './login-form';
import './login-page.css';

export function LoginPage() {
  return (
    <Page title="Member Login">
      <div className="login-card">
        <LoginForm />
      </div>
    </Page>
  );
}
