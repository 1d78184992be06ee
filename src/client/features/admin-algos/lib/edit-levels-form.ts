/** Edit Levels' form (spec sections 4, 5, 7), validated by the shared `editLevelsSchemaFor` the signal's direction. */
import { z } from 'zod';
import type { SignalStatus } from '@shared/constants';
import { editLevelsSchemaFor, type Signal } from '@shared/schemas/admin/algos';
import { parseDecimal } from './parse-decimal';
import { dateInputValue, tradeGenTsToSend } from './signal-date';

export interface EditLevelsFormValues {
  trade_gen_ts: string;
  entry_level: string;
  stop_loss_level: string;
  target_level: string;
  trade_status: SignalStatus;
  process_signal: boolean;
}

export const editLevelsDefaults = (signal: Signal): EditLevelsFormValues => ({
  trade_gen_ts: dateInputValue(signal.trade_gen_ts),
  entry_level: String(signal.entry_level),
  stop_loss_level: String(signal.stop_loss_level),
  target_level: String(signal.target_level),
  trade_status: signal.trade_status,
  process_signal: signal.algo_process_ind,
});

export const editLevelsFormSchema = (signal: Signal) =>
  z.preprocess(
    (values: EditLevelsFormValues) => ({
      trade_gen_ts: tradeGenTsToSend(signal.trade_gen_ts, values.trade_gen_ts),
      entry_level: parseDecimal(values.entry_level),
      stop_loss_level: parseDecimal(values.stop_loss_level),
      target_level: parseDecimal(values.target_level),
      trade_status: values.trade_status,
      process_signal: values.process_signal,
    }),
    editLevelsSchemaFor(signal.trade_direction),
  );
