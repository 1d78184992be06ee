/** Halt all trading, or one account: why (required) and whether running trades are closed at market too. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { haltBodySchema, type HaltBody } from '@shared/schemas/admin/halts';
import { CheckboxField } from '@client/components/form-fields/checkbox-field';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useHaltMutations } from '../api/halts';

export function HaltForm({ accountId, onDone }: { accountId: number | null; onDone: () => void }) {
  const { halt } = useHaltMutations();
  const { control, handleSubmit, setError } = useForm<z.input<typeof haltBodySchema>, unknown, HaltBody>({
    resolver: zodResolver(haltBodySchema),
    defaultValues: { reason: '', square_off: false },
  });
  useServerFieldErrors(halt.error, setError);
  const onSubmit = handleSubmit((body) => halt.mutate({ accountId, body }, { onSuccess: onDone }));
  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField control={control} name="reason" label="Reason" helperText="Kept with your name and the time" />
      <CheckboxField control={control} name="square_off" label="Also close running trades at market" />
      <FormActions pending={halt.isPending} onCancel={onDone} submitLabel="Halt" pendingLabel="Halting..." />
    </form>
  );
}
