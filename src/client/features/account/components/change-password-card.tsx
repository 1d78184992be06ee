/** Account Settings' "Password" card: current, new and confirmation; other devices are signed out. */
import { changePasswordBodySchema } from '@shared/schemas/passwords';
import { PasswordForm } from '@client/components/form-fields/password-form';
import { useOnline } from '@client/lib/online';
import { MSG } from '@shared/messages';
import { useChangePassword } from '../api/change-password';

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
        <p className="settings-hint">{MSG.needsConnection}</p>
      )}
    </section>
  );
}
