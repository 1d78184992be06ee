import type { Algo, Instrument, Signal } from '@shared/schemas/admin/algos';

let nextId = 500;

/** A signal as GET /api/algos/{id}/signals returns it; override what the test is about. */
export function makeSignal(over: Partial<Signal> = {}): Signal {
  return {
    signal_id: over.signal_id ?? nextId++,
    algo_id: 2,
    exchange: 'NSE',
    instrument_symbol: 'RELIANCE',
    instrument_type: 'EQ',
    trade_type: 'swing',
    trade_direction: 'long',
    trade_gen_ts: '2026-11-20',
    entry_level: 100,
    stop_loss_level: 95,
    target_level: 110,
    trade_status: 'pending',
    algo_process_ind: false,
    portion_in_trade: 50,
    ltp: 101.5,
    max_fav_excursion: 3.25,
    max_adv_excursion: 1.5,
    ltp_timestamp: '2026-11-20T10:15:00',
    risk_reward: 2,
    status_note: null,
    created_at: '2026-11-20T04:45:00.000Z',
    updated_at: '2026-11-20T04:45:00.000Z',
    source: 'manual',
    webhook_token_id: null,
    client_signal_id: null,
    expires_at: null,
    ...over,
  };
}

export const ALGOS: Algo[] = [
  {
    algo_id: 2,
    algo_desc: 'Breakout swing',
    algo_switch: true,
    approval_mode: 'manual',
    signal_validity_minutes: null,
    exchange_algo_id: null,
  },
  {
    algo_id: 3,
    algo_desc: 'Mean reversion',
    algo_switch: false,
    approval_mode: 'manual',
    signal_validity_minutes: null,
    exchange_algo_id: null,
  },
];

export function makeInstrument(SYMBOL: string, SERIES = 'EQ', over: Partial<Instrument> = {}): Instrument {
  return {
    SYMBOL,
    SERIES,
    NAME: `${SYMBOL} Limited`,
    ISIN: 'INE000000000',
    OPEN: 100,
    HIGH: 110,
    LOW: 95,
    CLOSE: 105,
    LAST: 104.5,
    PREVCLOSE: 99,
    TOTTRDQTY: 123456,
    TIMESTAMP: '2026-11-20',
    ...over,
  };
}

export const INSTRUMENTS: Instrument[] = [
  makeInstrument('RELIANCE'),
  makeInstrument('RELIANCE', 'BE'),
  makeInstrument('RELINFRA'),
  makeInstrument('TCS'),
  makeInstrument('INFY'),
  makeInstrument('HDFCBANK'),
];
