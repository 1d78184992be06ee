/**
 * Edit Levels (spec sections 2, 4, 5, 7): a signal's date, levels, status and process flag. The
 * status offers the moves a superadmin may make from the signal's own (src/shared/states/signals.ts).
 * Saved against the signal as shown: when it changed since, the dialog says so and shows the
 * current signal, to be reviewed and saved again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { EditLevelsBody, Signal } from '@shared/schemas/admin/algos';
import { SIGNAL_MOVES } from '@shared/states/signals';
import { reachableFrom } from '@shared/states/table';
import { CheckboxField } from '@client/components/form-fields/checkbox-field';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { Modal } from '@client/components/modal';
import { staleRecordOf } from '@client/lib/stale-record';
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
      {signal && <EditLevelsEditor key={signal.signal_id} signal={signal} onDone={onClose} />}
    </Modal>
  );
}

/** The form for the signal as last read: a 409 replaces it with the current one (a fresh form) and says why. */
function EditLevelsEditor({ signal, onDone }: { signal: Signal; onDone: () => void }) {
  const [shown, setShown] = useState({ signal, notice: null as string | null });
  const onStale = (current: Signal, notice: string) => setShown({ signal: current, notice });
  return (
    <EditLevelsForm
      key={shown.signal.updated_at}
      signal={shown.signal}
      notice={shown.notice}
      onStale={onStale}
      onDone={onDone}
    />
  );
}

function EditLevelsForm({
  signal,
  notice,
  onStale,
  onDone,
}: {
  signal: Signal;
  notice: string | null;
  onStale: (current: Signal, notice: string) => void;
  onDone: () => void;
}) {
  const resolver = useMemo(() => zodResolver(editLevelsFormSchema(signal)), [signal]);
  const { control, handleSubmit, setError } = useForm<EditLevelsFormValues, unknown, EditLevelsBody>({
    resolver,
    defaultValues: editLevelsDefaults(signal),
  });
  const mutation = useEditLevels(signal.algo_id);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { signalId: signal.signal_id, body: { ...body, expected_updated_at: signal.updated_at } },
      {
        onSuccess: onDone,
        onError: (error) => {
          const stale = staleRecordOf<Signal>(error);
          if (stale) onStale(stale.current, stale.message);
          // A level off the instrument's tick (only the server knows the tick) shows under its field.
          else showServerFieldErrors(error, LEVEL_NAMES, setError);
        },
      },
    ),
  );

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit Levels">
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      <p className="admin-form-subject">
        {signal.instrument_symbol} ({signal.instrument_type}), {signal.trade_direction}
      </p>
      <InputField control={control} name="trade_gen_ts" label="Signal Date" type="date" />
      <LevelFields control={control} />
      <SelectField
        control={control}
        name="trade_status"
        label="Trade Status"
        options={optionsOf(reachableFrom(SIGNAL_MOVES, signal.trade_status, 'admin'))}
      />
      <CheckboxField control={control} name="process_signal" label="Process signal" />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}
