/**
 * Manual Entry / Manual Exit (spec sections 2, 4, 5, 7). The price fields follow the order type
 * (limit: limit price; trigger: limit and trigger price); the form is dropped on close, so the
 * order type is back to market the next time. Placed against the signal as shown: when it changed
 * since, the dialog says so and shows the current signal, keeping the order typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { MANUAL_ORDER_PORTIONS, ORDER_TYPES, PRICE_STEP } from '@shared/constants';
import type { Signal } from '@shared/schemas/admin/algos';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { Modal } from '@client/components/modal';
import { staleRecordOf } from '@client/lib/stale-record';
import { toast } from '@client/lib/toast';
import { usePlaceManualOrder, type ManualOrderBody, type ManualOrderSide } from '../api/place-manual-order';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import {
  manualOrderDefaults,
  manualOrderFormSchema,
  showsLimitPrice,
  showsTriggerPrice,
  TRADE_TYPES_BY_SIDE,
  type ManualOrderFormValues,
} from '../lib/manual-order-form';

const TITLES = { entry: 'Manual Entry', exit: 'Manual Exit' } as const;

const PORTION_OPTIONS = MANUAL_ORDER_PORTIONS.map((p) => ({ value: p, label: `${p} (${Math.round(p * 100)}%)` }));
const SHOWN_FIELDS = new Set(['order_type', 'limit_price', 'trigger_price', 'portion', 'trade_type']);

export function ManualOrderModal({
  side,
  signal,
  onClose,
}: {
  side: ManualOrderSide;
  signal: Signal | null;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={signal !== null}
      title={signal ? `${TITLES[side]}: signal ${signal.signal_id}` : undefined}
      onClose={onClose}
    >
      {signal && <ManualOrderForm key={signal.signal_id} side={side} signal={signal} onDone={onClose} />}
    </Modal>
  );
}

function ManualOrderForm({
  side,
  signal: opened,
  onDone,
}: {
  side: ManualOrderSide;
  signal: Signal;
  onDone: () => void;
}) {
  // The signal as last read: a 409 replaces it with the current one and says why.
  const [{ signal, notice }, setShown] = useState({ signal: opened, notice: null as string | null });
  const resolver = useMemo(() => zodResolver(manualOrderFormSchema(side, signal)), [side, signal]);
  const { control, handleSubmit, setError } = useForm<ManualOrderFormValues, unknown, ManualOrderBody>({
    resolver,
    defaultValues: manualOrderDefaults(side),
    // A hidden price field is dropped with its value: showing it again starts blank.
    shouldUnregister: true,
  });
  const orderType = useWatch({ control, name: 'order_type' });
  const mutation = usePlaceManualOrder(side, signal.algo_id);

  // The signal's own fields are checked too; a problem there has no field to show it under.
  const onInvalid = (errors: FieldErrors) => {
    const hidden = Object.entries(errors).find(([name]) => !SHOWN_FIELDS.has(name));
    if (hidden?.[1]?.message) toast.error(`${hidden[0]}: ${String(hidden[1].message)}`);
  };

  const onSubmit = handleSubmit(
    (body) =>
      mutation.mutate(
        { ...body, expected_updated_at: signal.updated_at },
        {
          onSuccess: onDone,
          onError: (error) => {
            const stale = staleRecordOf<Signal>(error);
            if (stale) setShown({ signal: stale.current, notice: stale.message });
            // A price off the instrument's tick (only the server knows the tick) shows under its field.
            else showServerFieldErrors(error, ['limit_price', 'trigger_price'] as const, setError);
          },
        },
      ),
    onInvalid,
  );

  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={TITLES[side]}>
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      <p className="admin-form-subject">
        {signal.instrument_symbol} ({signal.exchange}), {signal.trade_direction}; entry {signal.entry_level}, stop-loss{' '}
        {signal.stop_loss_level}
      </p>
      <SelectField control={control} name="order_type" label="Order Type" options={optionsOf(ORDER_TYPES)} />
      {showsLimitPrice(orderType) && (
        <InputField control={control} name="limit_price" label="Limit Price" type="number" step={String(PRICE_STEP)} />
      )}
      {showsTriggerPrice(orderType) && (
        <InputField
          control={control}
          name="trigger_price"
          label="Trigger Price"
          type="number"
          step={String(PRICE_STEP)}
        />
      )}
      <SelectField control={control} name="portion" label="Portion" options={PORTION_OPTIONS} />
      <SelectField
        control={control}
        name="trade_type"
        label="Trade Type"
        options={optionsOf(TRADE_TYPES_BY_SIDE[side])}
      />
      <FormActions
        pending={mutation.isPending}
        onCancel={onDone}
        submitLabel={`Place ${TITLES[side]}`}
        pendingLabel="Sending..."
      />
    </form>
  );
}
