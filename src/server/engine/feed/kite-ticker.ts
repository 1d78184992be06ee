/**
 * Kite's market-data websocket (https://kite.trade/docs/connect/v3/websocket/): one connection per
 * session at `wss://ws.kite.trade/?api_key=...&access_token=...`, instruments subscribed by their
 * instrument token with `{"a":"subscribe","v":[...]}` and set to full mode with
 * `{"a":"mode","v":["full",[...]]}` (full packets carry the exchange's timestamp), binary tick
 * packets in between and a one-byte heartbeat every second when nothing moves.
 *
 * kiteconnect's KiteTicker keeps its socket and its handlers in module globals (one per process,
 * handlers never removed) and ends the process (`process.exit(1)`) when its reconnect tries run
 * out; a server cannot hand it its life. So its packet parser is used as it is, and the connection
 * is kept here: reconnecting with a doubling wait (1 s up to 60 s, without end), the subscription
 * sent again on every connect, and a silent socket (no heartbeat for 5 s) closed and reconnected.
 *
 * The same socket carries the session's user's order updates as text, `{"type": "order", "data":
 * <the order, as Kite's postback has it>}` (Kite's "Postbacks and non-binary updates"): handed to
 * `onOrder` as they come.
 */
import { KiteTicker } from 'kiteconnect';
import WebSocket from 'ws';
import type { Logger } from '../../lib/logger';

export const KITE_DEFAULT_TICKER_ROOT = 'wss://ws.kite.trade/';
/** Kite streams at most 3,000 instruments on one connection. */
export const KITE_TICKER_MAX_INSTRUMENTS = 3_000;

interface ParsedTick {
  instrument_token: number;
  last_price: number;
  ohlc?: { close: number };
  last_trade_time?: Date | null;
  exchange_timestamp?: Date | null;
}

// The parser is a pure function on the class; the constructor only notes "no reconnect" in the
// library's globals, which nothing here uses.
const parser = new KiteTicker({ api_key: '', access_token: '', reconnect: false }) as unknown as {
  parseBinary(data: ArrayBuffer): ParsedTick[];
};

/** A tick as the feed reads it: the last price, the previous close, and when the exchange traded it. */
export interface TickerTick {
  token: number;
  ltp: number;
  previousClose: number | null;
  /** The exchange's time of the tick; null when the packet has none. */
  at: Date | null;
}

export function parseTicks(data: ArrayBuffer): TickerTick[] {
  return parser.parseBinary(data).map((tick) => ({
    token: tick.instrument_token,
    ltp: tick.last_price,
    previousClose: tick.ohlc && tick.ohlc.close > 0 ? tick.ohlc.close : null,
    at: tick.exchange_timestamp ?? tick.last_trade_time ?? null,
  }));
}

export type TickerState = 'stopped' | 'connecting' | 'connected' | 'waiting to reconnect';

export interface KiteTickerOptions {
  root: string;
  apiKey: string;
  onTicks(ticks: TickerTick[]): void;
  /** An order update of the streaming session's user (its `data`, the order as Kite pushes it). */
  onOrder?(data: unknown): void;
  log: Logger;
  /** The first reconnect's wait; each failure doubles it up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** No message (not even a heartbeat) for this long: the socket is dead. */
  readTimeoutMs?: number;
}

export class KiteTickerConnection {
  private socket: WebSocket | null = null;
  private session: string | null = null;
  private wanted = new Set<number>();
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readTimer: NodeJS.Timeout | null = null;
  private lastRead = 0;
  private connects = 0;
  state: TickerState = 'stopped';
  /** Why the last connection ended (Kite's words or the network's), for the Tokens screen. */
  lastProblem = '';

  constructor(private readonly options: KiteTickerOptions) {}

  /** How many connections were opened (the first and every reconnect). */
  get connections(): number {
    return this.connects;
  }

  /** Streams with this session's access token; another token reconnects at once, null disconnects. */
  useSession(session: string | null): void {
    if (session === this.session) return;
    this.session = session;
    this.failures = 0;
    this.drop();
    if (session) this.connect();
    else this.state = 'stopped';
  }

  /** The instruments to stream (at most Kite's 3,000), subscribed in full mode. */
  setInstruments(tokens: Iterable<number>): void {
    const next = new Set([...tokens].slice(0, KITE_TICKER_MAX_INSTRUMENTS));
    const added = [...next].filter((t) => !this.wanted.has(t));
    const removed = [...this.wanted].filter((t) => !next.has(t));
    this.wanted = next;
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    if (removed.length) this.send({ a: 'unsubscribe', v: removed });
    this.subscribe(added);
  }

  close(): void {
    this.session = null;
    this.drop();
    this.state = 'stopped';
  }

  private connect(): void {
    const url = new URL(this.options.root);
    url.searchParams.set('api_key', this.options.apiKey);
    url.searchParams.set('access_token', this.session!);
    this.state = 'connecting';
    this.connects++;
    const socket = new WebSocket(url, { headers: { 'X-Kite-Version': '3' }, handshakeTimeout: this.readTimeoutMs });
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.on('open', () => {
      this.state = 'connected';
      this.lastRead = Date.now();
      this.subscribe([...this.wanted]);
      this.readTimer = setInterval(
        () => {
          if (Date.now() - this.lastRead >= this.readTimeoutMs) socket.terminate();
        },
        Math.min(1_000, this.readTimeoutMs),
      );
    });
    socket.on('message', (data, isBinary) => {
      this.lastRead = Date.now();
      // A connection that streams is a good one: the next failure starts the waits over.
      this.failures = 0;
      if (isBinary) {
        const buffer = data as ArrayBuffer;
        if (buffer.byteLength > 2) this.options.onTicks(parseTicks(buffer));
      } else this.readText(String(data));
    });
    // Kite answers a refused token on the handshake (HTTP 403); the socket then closes.
    let refused = false;
    socket.on('unexpected-response', (_req, res) => {
      refused = true;
      this.lastProblem = `Kite refused the connection (HTTP ${res.statusCode}): the session may have expired`;
      socket.terminate();
    });
    socket.on('error', (err) => {
      if (!refused) this.lastProblem = err.message;
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopReadTimer();
      this.scheduleReconnect();
    });
  }

  private readText(text: string): void {
    try {
      const message = JSON.parse(text) as { type?: string; data?: unknown };
      if (message.type === 'order') this.options.onOrder?.(message.data);
      else if (message.type === 'error') {
        this.lastProblem = `Kite: ${String(message.data)}`;
        this.options.log.warn({ reason: message.data }, 'price feed: Kite ticker error');
      }
    } catch {
      // Kite sends only JSON text; anything else is of no use.
    }
  }

  private scheduleReconnect(): void {
    if (!this.session) return;
    const wait = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** this.failures);
    this.failures++;
    this.state = 'waiting to reconnect';
    this.options.log.warn(
      { waitMs: wait, reason: this.lastProblem },
      'price feed: Kite ticker disconnected, reconnecting',
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.session) this.connect();
    }, wait);
  }

  private subscribe(tokens: number[]): void {
    if (!tokens.length) return;
    this.send({ a: 'subscribe', v: tokens });
    this.send({ a: 'mode', v: ['full', tokens] });
  }

  private send(message: unknown): void {
    this.socket?.send(JSON.stringify(message));
  }

  private drop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopReadTimer();
    const socket = this.socket;
    this.socket = null;
    socket?.terminate();
  }

  private stopReadTimer(): void {
    if (this.readTimer) clearInterval(this.readTimer);
    this.readTimer = null;
  }

  private get baseDelayMs() {
    return this.options.baseDelayMs ?? 1_000;
  }
  private get maxDelayMs() {
    return this.options.maxDelayMs ?? 60_000;
  }
  private get readTimeoutMs() {
    return this.options.readTimeoutMs ?? 5_000;
  }
}
