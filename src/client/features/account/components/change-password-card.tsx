/** Account Settings' "Password" card: current, new and confirmation; other devices are signed out. */
import { changePasswordBodySchema } from '@shared/schemas/passwords';
import { PasswordForm } from '@client/components/form-fields/password-form';
import { useOnline } from '@client/lib/online';
import { useChangePassword } from '../api/change-password';

// Not the broker card's "editing needs a connection": each offline hint names what waits for it.
const PASSWORD_NEEDS_CONNECTION = 'Offline: changing your password needs a connection';

export function ChangePasswordCard() {
  const mutation = useChangePassword();
  const online = useOnline();
  return (
    <section className="settings-card" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <p className="settings-hint">Changing it signs you out on your other devices.</p>
      {online ? (
        <PasswordForm
          schema={changePasswordBodySchema}
          askCurrent
          pending={mutation.isPending}
          submitLabel="Change Password"
          pendingLabel="Changing..."
          onSubmit={(values) => mutation.mutateAsync(values)}
        />
      ) : (
        <p className="settings-hint">{PASSWORD_NEEDS_CONNECTION}</p>
      )}
    </section>
  );
}
