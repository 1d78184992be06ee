/**
 * /set-password#token=...: the page a set-password link opens. It asks the server whose login the
 * link is for (or says why it no longer works: used, expired, unknown), then takes the new password
 * twice; once set, Member Login, with the success toast.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { passwordLinkCheckSchema, setPasswordFormSchema } from '@shared/schemas/passwords';
import { Page } from '@client/components/page';
import { PasswordForm } from '@client/components/form-fields/password-form';
import { serverFieldErrors } from '@client/lib/server-field-errors';
import { linkRefusal, usePasswordLink, useSetPassword } from '../api/set-password';
import './login-page.css';

const INCOMPLETE_LINK = 'This link is not complete. Open the link from the mail again.';

/** The token in the address's fragment, which the browser sends to no server. */
const tokenOfLocation = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

function Refusal({ message }: { message: string }) {
  return (
    <>
      <p className="link-refusal" role="alert">
        {message}
      </p>
      <p>
        <Link to="/login">Go to Member Login</Link>
      </p>
    </>
  );
}

function LinkForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const link = usePasswordLink(token);
  const mutation = useSetPassword();
  // A link used or expired while the page was open: the form gives way to why.
  const [refused, setRefused] = useState<string | null>(null);
  if (refused) return <Refusal message={refused} />;
  if (link.isPending) return <p role="status">Checking your link...</p>;
  if (link.isError) return <Refusal message={linkRefusal(link.error)} />;
  return (
    <>
      <p>
        Choose the password for <strong>{link.data.email}</strong>.
      </p>
      <PasswordForm
        schema={setPasswordFormSchema}
        pending={mutation.isPending}
        submitLabel="Set Password"
        pendingLabel="Setting..."
        onSubmit={async (values) => {
          try {
            await mutation.mutateAsync({ token, ...values });
          } catch (error) {
            const tokenRefusal = serverFieldErrors(error).token;
            if (tokenRefusal) setRefused(tokenRefusal);
            throw error;
          }
          await navigate({ to: '/login' });
        }}
      />
    </>
  );
}

export function SetPasswordPage() {
  const [token] = useState(tokenOfLocation);
  return (
    <Page title="Choose Your Password" showTitle={false}>
      <div className="login-card">
        <h1 className="page-title">Choose Your Password</h1>
        {passwordLinkCheckSchema.safeParse({ token }).success ? (
          <LinkForm token={token} />
        ) : (
          <Refusal message={INCOMPLETE_LINK} />
        )}
      </div>
    </Page>
  );
}
