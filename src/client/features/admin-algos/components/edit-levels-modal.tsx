/** Edit Levels (spec sections 2, 4, 5, 7): a signal's date, levels, status and process flag. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { SIGNAL_STATUSES } from '@shared/constants';
import type { EditLevelsBody, Signal } from '@shared/schemas/admin/algos';
import { CheckboxField } from '@client/components/form-fields/checkbox-field';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { Modal } from '@client/components/modal';
import { useEditLevels } from '../api/edit-levels';
import { editLevelsDefaults, editLevelsFormSchema, type EditLevelsFormValues } from '../lib/edit-levels-form';
import { LevelFields } from './level-fields';
import { showServerFieldErrors } from '@client/lib/server-field-errors';

const LEVEL_NAMES = ['entry_level', 'stop_loss_level', 'target_level'] as const;

export function EditLevelsModal({ signal, onClose }: { signal: Signal | null; onClose: () => void }) {
  return (
    <Modal
      isOpen={signal !== null}
      title={signal ? `Edit Levels: signal ${signal.signal_id}` : undefined}
      onClose={onClose}
    >
      {signal && <EditLevelsForm key={signal.signal_id} signal={signal} onDone={onClose} />}
    </Modal>
  );
}

function EditLevelsForm({ signal, onDone }: { signal: Signal; onDone: () => void }) {
  const resolver = useMemo(() => zodResolver(editLevelsFormSchema(signal)), [signal]);
  const { control, handleSubmit, setError } = useForm<EditLevelsFormValues, unknown, EditLevelsBody>({
    resolver,
    defaultValues: editLevelsDefaults(signal),
  });
  const mutation = useEditLevels(signal.algo_id);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { signalId: signal.signal_id, body },
      // A level off the instrument's tick (only the server knows the tick) shows under its field.
      { onSuccess: onDone, onError: (error) => showServerFieldErrors(error, LEVEL_NAMES, setError) },
    ),
  );

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit Levels">
      <p className="admin-form-subject">
        {signal.instrument_symbol} ({signal.instrument_type}), {signal.trade_direction}
      </p>
      <InputField control={control} name="trade_gen_ts" label="Signal Date" type="date" />
      <LevelFields control={control} />
      <SelectField control={control} name="trade_status" label="Trade Status" options={optionsOf(SIGNAL_STATUSES)} />
      <CheckboxField control={control} name="process_signal" label="Process signal" />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
