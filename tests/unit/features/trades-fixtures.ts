import type { Trade } from '@shared/schemas/trades';

let nextId = 100;

/** A trade as GET /api/account-trades returns it; override what the test is about. */
export function makeTrade(over: Partial<Trade> = {}): Trade {
  const id = over.trabot_trade_id ?? nextId++;
  return {
    trabot_trade_id: id,
    trade_type: 'swing',
    trabot_account_id: 3,
    signal_id: 40,
    algo_id: 2,
    broker: 'paper',
    last_updated_timestamp: '2026-11-20T15:30:00',
    updated_at: '2026-11-20T10:00:00.000Z',
    avg_entry_price: 2450,
    avg_exit_price: null,
    trade_exchange: 'NSE',
    trade_instrument: 'RELIANCE',
    trade_date: '2026-11-20',
    trade_status: 'running',
    trade_quantity: 10,
    trade_direction: 'long',
    current_mtm: 500,
    trade_risk: 1200,
    broker_trade_number: 'BRK-1',
    stoploss_trade_number: null,
    remaining_quantity: 10,
    ltp: 2499,
    ltp_at: null,
    ltp_stale: false,
    exit_pending_since: null,
    stop_failed: null,
    trade_entries: [],
    trade_exits: [],
    ...over,
  };
}
