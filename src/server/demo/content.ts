/**
 * What the demo shows: two algos, their signals on NSE large caps at plausible price levels, one
 * member with a Zerodha account subscribed to both, and trades in every status. Days count NSE
 * sessions back from the latest one; times are IST. Quantities follow from the subscription's
 * sizing rules (see trade-rows.ts), so they match the risk the algo takes.
 */
import type { SignalStatus, TradeStatus } from '@shared/constants';

export type AlgoKey = 'swing' | 'intraday';

export const DEMO_ALGOS: Record<AlgoKey, { desc: string; on: boolean }> = {
  swing: {
    on: true,
    desc:
      'Swing momentum, NSE cash (delivery, long only). Universe: NIFTY 200 stocks above their 50-day EMA. ' +
      'A signal is generated after the close when a stock closes above its 20-day high on at least 1.5x its ' +
      '20-day average volume; entry next session on a buy-stop at the signal level, skipped if the stock ' +
      'opens more than 1% above it. Initial stop below the 10-day low; half the position is booked at 1R, ' +
      'the rest at the target (1.8-2.5R) or on a close below the 20-day EMA. Risks 1% of the allocated ' +
      'capital per trade; typical holding 3-15 sessions.',
  },
  intraday: {
    on: false,
    desc:
      'Intraday mean reversion, NSE cash (MIS, long and short). Universe: NIFTY 50. Between 09:45 and 14:30 IST, ' +
      'on 5-minute bars, fades a move stretched more than 2 standard deviations from VWAP when RSI(3) is ' +
      'below 10 (long) or above 90 (short). Target: back to VWAP; stop 1.2x ATR(14) beyond the entry. ' +
      'Unfilled orders lapse at 14:30 and open positions are squared off at 15:15. Risks 0.5% of the ' +
      'allocated capital per trade. Switched off while its parameters are re-tested.',
  },
};

/** Per-algo subscription of the demo account (rupees and percentages). */
export const DEMO_SUBSCRIPTIONS: Record<
  AlgoKey,
  {
    max_total_capital: number;
    risk_percent_pertrade: number;
    max_percent_allocation_pertrade: number;
    min_percent_allocation_pertrade: number;
    min_required_risk_reward: number;
    max_acceptable_loss: number;
    subscription_status: 'active' | 'inactive';
  }
> = {
  swing: {
    max_total_capital: 400_000,
    risk_percent_pertrade: 1,
    max_percent_allocation_pertrade: 20,
    min_percent_allocation_pertrade: 5,
    min_required_risk_reward: 1.5,
    max_acceptable_loss: 20_000,
    subscription_status: 'active',
  },
  intraday: {
    max_total_capital: 200_000,
    risk_percent_pertrade: 0.5,
    max_percent_allocation_pertrade: 25,
    min_percent_allocation_pertrade: 10,
    min_required_risk_reward: 1.2,
    max_acceptable_loss: 6_000,
    subscription_status: 'inactive',
  },
};

export const DEMO_MEMBER = {
  name: 'Ananya Iyer',
  phone_no: '+919845031762',
  /** Months before the seed day the membership started (on the 1st); it runs for a year. */
  activeForMonths: 4,
};

export const DEMO_ACCOUNT = {
  broker_name: 'zerodha',
  broker_client_id: 'RV7314',
  equity_amount_balance: 312_450.75,
  commodity_amount_balance: 25_000,
  currency_amount_balance: 10_000,
};

export const DEMO_ADMIN_NAME = 'Trabot Admin';

/** One order fill: a share of the trade's quantity at a price, on a session (days ago) at a time. */
export interface DemoFill {
  share: number;
  price: number;
  day: number;
  time: string;
  /** An exit's order: the target or stop-loss reached, the intraday square-off, or the admin's manual exit. */
  via?: 'target' | 'stop_loss' | 'square_off' | 'manual';
}

export interface DemoSignal {
  algo: AlgoKey;
  symbol: string;
  direction: 'long' | 'short';
  /** The session the trade is for: swing signals come after the previous session's close. */
  day: number;
  /** Intraday signals: when in the session the signal fired. */
  time?: string;
  entry: number;
  stop: number;
  target: number;
  status: SignalStatus;
  portion: 100 | 50 | 25;
  /** Last price of a live or unfilled signal; a completed one ends at its last exit price. */
  ltp?: number;
  /** Best and worst move from the entry, in price points, once filled. */
  excursion?: { favourable: number; adverse: number };
  trade: { status: TradeStatus; entries: DemoFill[]; exits: DemoFill[] };
  /** A level the admin edited before approving: its value as the algo sent it. */
  edited?: { field: 'stop_loss_level' | 'target_level'; from: number };
  /** Why the engine cancelled the approved signal unfilled. */
  missed?: string;
}

export const DEMO_SIGNALS: DemoSignal[] = [
  {
    algo: 'swing',
    symbol: 'RELIANCE',
    direction: 'long',
    day: 8,
    entry: 1418.4,
    stop: 1379,
    target: 1516.9,
    status: 'running',
    portion: 100,
    ltp: 1452.65,
    excursion: { favourable: 41.3, adverse: 9.85 },
    edited: { field: 'stop_loss_level', from: 1372.5 },
    trade: { status: 'running', entries: [{ share: 1, price: 1419.1, day: 8, time: '09:17' }], exits: [] },
  },
  {
    algo: 'swing',
    symbol: 'ICICIBANK',
    direction: 'long',
    day: 5,
    entry: 1392.5,
    stop: 1358,
    target: 1461.5,
    status: 'running',
    portion: 100,
    ltp: 1401.3,
    excursion: { favourable: 18.7, adverse: 12.4 },
    trade: {
      status: 'running',
      entries: [
        { share: 0.6, price: 1392.5, day: 5, time: '09:16' },
        { share: 0.4, price: 1393.1, day: 5, time: '09:16' },
      ],
      exits: [],
    },
  },
  {
    algo: 'swing',
    symbol: 'LT',
    direction: 'long',
    day: 12,
    entry: 3842,
    stop: 3751,
    target: 4024,
    status: 'running',
    portion: 100,
    ltp: 3968.4,
    excursion: { favourable: 151.6, adverse: 22.5 },
    trade: {
      status: 'running',
      entries: [{ share: 1, price: 3842, day: 12, time: '09:21' }],
      exits: [{ share: 0.5, price: 3933, day: 4, time: '11:06', via: 'manual' }],
    },
  },
  {
    algo: 'swing',
    symbol: 'BHARTIARTL',
    direction: 'long',
    day: 3,
    entry: 1986,
    stop: 1941,
    target: 2067,
    status: 'running',
    portion: 100,
    ltp: 1979.35,
    excursion: { favourable: 14.2, adverse: 21.7 },
    trade: { status: 'running', entries: [{ share: 1, price: 1986, day: 3, time: '09:24' }], exits: [] },
  },
  {
    algo: 'swing',
    symbol: 'TITAN',
    direction: 'long',
    day: 6,
    entry: 3612,
    stop: 3530,
    target: 3776,
    status: 'running',
    portion: 100,
    ltp: 3655.8,
    excursion: { favourable: 58.9, adverse: 16.3 },
    trade: { status: 'open', entries: [{ share: 1, price: 3613.5, day: 6, time: '09:19' }], exits: [] },
  },
  {
    algo: 'swing',
    symbol: 'SBIN',
    direction: 'long',
    day: 0,
    entry: 872.4,
    stop: 851,
    target: 904.5,
    status: 'pending',
    portion: 100,
    ltp: 868.15,
    trade: { status: 'pending', entries: [], exits: [] },
  },
  {
    algo: 'swing',
    symbol: 'INFY',
    direction: 'long',
    day: 0,
    entry: 1538,
    stop: 1499,
    target: 1635.5,
    status: 'approved',
    portion: 100,
    ltp: 1531.2,
    trade: { status: 'approved', entries: [], exits: [] },
  },
  {
    // Opened 1.9% above the buy-stop: skipped by the no-chase rule.
    algo: 'swing',
    symbol: 'MARUTI',
    direction: 'long',
    day: 4,
    entry: 12940,
    stop: 12610,
    target: 13600,
    status: 'cancelled',
    portion: 100,
    ltp: 13212.5,
    missed: 'opened at 13,212.50, more than 1% above the entry (no-chase rule)',
    trade: { status: 'cancelled', entries: [], exits: [] },
  },
  {
    algo: 'swing',
    symbol: 'HDFCBANK',
    direction: 'long',
    day: 22,
    entry: 962.4,
    stop: 940,
    target: 1007.2,
    status: 'completed',
    portion: 100,
    excursion: { favourable: 44.8, adverse: 6.1 },
    edited: { field: 'target_level', from: 995 },
    trade: {
      status: 'completed',
      entries: [{ share: 1, price: 962.4, day: 22, time: '09:18' }],
      exits: [
        { share: 0.5, price: 984.8, day: 17, time: '13:42', via: 'manual' },
        { share: 0.5, price: 1007.2, day: 12, time: '10:55', via: 'target' },
      ],
    },
  },
  {
    // Stopped out with a little slippage below the stop.
    algo: 'swing',
    symbol: 'SUNPHARMA',
    direction: 'long',
    day: 18,
    entry: 1668,
    stop: 1629,
    target: 1765.5,
    status: 'completed',
    portion: 100,
    excursion: { favourable: 12.4, adverse: 40.2 },
    trade: {
      status: 'completed',
      entries: [{ share: 1, price: 1668.6, day: 18, time: '09:20' }],
      exits: [{ share: 1, price: 1628.4, day: 15, time: '14:12', via: 'stop_loss' }],
    },
  },
  {
    algo: 'intraday',
    symbol: 'AXISBANK',
    direction: 'short',
    day: 9,
    time: '10:41',
    entry: 1178.6,
    stop: 1186.4,
    target: 1166.9,
    status: 'completed',
    portion: 100,
    excursion: { favourable: 13.1, adverse: 3.4 },
    trade: {
      status: 'completed',
      entries: [{ share: 1, price: 1178.6, day: 9, time: '10:42' }],
      exits: [{ share: 1, price: 1166.9, day: 9, time: '11:48', via: 'target' }],
    },
  },
  {
    // Squared off at 15:15 before reaching VWAP.
    algo: 'intraday',
    symbol: 'ITC',
    direction: 'long',
    day: 7,
    time: '11:12',
    entry: 402.35,
    stop: 399.1,
    target: 407.2,
    status: 'completed',
    portion: 50,
    excursion: { favourable: 3.95, adverse: 1.2 },
    trade: {
      status: 'closed',
      entries: [{ share: 1, price: 402.35, day: 7, time: '11:13' }],
      exits: [{ share: 1, price: 405.1, day: 7, time: '15:15', via: 'square_off' }],
    },
  },
  {
    algo: 'intraday',
    symbol: 'HINDUNILVR',
    direction: 'long',
    day: 11,
    time: '13:05',
    entry: 2418,
    stop: 2402.5,
    target: 2441.3,
    status: 'completed',
    portion: 100,
    excursion: { favourable: 6.4, adverse: 15.9 },
    trade: {
      status: 'completed',
      entries: [{ share: 1, price: 2418, day: 11, time: '13:06' }],
      exits: [{ share: 1, price: 2402.1, day: 11, time: '13:58', via: 'stop_loss' }],
    },
  },
  {
    // Not filled before the 14:30 cut-off.
    algo: 'intraday',
    symbol: 'KOTAKBANK',
    direction: 'short',
    day: 2,
    time: '14:02',
    entry: 2104,
    stop: 2116.5,
    target: 2085.2,
    status: 'cancelled',
    portion: 100,
    ltp: 2098.45,
    missed: 'not filled before the 14:30 cut-off',
    trade: { status: 'cancelled', entries: [], exits: [] },
  },
];
