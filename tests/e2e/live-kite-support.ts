/**
 * A member trading live at a local Kite (tests/support/fake-kite.ts), for the browser tests that
 * start a server of their own against it (issue 24): logins through the API, and a new member whose
 * account trades live at Kite with approved signals that the real engine enters there.
 */
import type { APIRequestContext, APIResponse, Browser, BrowserContext } from '@playwright/test';
import type { Algo, Signal } from '@shared/schemas/admin/algos';
import type { MemberAccount } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import { addSignalBody } from '../factories/signals';
import { subscriptionBody } from '../factories/subscriptions';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../support/fake-kite';
import { createMember } from './admin-people-support';
import { startAppServer, type RunningServer } from './support/app-server';
import { apiLogin, expect, test } from './support/fixtures';

/** A long swing signal's levels around an entry in whole rupees: stop-loss 10 % under, target 20 % over. */
export const levelsAt = (entry: number) => ({
  entry_level: entry,
  stop_loss_level: Math.round(entry * 0.9),
  target_level: Math.round(entry * 1.2),
});
const today = () => new Date().toISOString().slice(0, 10);

/** A local Kite (accepting orders from 127.0.0.2) and a server of the test file's own trading live there. */
export interface LiveKiteServer {
  kite: FakeKite;
  server: RunningServer;
  stop(): Promise<void>;
}

/** Starts a local Kite and a server trading there, with `env` added to the server's settings. */
async function startLiveKiteServer(env: Record<string, string> = {}): Promise<LiveKiteServer> {
  const kite = await startFakeKite();
  kite.registerAddresses(['127.0.0.2']);
  const server = await startAppServer({ ...liveKiteEnv(kite), ...env });
  return {
    kite,
    server,
    async stop() {
      await server.stop();
      await kite.close();
    },
  };
}

/**
 * The test file's local Kite and server, started before its tests (with `env` added to the server's
 * settings) and stopped after them: read `kite` and `server` inside the tests.
 */
export function liveKiteServerForFile(env: Record<string, string> = {}): {
  readonly kite: FakeKite;
  readonly server: RunningServer;
} {
  let started: LiveKiteServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startLiveKiteServer(env);
  });
  test.afterAll(async () => started?.stop());
  return {
    get kite() {
      return started!.kite;
    },
    get server() {
      return started!.server;
    },
  };
}

/** The answer's JSON, once it is a success (else the test fails naming `what`). */
export async function ok<T>(res: Promise<APIResponse>, what: string): Promise<T> {
  const answer = await res;
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** A browser context on the server at `baseURL`, logged in (a phone's when `phone`). */
export async function contextAs(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  phone = false,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  await apiLogin(context.request, email, password);
  return context;
}

export interface LiveKiteMember {
  memberId: number;
  accountId: number;
  email: string;
  password: string;
  /** The approved signal of each symbol. */
  signals: Record<string, Signal>;
  /** The entry of each symbol's signal (Kite's price when it was approved). */
  entries: Record<string, number>;
  /** The account's active trades, as the superadmin reads them. */
  trades(): Promise<Trade[]>;
  /** The trade of a symbol's signal (null until the engine opens it). */
  tradeOf(symbol: string): Promise<Trade | null>;
}

/**
 * A new member whose account trades live at Kite as `kiteUser` (a session token Kite issued),
 * subscribed to the demo swing algo, with a login of its own (`<login>.<member id>@example.com`);
 * an approved signal on each of `symbols`, levels around the firm's price of it, which Kite's price
 * is set to.
 */
export async function liveKiteMember(
  admin: APIRequestContext,
  kite: FakeKite,
  { kiteUser, symbols, login }: { kiteUser: string; symbols: string[]; login: string },
): Promise<LiveKiteMember> {
  const member = await createMember(admin);
  const [account] = await ok<MemberAccount[]>(
    admin.get(`/api/admin/members/${member.trabot_client_id}/accounts`),
    'accounts',
  );
  const accountId = account!.trabot_account_id;
  await ok(
    admin.post(`/api/${accountId}/update-broker-details`, {
      data: { broker_name: 'zerodha', broker_client_id: kiteUser, broker_access_key: kite.newAccessToken(kiteUser) },
    }),
    'broker details',
  );
  await ok(admin.post(`/api/admin/accounts/${accountId}/trading-mode`, { data: { mode: 'live' } }), 'live');
  const algos = await ok<Algo[]>(admin.get('/api/algos'), 'algos');
  const swing = algos.find((a) => a.algo_desc.startsWith('Swing momentum') && a.algo_switch)!;
  await ok(
    admin.post(`/api/admin/accounts/${accountId}/save-algo-subscription`, {
      data: subscriptionBody({ row_id: null, algo_id: swing.algo_id, trabot_account_id: accountId }),
    }),
    'subscription',
  );
  const email = `${login}.${member.trabot_client_id}@example.com`;
  const password = `${login}-e2e`;
  await ok(
    admin.post(`/api/members/${member.trabot_client_id}/users`, {
      data: { name: member.name, email, password, account_id: accountId },
    }),
    'member login',
  );
  // The engine trades only an algo registered with the exchange (2026 rules).
  await ok(
    admin.post(`/api/algos/${swing.algo_id}/exchange-registration`, { data: { exchange_algo_id: 'NSEALGO24' } }),
    'exchange registration',
  );
  const signals: Record<string, Signal> = {};
  const entries: Record<string, number> = {};
  for (const symbol of symbols) {
    const added = await ok<Signal>(
      admin.put(`/api/algos/${swing.algo_id}/signals`, {
        data: addSignalBody({
          trade_gen_ts: today(),
          instrument_symbol: symbol,
          ...levelsAt(250),
          process_signal: false,
        }),
      }),
      `signal ${symbol}`,
    );
    // The entry guard reads the firm's feed (it follows pending signals): the levels go around its
    // price, whole rupees (on the tick), and Kite's price is set to the entry.
    const priced = async () => {
      const list = await ok<Signal[]>(admin.get(`/api/algos/${swing.algo_id}/signals?status=pending`), 'signals');
      return list.find((x) => x.signal_id === added.signal_id)?.ltp ?? null;
    };
    await expect.poll(priced, { timeout: 20_000, message: `${symbol} priced` }).not.toBeNull();
    const entry = Math.round((await priced())!);
    entries[symbol] = entry;
    kite.setLtp(symbol, entry);
    const edited = await ok<Signal>(
      admin.post(`/api/signals/${added.signal_id}/update`, {
        data: { trade_gen_ts: today(), ...levelsAt(entry), trade_status: 'pending', process_signal: false },
      }),
      `levels of ${symbol}`,
    );
    // Approved as the superadmin approves a pending signal (the approvals page's request).
    await ok(
      admin.post(`/api/signals/${added.signal_id}/approve`, { data: { expected_updated_at: edited.updated_at } }),
      `approval of ${symbol}`,
    );
    signals[symbol] = edited;
  }
  const trades = () =>
    ok<Trade[]>(admin.get(`/api/account-trades?status=active&adminAccountId=${accountId}`), 'trades');
  const tradeOf = async (symbol: string) =>
    (await trades()).find((t) => t.signal_id === signals[symbol]!.signal_id) ?? null;
  return { memberId: member.trabot_client_id, accountId, email, password, signals, entries, trades, tradeOf };
}
