/**
 * The adapter an account's orders go through. Paper unless all three say live: the server
 * (LIVE_TRADING), the account (its trading mode, set by a superadmin) and the broker (configured
 * on this server, e.g. KITE_API_KEY and KITE_API_SECRET for Zerodha, FYERS_* for Fyers, UPSTOX_* for Upstox, ANGELONE_* for Angel One, DHAN_* for Dhan). Nothing else ever reaches a
 * real broker.
 */
import type { BrokerName } from '@shared/constants';
import type { Env } from '../config/env';
import type { BrokerAdapter } from './adapter';
import { AngelOneAdapter } from './angelone/angelone-adapter';
import { DhanAdapter, type DhanAccess } from './dhan/dhan-adapter';
import { FyersAdapter } from './fyers/fyers-adapter';
import { UpstoxAdapter } from './upstox/upstox-adapter';
import { ZerodhaAdapter } from './zerodha/zerodha-adapter';

export type BrokerEnv = Pick<
  Env,
  'LIVE_TRADING' | 'KITE_API_KEY' | 'KITE_API_SECRET' | 'KITE_API_ROOT' | 'KITE_LOGIN_URL'
> &
  Partial<Pick<Env, 'BROKER_SOURCE_ADDRESS' | 'MARKET_PROTECTION' | 'ALLOW_UNREGISTERED_ALGOS'>> &
  Partial<Pick<Env, 'FYERS_APP_ID' | 'FYERS_SECRET_KEY' | 'FYERS_REDIRECT_URL' | 'FYERS_API_ROOT'>> &
  Partial<
    Pick<
      Env,
      'UPSTOX_API_KEY' | 'UPSTOX_API_SECRET' | 'UPSTOX_REDIRECT_URL' | 'UPSTOX_API_ROOT' | 'UPSTOX_INSTRUMENTS_URL'
    >
  > &
  Partial<
    Pick<
      Env,
      | 'ANGELONE_API_KEY'
      | 'ANGELONE_API_ROOT'
      | 'ANGELONE_LOGIN_URL'
      | 'ANGELONE_SCRIP_MASTER_URL'
      | 'ANGELONE_PUBLIC_IP'
    >
  > &
  Partial<
    Pick<
      Env,
      | 'DHAN_API_KEY'
      | 'DHAN_API_SECRET'
      | 'DHAN_PARTNER_ID'
      | 'DHAN_PARTNER_SECRET'
      | 'DHAN_API_ROOT'
      | 'DHAN_AUTH_ROOT'
      | 'DHAN_SCRIP_MASTER_URL'
    >
  >;
export type TradingAccount = { broker_name: string; trading_mode: string };

const configured = new WeakMap<BrokerEnv, Partial<Record<BrokerName, BrokerAdapter>>>();

/** The real brokers this server has an app for (one adapter each, shared: their rate limits are per app). */
export function configuredBrokers(env: BrokerEnv): Partial<Record<BrokerName, BrokerAdapter>> {
  let brokers = configured.get(env);
  if (!brokers) {
    brokers = {};
    if (env.KITE_API_KEY && env.KITE_API_SECRET)
      brokers.zerodha = new ZerodhaAdapter({
        apiKey: env.KITE_API_KEY,
        apiSecret: env.KITE_API_SECRET,
        root: env.KITE_API_ROOT,
        loginUrl: env.KITE_LOGIN_URL,
        marketProtection: env.MARKET_PROTECTION,
      });
    if (env.FYERS_APP_ID && env.FYERS_SECRET_KEY && env.FYERS_REDIRECT_URL) {
      brokers.fyers = new FyersAdapter({
        appId: env.FYERS_APP_ID,
        secret: env.FYERS_SECRET_KEY,
        redirectUrl: env.FYERS_REDIRECT_URL,
        root: env.FYERS_API_ROOT,
      });
    }
    if (env.UPSTOX_API_KEY && env.UPSTOX_API_SECRET && env.UPSTOX_REDIRECT_URL) {
      brokers.upstock = new UpstoxAdapter({
        apiKey: env.UPSTOX_API_KEY,
        apiSecret: env.UPSTOX_API_SECRET,
        redirectUrl: env.UPSTOX_REDIRECT_URL,
        root: env.UPSTOX_API_ROOT,
        instrumentsUrl: env.UPSTOX_INSTRUMENTS_URL,
        marketProtection: env.MARKET_PROTECTION,
      });
    }
    if (env.ANGELONE_API_KEY) {
      brokers.angelone = new AngelOneAdapter({
        apiKey: env.ANGELONE_API_KEY,
        root: env.ANGELONE_API_ROOT,
        loginUrl: env.ANGELONE_LOGIN_URL,
        scripMasterUrl: env.ANGELONE_SCRIP_MASTER_URL,
        publicIp: env.ANGELONE_PUBLIC_IP,
      });
    }
    // Partner credentials (many Dhan clients) win over an individual API key (one client).
    if ((env.DHAN_PARTNER_ID && env.DHAN_PARTNER_SECRET) || (env.DHAN_API_KEY && env.DHAN_API_SECRET)) {
      brokers.dhan = new DhanAdapter({
        apiKey: env.DHAN_API_KEY,
        apiSecret: env.DHAN_API_SECRET,
        partnerId: env.DHAN_PARTNER_ID,
        partnerSecret: env.DHAN_PARTNER_SECRET,
        root: env.DHAN_API_ROOT,
        authRoot: env.DHAN_AUTH_ROOT,
        scripMasterUrl: env.DHAN_SCRIP_MASTER_URL,
      });
    }
    configured.set(env, brokers);
  }
  return brokers;
}

/** How this server reaches Dhan: partner access, one client's individual API key, or not at all. */
export function dhanAccess(env: BrokerEnv): DhanAccess | 'not_configured' {
  const dhan = configuredBrokers(env).dhan;
  return dhan instanceof DhanAdapter ? dhan.access : 'not_configured';
}

export const isBrokerConfigured = (brokerName: string, env: BrokerEnv) =>
  Object.hasOwn(configuredBrokers(env), brokerName);

export function isPaperTrading(account: TradingAccount, env: BrokerEnv): boolean {
  return !(env.LIVE_TRADING && account.trading_mode === 'live' && isBrokerConfigured(account.broker_name, env));
}

/** The broker a new trade of the account goes to: `paper`, or its real broker when it trades live. */
export const tradeBroker = (account: TradingAccount, env: BrokerEnv): string =>
  isPaperTrading(account, env) ? 'paper' : account.broker_name;

/** The adapter of a trade's broker (as tradeBroker named it when the trade opened). */
export function adapterOfTrade(broker: string, env: BrokerEnv, paper: BrokerAdapter): BrokerAdapter {
  if (broker === 'paper') return paper;
  const adapter = configuredBrokers(env)[broker as BrokerName];
  if (!adapter)
    throw new Error(`${broker} is not configured on this server any more: its live trades cannot be followed`);
  return adapter;
}

export interface SelectedAdapter {
  adapter: BrokerAdapter;
  paper_trading: boolean;
}

export function selectAdapter(account: TradingAccount, env: BrokerEnv, paper: BrokerAdapter): SelectedAdapter {
  if (isPaperTrading(account, env)) return { adapter: paper, paper_trading: true };
  return { adapter: configuredBrokers(env)[account.broker_name as BrokerName]!, paper_trading: false };
}
