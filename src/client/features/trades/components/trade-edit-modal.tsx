/**
 * The superadmin's Edit action on a trade: the read-only facts of the trade, then the editable
 * fields (POST /api/admin/trades/{tradeId}). Success closes the modal; a failure keeps it open.
 * Saved against the trade as shown: when it changed since (a fill, another admin), the dialog says
 * so and shows the current trade, to be reviewed and saved again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminTradeEditBody } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import { FormActions } from '@client/components/form-fields/form-actions';
import { InputField } from '@client/components/form-fields/input-field';
import { optionsOf, SelectField } from '@client/components/form-fields/select-field';
import { Modal } from '@client/components/modal';
import { staleRecordOf } from '@client/lib/stale-record';
import { useServerFieldErrors } from '@client/lib/server-field-errors';
import { useUpdateTrade } from '../api/update-trade';
import {
  tradeEditFormSchema,
  tradeEditFormValues,
  tradeEditStatuses,
  tradeEditStatusNote,
  type TradeEditFormValues,
} from '../lib/trade-edit-form';
import { TradeFieldList, type TradeFieldId } from './trade-fields';

const READ_ONLY_FIELDS: readonly TradeFieldId[] = [
  'id',
  'instrument',
  'type',
  'direction',
  'avgEntry',
  'avgExit',
  'algoId',
  'signalId',
  'lastUpdated',
];

interface TradeEditFormProps {
  trade: Trade;
  tradesKey: QueryKey;
  notice: string | null;
  onStale: (current: Trade, notice: string) => void;
  onDone: () => void;
}

function TradeEditForm({ trade, tradesKey, notice, onStale, onDone }: TradeEditFormProps) {
  const mutation = useUpdateTrade(trade.trabot_trade_id, tradesKey);
  const { control, handleSubmit, setError } = useForm<TradeEditFormValues, unknown, AdminTradeEditBody>({
    resolver: zodResolver(tradeEditFormSchema(trade.trade_status)),
    defaultValues: tradeEditFormValues(trade),
  });
  useServerFieldErrors(mutation.error, setError);

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(
      { ...body, expected_updated_at: trade.updated_at },
      {
        onSuccess: onDone,
        onError: (error) => {
          const stale = staleRecordOf<Trade>(error);
          if (stale) onStale(stale.current, stale.message);
        },
      },
    ),
  );

  const number = { type: 'number', inputmode: 'decimal', step: 'any' } as const;
  return (
    <form className="app-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      <section aria-label="Trade (read-only)">
        <TradeFieldList trade={trade} fields={READ_ONLY_FIELDS} className="trade-fields trade-edit-facts" />
      </section>
      <InputField control={control} name="trade_date" label="Trade Date" type="date" />
      <SelectField
        control={control}
        name="trade_status"
        label="Trade Status"
        placeholder="Choose a status"
        options={optionsOf(tradeEditStatuses(trade.trade_status))}
        helperText={tradeEditStatusNote(trade.trade_status)}
      />
      <InputField control={control} name="trade_quantity" label="Quantity" type="number" inputmode="numeric" step="1" />
      <InputField
        control={control}
        name="remaining_quantity"
        label="Remaining Quantity"
        type="number"
        inputmode="numeric"
        step="1"
      />
      <InputField control={control} name="current_mtm" label="Current MTM" {...number} />
      <InputField control={control} name="trade_risk" label="Trade Risk" {...number} />
      <InputField control={control} name="ltp" label="LTP" {...number} />
      <InputField control={control} name="broker_trade_number" label="Broker Trade Number" />
      <InputField control={control} name="stoploss_trade_number" label="Stoploss Trade Number" />
      <FormActions pending={mutation.isPending} onCancel={onDone} />
    </form>
  );
}

export function TradeEditModal({
  trade,
  tradesKey,
  onClose,
}: {
  trade: Trade | null;
  tradesKey: QueryKey;
  onClose: () => void;
}) {
  return (
    <Modal isOpen={trade !== null} title={trade ? `Edit Trade ${trade.trabot_trade_id}` : undefined} onClose={onClose}>
      {trade && <TradeEditor key={trade.trabot_trade_id} trade={trade} tradesKey={tradesKey} onDone={onClose} />}
    </Modal>
  );
}

/** The form for the trade as last read: a 409 replaces it with the current one (a fresh form) and says why. */
function TradeEditor({ trade, tradesKey, onDone }: { trade: Trade; tradesKey: QueryKey; onDone: () => void }) {
  const [shown, setShown] = useState({ trade, notice: null as string | null });
  return (
    <TradeEditForm
      key={shown.trade.updated_at}
      trade={shown.trade}
      tradesKey={tradesKey}
      notice={shown.notice}
      onStale={(current, notice) => setShown({ trade: current, notice })}
      onDone={onDone}
    />
  );
}
