/**
 * Kite's ticker against a local server speaking its websocket wire format: the handshake
 * with api_key and access_token, subscription in full mode by instrument token from Kite's
 * instruments dump, binary ticks with the exchange's time, reconnection with a doubling wait after
 * a drop, a refusal or a silent socket; and the feed on top: Kite's prices while a session of the
 * day is available, the simulated feed otherwise.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZerodhaAdapter } from '@server/brokers/zerodha/zerodha-adapter';
import { KiteFeed, SESSION_CHECK_MS } from '@server/engine/feed/kite-feed';
import { KiteTickerConnection, type TickerTick } from '@server/engine/feed/kite-ticker';
import { kiteMasterRow } from '@server/engine/feed/select-feed';
import { SimulatedFeed } from '@server/engine/feed/simulated-feed';
import { createLogger } from '@server/lib/logger';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';
import { waitFor } from '../../support/wait-for';

let kite: FakeKite;
let adapter: ZerodhaAdapter;
const log = createLogger({ level: 'silent' });
const open: { close(): void }[] = [];

beforeAll(async () => {
  kite = await startFakeKite();
  for (const [symbol, price] of [
    ['INFY', 1500],
    ['TCS', 3400],
    ['SBIN', 780],
  ] as const)
    kite.setLtp(symbol, price);
  adapter = new ZerodhaAdapter({ apiKey: kite.apiKey, apiSecret: kite.apiSecret, root: kite.root });
});
afterEach(() => open.splice(0).forEach((c) => c.close()));
afterAll(() => kite.close());

function ticker(options: Partial<ConstructorParameters<typeof KiteTickerConnection>[0]> = {}) {
  const ticks: TickerTick[] = [];
  const connection = new KiteTickerConnection({
    root: kite.tickerRoot,
    apiKey: kite.apiKey,
    log,
    onTicks: (t) => ticks.push(...t),
    baseDelayMs: 20,
    ...options,
  });
  open.push(connection);
  return { connection, ticks };
}

describe("Kite's instruments dump", () => {
  it('maps NSE equities to the instrument tokens the ticker streams', async () => {
    const tokens = await adapter.instrumentTokens(kite.newAccessToken());
    expect(tokens.get('INFY')).toBe(kite.instrumentToken('INFY'));
    expect([...tokens.keys()]).toEqual(expect.arrayContaining(['INFY', 'TCS', 'SBIN']));
    expect(kite.requests.at(-1)).toMatchObject({ method: 'GET', path: '/instruments/NSE' });
  });

  it('carries each equity’s tick and lot size, kept as the instrument’s (a series after a dash)', async () => {
    const master = await adapter.instrumentMaster(kite.newAccessToken());
    const infy = master.find((i) => i.tradingsymbol === 'INFY')!;
    expect(infy).toMatchObject({ token: kite.instrumentToken('INFY'), tickSize: 0.1, lotSize: 1 });
    expect(kiteMasterRow(infy)).toEqual({ symbol: 'INFY', series: 'EQ', tick_size: 0.1, lot_size: 1 });
    expect(kiteMasterRow({ tradingsymbol: 'XYZ-BE', tickSize: 0.01, lotSize: 1 })).toEqual({
      symbol: 'XYZ',
      series: 'BE',
      tick_size: 0.01,
      lot_size: 1,
    });
  });
});

describe("the ticker's connection", () => {
  it('connects with the api key and access token, subscribes in full mode and reads ticks with the exchange time', async () => {
    const session = kite.newAccessToken();
    const { connection, ticks } = ticker();
    connection.setInstruments([kite.instrumentToken('INFY'), kite.instrumentToken('TCS')]);
    connection.useSession(session);
    await waitFor(() => kite.tickerConnections().some((c) => c.accessToken === session && c.subscribed.size === 2));
    const [server] = kite.tickerConnections().filter((c) => c.accessToken === session);
    expect([...server!.subscribed.values()]).toEqual(['full', 'full']);
    expect(connection.state).toBe('connected');

    kite.setLtp('INFY', 1502.35, new Date('2026-01-05T04:00:07Z'));
    kite.setLtp('SBIN', 781); // not subscribed
    await waitFor(() => ticks.length > 0);
    expect(ticks).toEqual([
      {
        token: kite.instrumentToken('INFY'),
        ltp: 1502.35,
        previousClose: 1502.35,
        at: new Date('2026-01-05T04:00:07Z'),
      },
    ]);
  });

  it('follows changes of the instruments: unsubscribes what is no longer wanted', async () => {
    const session = kite.newAccessToken();
    const { connection } = ticker();
    connection.useSession(session);
    connection.setInstruments([kite.instrumentToken('INFY'), kite.instrumentToken('TCS')]);
    await waitFor(() => kite.tickerConnections().find((c) => c.accessToken === session)?.subscribed.size === 2);
    connection.setInstruments([kite.instrumentToken('TCS'), kite.instrumentToken('SBIN')]);
    await waitFor(() => {
      const subscribed = kite.tickerConnections().find((c) => c.accessToken === session)?.subscribed;
      return (
        subscribed?.size === 2 &&
        subscribed.has(kite.instrumentToken('SBIN')) &&
        !subscribed.has(kite.instrumentToken('INFY'))
      );
    });
  });

  it('reconnects after a drop and subscribes again', async () => {
    const session = kite.newAccessToken();
    const { connection, ticks } = ticker();
    connection.setInstruments([kite.instrumentToken('TCS')]);
    connection.useSession(session);
    await waitFor(() => kite.tickerConnections().some((c) => c.accessToken === session && c.subscribed.size === 1));
    kite.dropTickerConnections();
    await waitFor(
      () =>
        connection.connections === 2 &&
        kite.tickerConnections().some((c) => c.accessToken === session && c.subscribed.size === 1),
    );
    kite.setLtp('TCS', 3401.5);
    await waitFor(() => ticks.some((t) => t.ltp === 3401.5));
  });

  it('closes a silent socket (no heartbeat) and reconnects', async () => {
    const session = kite.newAccessToken();
    const { connection } = ticker({ readTimeoutMs: 300 });
    connection.useSession(session);
    await waitFor(() => connection.state === 'connected');
    kite.stallTicker(true);
    try {
      await waitFor(() => connection.connections >= 2, 3_000);
    } finally {
      kite.stallTicker(false);
    }
  });

  it('a refused session (HTTP 403) waits longer before each try, and a new session connects at once', async () => {
    const { connection } = ticker({ baseDelayMs: 20, maxDelayMs: 400 });
    connection.useSession('not-a-kite-token');
    await new Promise((resolve) => setTimeout(resolve, 700));
    // 20 + 40 + 80 + 160 + 320 ms: six tries at most in 0.7 s, not one every 20 ms (35).
    expect(connection.connections).toBeGreaterThanOrEqual(4);
    expect(connection.connections).toBeLessThanOrEqual(7);
    expect(connection.state).toBe('waiting to reconnect');
    expect(connection.lastProblem).toMatch(/HTTP 403/);

    const session = kite.newAccessToken();
    connection.useSession(session);
    await waitFor(() => connection.state === 'connected');
    connection.useSession(null);
    expect(connection.state).toBe('stopped');
    await waitFor(() => !kite.tickerConnections().some((c) => c.accessToken === session));
  });
});

describe("the feed: Kite's prices while a session of the day is available", () => {
  function feed() {
    let session: string | null = null;
    // eslint-disable-next-line prefer-const -- the ticker's handler needs the feed made after it
    let kiteFeed: KiteFeed;
    const { connection } = ticker({ onTicks: (ticks) => kiteFeed.receive(ticks) });
    kiteFeed = new KiteFeed({
      simulated: new SimulatedFeed({ seed: 7 }),
      ticker: connection,
      session: async () => session,
      instrumentTokens: (s) => adapter.instrumentTokens(s),
      log,
    });
    return { kiteFeed, setSession: (s: string | null) => (session = s) };
  }
  const T0 = Date.parse('2026-01-05T04:00:00Z');

  it('runs on simulated prices without a session, on Kite ticks with one, and back again when it ends', async () => {
    const { kiteFeed, setSession } = feed();
    kiteFeed.track('INFY', 1500, 1500);
    kiteFeed.track('NOTATKITE', 100, 100);
    await kiteFeed.refresh(new Date(T0));
    expect(kiteFeed.tick(new Date(T0)).map((q) => q.symbol)).toEqual(['INFY', 'NOTATKITE']);
    expect(kiteFeed.state()['feed.source']).toMatch(/^simulated/);

    const session = kite.newAccessToken();
    setSession(session);
    // The session is looked for again only after SESSION_CHECK_MS.
    await kiteFeed.refresh(new Date(T0 + 1_000));
    expect(kiteFeed.state()['feed.source']).toMatch(/^simulated/);
    await kiteFeed.refresh(new Date(T0 + SESSION_CHECK_MS));
    expect(kiteFeed.quote('INFY')).toBeUndefined();
    await waitFor(() =>
      kite.tickerConnections().some((c) => c.accessToken === session && c.subscribed.has(kite.instrumentToken('INFY'))),
    );

    kite.setLtp('INFY', 1503.1, new Date(T0 + SESSION_CHECK_MS + 500));
    await waitFor(() => kiteFeed.quote('INFY') !== undefined);
    expect(kiteFeed.tick(new Date(T0 + SESSION_CHECK_MS + 1_000))).toEqual([
      { symbol: 'INFY', ltp: 1503.1, previousClose: 1503.1, timestamp: new Date(T0 + SESSION_CHECK_MS) },
    ]);
    // Read once: nothing new since.
    expect(kiteFeed.tick(new Date(T0 + SESSION_CHECK_MS + 2_000))).toEqual([]);
    expect(kiteFeed.state()).toMatchObject({
      'feed.source': 'zerodha ticker',
      'feed.zerodha.connection': 'connected',
      'feed.zerodha.last_tick': new Date(T0 + SESSION_CHECK_MS).toISOString(),
      'feed.zerodha.not_at_kite': 'NOTATKITE',
    });

    setSession(null);
    await kiteFeed.refresh(new Date(T0 + 2 * SESSION_CHECK_MS));
    expect(kiteFeed.state()).toMatchObject({
      'feed.source': expect.stringMatching(/^simulated/),
      'feed.zerodha.connection': 'stopped',
    });
    expect(kiteFeed.tick(new Date(T0 + 2 * SESSION_CHECK_MS)).map((q) => q.symbol)).toEqual(['INFY', 'NOTATKITE']);
  });
});
