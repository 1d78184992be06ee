/**
 * A new password, typed twice, with its rule shown; the shared schema checks it as the server will,
 * and a refusal the server names a field for shows under that field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { IonButton } from '@client/lib/ionic/ion-button';
import { PASSWORD_RULE } from '@shared/schemas/passwords';
import { InputField } from '@client/components/form-fields/input-field';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import type { z } from 'zod';

/** The fields every password form has; `current_password` only where the form asks for it. */
interface PasswordFields {
  current_password?: string;
  new_password: string;
  confirm_password: string;
}

export function PasswordForm<T extends PasswordFields>({
  schema,
  askCurrent = false,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  schema: z.ZodType<T, T>;
  askCurrent?: boolean;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Resolves when saved (the form empties); rejects with the server's refusal. */
  onSubmit: (values: T) => Promise<unknown>;
}) {
  const empty = { new_password: '', confirm_password: '', ...(askCurrent ? { current_password: '' } : {}) };
  const { control, handleSubmit, setError, reset } = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues: empty as never,
  });
  const names = ['current_password', 'new_password', 'confirm_password'] as Path<T>[];
  const submit = handleSubmit((values) =>
    onSubmit(values).then(
      () => reset(),
      (error: unknown) => showServerFieldErrors(error, names, setError),
    ),
  );
  return (
    <form className="app-form" onSubmit={(event) => void submit(event)} noValidate>
      {askCurrent && (
        <InputField
          control={control}
          name={'current_password' as Path<T>}
          label="Current password"
          type="password"
          autocomplete="current-password"
        />
      )}
      <InputField
        control={control}
        name={'new_password' as Path<T>}
        label="New password"
        type="password"
        autocomplete="new-password"
        helperText={PASSWORD_RULE}
      />
      <InputField
        control={control}
        name={'confirm_password' as Path<T>}
        label="Confirm new password"
        type="password"
        autocomplete="new-password"
      />
      <div className="form-actions">
        <IonButton type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </IonButton>
      </div>
    </form>
  );
}
