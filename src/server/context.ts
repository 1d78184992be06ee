/** What every request handler can reach: the app's dependencies and the session's user. */
import type { Signal } from '@shared/schemas/admin/algos';
import type { SessionUser } from '@shared/schemas/session';
import type { CaptchaDifficulty } from './auth/captcha';
import type { BackupService } from './backups/service';
import type { SecretBox } from './security/crypto';
import type { Db } from './db/client';
import type { Env } from './config/env';
import type { Logger } from './lib/logger';
import { createMailer, type Mailer } from './services/mail';
import type { Order } from './brokers/adapter';

export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  secrets: SecretBox;
  /** Proof-of-work difficulty of the login captcha; defaults to DEFAULT_CAPTCHA_DIFFICULTY (tests lower it). */
  captchaDifficulty?: CaptchaDifficulty;
  /** The engine running in this process, when it runs: an approval wakes it at once. */
  engine?: {
    wake(reason?: 'postback'): void;
    /** An order a broker pushed (a postback): booked at the engine's next step (pushed-orders.ts). */
    receiveOrder?(broker: string, order: Order): void;
  };
  /** Tells people what happened (Web Push), when configured; never waited for by a request. */
  notifier?: Notifier;
  /**
   * The time, for what the engine and the services decide by it (a signal's expiry): the engine's
   * ticks and the requests read the same clock. The machine's when absent; tests pass their own.
   */
  clock?: () => Date;
  /** Outgoing mail (SMTP); createApp makes one from the env when absent. */
  mailer?: Mailer;
  /** Backups of the embedded database (on PostgreSQL it answers that PostgreSQL's tools do them). */
  backups?: BackupService;
}

/** The app's clock (AppDeps.clock), the machine's by default. */
export const clockOf = (deps: Pick<AppDeps, 'clock'>): (() => Date) => deps.clock ?? (() => new Date());

/** Now, by the app's clock. */
export const appNow = (deps: Pick<AppDeps, 'clock'>): Date => clockOf(deps)();

/** The app's mailer: createApp sets it; made once here if the deps came without one (never per request). */
export const mailerOf = (deps: Pick<AppDeps, 'env' | 'log' | 'mailer'>): Mailer =>
  (deps.mailer ??= createMailer(deps.env, deps.log));

/** Events people subscribe to (Web Push, server/push/); each event sends in the background and never throws. */
export interface Notifier {
  /** The VAPID public key browsers subscribe with. */
  readonly publicKey: string;
  /** Null when the server may send to this push endpoint, else why not (the SSRF guard). */
  endpointProblem(endpoint: string): string | null;
  /** A new signal waits for a superadmin's decision. */
  signalPending(signal: Signal, algoDesc: string): void;
  /** Trades the engine opened (first entry filled) or closed (no share left open), for their members. */
  tradeEvents(events: readonly TradeEvent[]): void;
  /** The members of these live accounts have not done today's broker login yet. */
  brokerSessionsEnded(accounts: readonly { trabot_account_id: number; broker: string }[]): void;
  /** A membership was cancelled: its member is told unless they opted out, the superadmins unless one of them did it. */
  membershipCancelled(notice: MembershipNotice): void;
  /** An exit still open at the broker after every modification toward the market (engine/exit-chase.ts). */
  exitPending?(event: ExitPendingEvent): void;
  /** A stop failed at the broker: a protection's triggered order, or an exit it rejected (engine/stop-failures.ts). */
  stopFailed?(event: StopFailedEvent): void;
}

export interface StopFailedEvent {
  trabot_trade_id: number;
  trabot_account_id: number;
  symbol: string;
  broker: string;
  /** The broker's words. */
  reason: string;
  /** What Trabot does next, in words (the retry and when). */
  next: string;
}

export interface MembershipNotice {
  trabot_client_id: number;
  name: string;
  /** Why, as the membership's history records it. */
  reason: string;
  /** Who cancelled: the member (opted out), a superadmin, or the schedule (unpaid after the 25th). */
  by: 'member' | 'superadmin' | 'system';
  /** The day it took effect, yyyy-mm-dd IST. */
  day: string;
}

export interface ExitPendingEvent {
  trabot_trade_id: number;
  trabot_account_id: number;
  symbol: string;
  broker: string;
  /** Shares the exit still has to sell (or buy back). */
  quantity: number;
}

export interface TradeEvent {
  kind: 'trade_opened' | 'trade_closed';
  trabot_trade_id: number;
  trabot_account_id: number;
  symbol: string;
  direction: string;
  quantity: number;
  /** Average entry price when opened, average exit price when closed. */
  price: number;
  /** Closed: the trade's realised profit or loss before charges, rupees. */
  realised_pnl?: number;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    /** Set by the session middleware; null when the request carries no valid session. */
    user: SessionUser | null;
    sessionTokenHash: string | null;
    /** Version of the session user's account trades (see accountTradeVersions); 0 without a session. */
    accountTradesVersion: number;
  };
}
