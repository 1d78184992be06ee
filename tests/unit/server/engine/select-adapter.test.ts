// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PaperBroker } from '@server/engine/paper-broker';
import {
  dhanAccess,
  isBrokerConfigured,
  isPaperTrading,
  selectAdapter,
  type BrokerEnv,
} from '@server/brokers/select-adapter';
import { AngelOneAdapter } from '@server/brokers/angelone/angelone-adapter';
import { DhanAdapter } from '@server/brokers/dhan/dhan-adapter';
import { FyersAdapter } from '@server/brokers/fyers/fyers-adapter';
import { UpstoxAdapter } from '@server/brokers/upstox/upstox-adapter';
import { ZerodhaAdapter } from '@server/brokers/zerodha/zerodha-adapter';
import { parseEnv } from '@server/config/env';
import { ADMIN_BROKERS } from '@shared/constants';

const paper = new PaperBroker({ prices: { quote: () => undefined } });
const kite = { KITE_API_KEY: 'key', KITE_API_SECRET: 'secret', KITE_API_ROOT: undefined };
const env = (over: Partial<BrokerEnv> = {}): BrokerEnv => ({ LIVE_TRADING: true, ...kite, ...over });

describe('selectAdapter: paper unless the server, the account and the broker all say live', () => {
  it('LIVE_TRADING off: every broker, every mode on paper', () => {
    const off = env({ LIVE_TRADING: false });
    for (const name of ADMIN_BROKERS) {
      for (const mode of ['paper', 'live']) {
        expect(selectAdapter({ broker_name: name, trading_mode: mode }, off, paper)).toEqual({
          adapter: paper,
          paper_trading: true,
        });
      }
    }
  });

  it('a live Zerodha account with Kite configured goes to the Zerodha adapter (one per server app)', () => {
    const on = env();
    const live = selectAdapter({ broker_name: 'zerodha', trading_mode: 'live' }, on, paper);
    expect(live.paper_trading).toBe(false);
    expect(live.adapter).toBeInstanceOf(ZerodhaAdapter);
    expect(selectAdapter({ broker_name: 'zerodha', trading_mode: 'live' }, on, paper).adapter).toBe(live.adapter);
    expect(isPaperTrading({ broker_name: 'zerodha', trading_mode: 'live' }, on)).toBe(false);
  });

  it('a paper account, an unconfigured broker or a broker without an adapter stays on paper', () => {
    expect(isPaperTrading({ broker_name: 'zerodha', trading_mode: 'paper' }, env())).toBe(true);
    expect(isPaperTrading({ broker_name: 'zerodha', trading_mode: 'live' }, env({ KITE_API_SECRET: undefined }))).toBe(
      true,
    );
    for (const name of ['fyers', 'upstock', 'angelone', 'dhan', 'groww', '5paisa', 'toString']) {
      expect(selectAdapter({ broker_name: name, trading_mode: 'live' }, env(), paper)).toEqual({
        adapter: paper,
        paper_trading: true,
      });
    }
  });

  it('Fyers, Upstox, Angel One and Dhan with their apps configured (id, secret and registered redirect URL) go to their adapters', () => {
    const apps = env({
      FYERS_APP_ID: 'XB12345-100',
      FYERS_SECRET_KEY: 's',
      FYERS_REDIRECT_URL: 'https://trabot.in/api/brokers/fyers/callback',
      UPSTOX_API_KEY: 'k',
      UPSTOX_API_SECRET: 's',
      UPSTOX_REDIRECT_URL: 'https://trabot.in/api/brokers/upstock/callback',
    });
    expect(selectAdapter({ broker_name: 'fyers', trading_mode: 'live' }, apps, paper).adapter).toBeInstanceOf(
      FyersAdapter,
    );
    expect(selectAdapter({ broker_name: 'upstock', trading_mode: 'live' }, apps, paper).adapter).toBeInstanceOf(
      UpstoxAdapter,
    );
    expect(
      selectAdapter({ broker_name: 'angelone', trading_mode: 'live' }, env({ ANGELONE_API_KEY: 'k' }), paper).adapter,
    ).toBeInstanceOf(AngelOneAdapter);
    expect(
      selectAdapter(
        { broker_name: 'dhan', trading_mode: 'live' },
        env({ DHAN_API_KEY: 'k', DHAN_API_SECRET: 's' }),
        paper,
      ).adapter,
    ).toBeInstanceOf(DhanAdapter);
    expect(
      isPaperTrading(
        { broker_name: 'fyers', trading_mode: 'live' },
        env({ FYERS_APP_ID: 'XB12345-100', FYERS_SECRET_KEY: 's' }),
      ),
    ).toBe(true);
  });

  it('Dhan: partner credentials (both or neither) win over an individual key; the mode is what the screens read', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', DHAN_PARTNER_ID: 'P1' })).toThrow(
      'Invalid environment: DHAN_PARTNER_ID and DHAN_PARTNER_SECRET go together (set both, or neither)',
    );
    expect(() => parseEnv({ NODE_ENV: 'test', DHAN_PARTNER_SECRET: 's' })).toThrow(/go together/);
    expect(dhanAccess(env({}))).toBe('not_configured');
    expect(dhanAccess(env({ DHAN_API_KEY: 'k', DHAN_API_SECRET: 's' }))).toBe('individual');
    const partner = env({ DHAN_API_KEY: 'k', DHAN_API_SECRET: 's', DHAN_PARTNER_ID: 'P1', DHAN_PARTNER_SECRET: 'ps' });
    expect(dhanAccess(partner)).toBe('partner');
    expect(dhanAccess(env({ DHAN_PARTNER_ID: 'P1', DHAN_PARTNER_SECRET: 'ps' }))).toBe('partner');
    expect(isBrokerConfigured('dhan', env({ DHAN_PARTNER_ID: 'P1', DHAN_PARTNER_SECRET: 'ps' }))).toBe(true);
  });

  it('a server pointed at a local Upstox, Angel One or Dhan must name their instruments files and login page too (never the real ones by default)', () => {
    expect(() =>
      parseEnv({
        NODE_ENV: 'test',
        ANGELONE_API_ROOT: 'http://127.0.0.1:9',
        ANGELONE_LOGIN_URL: 'http://127.0.0.1:9/l',
      }),
    ).toThrow(/ANGELONE_SCRIP_MASTER_URL are required/);
    expect(() => parseEnv({ NODE_ENV: 'test', DHAN_API_ROOT: 'http://127.0.0.1:9' })).toThrow(
      /DHAN_AUTH_ROOT and DHAN_SCRIP_MASTER_URL are required/,
    );
    expect(() => parseEnv({ NODE_ENV: 'test', UPSTOX_API_ROOT: 'http://127.0.0.1:9' })).toThrow(
      /UPSTOX_INSTRUMENTS_URL is required with UPSTOX_API_ROOT/,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: 'test',
        UPSTOX_API_ROOT: 'http://127.0.0.1:9',
        UPSTOX_INSTRUMENTS_URL: 'http://127.0.0.1:9/i.json.gz',
      }),
    ).not.toThrow();
  });
});
