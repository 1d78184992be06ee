/**
 * Add Signal's form (spec sections 4, 5, 7): what the fields hold, and how they become the
 * PUT body, validated by the shared `addSignalBodySchema` so the texts are the spec's own.
 */
import { z } from 'zod';
import { EXCHANGE, type SIGNAL_PORTIONS, type TRADE_DIRECTIONS, type TRADE_TYPES } from '@shared/constants';
import { riskReward } from '@shared/risk-reward';
import { addSignalBodySchema } from '@shared/schemas/admin/algos';
import { findInstrument, type InstrumentIndex } from './instrument-search';
import { parseDecimal } from './parse-decimal';
import { today } from './signal-date';

export interface AddSignalFormValues {
  /** The picker's text; a known "SYMBOL (SERIES)" label once an instrument is chosen. */
  instrument_symbol: string;
  trade_gen_ts: string;
  trade_direction: (typeof TRADE_DIRECTIONS)[number] | '';
  trade_type: (typeof TRADE_TYPES)[number];
  entry_level: string;
  stop_loss_level: string;
  target_level: string;
  portion_in_trade: (typeof SIGNAL_PORTIONS)[number];
  process_signal: boolean;
}

export const addSignalDefaults = (): AddSignalFormValues => ({
  instrument_symbol: '',
  trade_gen_ts: today(),
  trade_direction: '',
  trade_type: 'swing',
  entry_level: '',
  stop_loss_level: '',
  target_level: '',
  portion_in_trade: 100,
  process_signal: false,
});

/** Risk-reward of typed levels: null unless all three are numbers and entry differs from stop-loss. */
export const typedRiskReward = (entry: string, stopLoss: string, target: string): number | null =>
  riskReward(parseDecimal(entry), parseDecimal(stopLoss), parseDecimal(target));

export function toAddSignalBody(values: AddSignalFormValues, index: InstrumentIndex | null) {
  const instrument = index ? findInstrument(index, values.instrument_symbol) : null;
  return {
    trade_gen_ts: values.trade_gen_ts,
    exchange: EXCHANGE,
    // Unknown text leaves both blank: the schema answers "Invalid instrument symbol, please select again".
    instrument_symbol: instrument?.SYMBOL ?? '',
    instrument_type: instrument?.SERIES ?? '',
    trade_direction: values.trade_direction,
    trade_type: values.trade_type,
    entry_level: parseDecimal(values.entry_level),
    stop_loss_level: parseDecimal(values.stop_loss_level),
    target_level: parseDecimal(values.target_level),
    risk_reward: typedRiskReward(values.entry_level, values.stop_loss_level, values.target_level),
    portion_in_trade: values.portion_in_trade,
    process_signal: values.process_signal,
  };
}

export const addSignalFormSchema = (index: InstrumentIndex | null) =>
  z.preprocess((values: AddSignalFormValues) => toAddSignalBody(values, index), addSignalBodySchema);
