import { describe, expect, it } from 'vitest';
import { tradesCsv, tradesCsvFileName } from '@client/features/trades/lib/trades-csv';
import { makeTrade } from './trades-fixtures';

const records = (csv: string) => csv.split('\r\n').slice(0, -1);

describe('trades CSV', () => {
  it("has the trade table's columns, then a row per trade with plain numbers and dates as shown", () => {
    const csv = tradesCsv([
      makeTrade({
        trabot_trade_id: 1,
        trade_instrument: 'RELIANCE',
        current_mtm: -300.5,
        trade_risk: 1200,
        ltp: 2499,
        avg_entry_price: 2450,
        broker_trade_number: 'BRK-1',
      }),
    ]);
    const [header, row] = records(csv);
    expect(header).toBe(
      'Trade ID,Date,Instrument,Type,Direction,Status,Qty,Remaining Qty,Avg Entry,Avg Exit,LTP,MTM,Trade Risk,Broker Trade No.,Stoploss Trade No.,Algo ID,Signal ID,Last Updated',
    );
    expect(row).toBe(
      '1,20/11/2026,RELIANCE NSE,swing,long,RUNNING,10,10,2450,,2499,-300.5,1200,BRK-1,,2,40,20/11/2026 15:30:00',
    );
  });

  it("leaves empty what the page shows as N.A.: a pending trade's remaining quantity and entry, a finished trade's LTP", () => {
    const [, pending, completed] = records(
      tradesCsv([
        makeTrade({ trabot_trade_id: 2, trade_status: 'pending', remaining_quantity: 5, avg_entry_price: 100 }),
        makeTrade({ trabot_trade_id: 3, trade_status: 'completed', ltp: 3900, avg_exit_price: 3950 }),
      ]),
    );
    expect(pending!.split(',').slice(6, 9)).toEqual(['10', '', '']);
    expect(completed!.split(',').slice(9, 11)).toEqual(['3950', '']);
  });

  it('quotes and defuses text fields from the broker', () => {
    const [, row] = records(
      tradesCsv([makeTrade({ trabot_trade_id: 4, broker_trade_number: '=cmd|x', stoploss_trade_number: 'SL,1' })]),
    );
    expect(row).toContain(`,'=cmd|x,"SL,1",`);
  });

  it('names the file by the filter and the day', () => {
    expect(tradesCsvFileName('completed', '2026-11-25')).toBe('trades-completed-2026-11-25.csv');
  });
});
