/**
 * The Add Signal form (spec sections 2, 4, 5, 7) over PUT /api/algos/{algoId}/signals, with the
 * instrument picker. Loaded by AddSignalModal apart from the signals page (see there).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { EXCHANGE, SIGNAL_PORTIONS, TRADE_DIRECTIONS, TRADE_TYPES } from '@shared/constants';
import type { AddSignalBody } from '@shared/schemas/admin/algos';
import { CheckboxField } from '@client/components/form-fields/checkbox-field';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { ReadOnlyField } from '@client/components/form-fields/read-only-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { useAddSignal } from '../api/add-signal';
import { useInstruments } from '../api/get-instruments';
import {
  addSignalDefaults,
  addSignalFormSchema,
  typedRiskReward,
  type AddSignalFormValues,
} from '../lib/add-signal-form';
import { buildInstrumentIndex, findInstrument, type InstrumentIndex } from '../lib/instrument-search';
import { InstrumentPicker } from './instrument-picker';
import { LevelFields } from './level-fields';
import { showServerFieldErrors } from '@client/lib/server-field-errors';

const PORTION_OPTIONS = SIGNAL_PORTIONS.map((p) => ({ value: p, label: `${p}%` }));

export function AddSignalForm({ algoId, onDone }: { algoId: number; onDone: () => void }) {
  const instruments = useInstruments();
  const index = useMemo(() => (instruments.data ? buildInstrumentIndex(instruments.data) : null), [instruments.data]);
  const resolver = useMemo(() => zodResolver(addSignalFormSchema(index)), [index]);
  const { control, handleSubmit, setError } = useForm<AddSignalFormValues, unknown, AddSignalBody>({
    resolver,
    defaultValues: addSignalDefaults(),
  });
  const mutation = useAddSignal(algoId);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: onDone,
      // A level off the instrument's tick (only the server knows the tick) shows under its field.
      onError: (error) =>
        showServerFieldErrors(error, ['entry_level', 'stop_loss_level', 'target_level'] as const, setError),
    }),
  );

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add Signal">
      <Controller
        name="instrument_symbol"
        control={control}
        render={({ field, fieldState }) => (
          <InstrumentPicker
            label="Instrument Symbol"
            index={index}
            loadFailed={instruments.isError}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            inputRef={field.ref}
          />
        )}
      />
      <InstrumentType control={control} index={index} />
      <ReadOnlyField label="Exchange" value={EXCHANGE} disabled />
      <SelectField
        control={control}
        name="trade_direction"
        label="Trade Direction"
        options={optionsOf(TRADE_DIRECTIONS)}
        placeholder="Choose long or short"
      />
      <SelectField control={control} name="trade_type" label="Trade Type" options={optionsOf(TRADE_TYPES)} />
      <LevelFields control={control} />
      <RiskReward control={control} />
      <SelectField control={control} name="portion_in_trade" label="Portion in Trade" options={PORTION_OPTIONS} />
      <InputField control={control} name="trade_gen_ts" label="Signal Date" type="date" />
      <CheckboxField control={control} name="process_signal" label="Process signal" />
      <FormActions pending={mutation.isPending} onCancel={onDone} submitLabel="Add Signal" pendingLabel="Adding..." />
    </form>
  );
}

type FormControl = ReturnType<typeof useForm<AddSignalFormValues, unknown, AddSignalBody>>['control'];

/** The chosen symbol's SERIES; blank until a known instrument is picked. */
function InstrumentType({ control, index }: { control: FormControl; index: InstrumentIndex | null }) {
  const text = useWatch({ control, name: 'instrument_symbol' });
  const series = index ? (findInstrument(index, text)?.SERIES ?? '') : '';
  return <ReadOnlyField label="Instrument Type" value={series} />;
}

/** Live risk-reward: 2 decimals when it can be computed, blank otherwise (then sent as null). */
function RiskReward({ control }: { control: FormControl }) {
  const [entry, stopLoss, target] = useWatch({ control, name: ['entry_level', 'stop_loss_level', 'target_level'] });
  const ratio = typedRiskReward(entry, stopLoss, target);
  return <ReadOnlyField label="Risk Reward" value={ratio === null ? '' : ratio.toFixed(2)} />;
}
