/** Edit Levels (spec sections 2, 4, 5, 7): a signal's date, levels, status and process flag. */
import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton } from '@ionic/react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { PRICE_STEP, SIGNAL_STATUSES } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { EditLevelsBody, Signal } from '../../../../shared/schemas/admin/algos';
import { Modal } from '../../../components/modal';
import { toast } from '../../../lib/toast';
import { useEditLevels } from '../api/edit-levels';
import { editLevelsDefaults, editLevelsFormSchema, type EditLevelsFormValues } from '../lib/edit-levels-form';
import { failureMessage } from '../lib/failure-message';
import { CheckboxField, InputField, plainOptions, SelectField } from './form-controls';

export function EditLevelsModal({ signal, onClose }: { signal: Signal | null; onClose: () => void }) {
  return (
    <Modal isOpen={signal !== null} title={signal ? `Edit Levels: signal ${signal.signal_id}` : undefined} onClose={onClose}>
      {signal && <EditLevelsForm key={signal.signal_id} signal={signal} onDone={onClose} />}
    </Modal>
  );
}

function EditLevelsForm({ signal, onDone }: { signal: Signal; onDone: () => void }) {
  const resolver = useMemo(() => zodResolver(editLevelsFormSchema(signal)), [signal]);
  const { control, handleSubmit } = useForm<EditLevelsFormValues, unknown, EditLevelsBody>({
    resolver,
    defaultValues: editLevelsDefaults(signal),
  });
  const mutation = useEditLevels(signal.algo_id);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { signalId: signal.signal_id, body },
      {
        onSuccess: () => {
          toast.success(MSG.editLevelsSuccess);
          onDone();
        },
        onError: (error) => toast.error(failureMessage(error, MSG.editLevelsFailure)),
      },
    ),
  );

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Edit Levels">
      <p className="admin-form-subject">
        {signal.instrument_symbol} ({signal.instrument_type}), {signal.trade_direction}
      </p>
      <InputField control={control} name="trade_gen_ts" label="Signal Date" type="date" />
      <div className="admin-form-row">
        <InputField control={control} name="entry_level" label="Entry Level" type="number" step={String(PRICE_STEP)} />
        <InputField control={control} name="stop_loss_level" label="Stop-loss Level" type="number" step={String(PRICE_STEP)} />
        <InputField control={control} name="target_level" label="Target Level" type="number" step={String(PRICE_STEP)} />
      </div>
      <SelectField control={control} name="trade_status" label="Trade Status" options={plainOptions(SIGNAL_STATUSES)} />
      <CheckboxField control={control} name="process_signal" label="Process signal" />
      <div className="admin-form-actions">
        <IonButton fill="outline" onClick={onDone}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save'}
        </IonButton>
      </div>
    </form>
  );
}
