/**
 * Web Push to the devices people opted in on (push_subscriptions): a new pending signal to every
 * superadmin device that wants `signals`, with Approve and Reject actions the service worker
 * carries out (public/push-sw.js); a trade the engine opened or closed to its member's devices; a
 * cancelled membership to its member's and the superadmins' devices. Sends run in the background, a few at once; a subscription the
 * push service says is gone (404, 410) is deleted; nothing here ever fails a request.
 */
import type { Agent } from 'node:https';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import { brokerLabel } from '@shared/format';
import type { Signal } from '@shared/schemas/admin/algos';
import type { PushMessage } from '@shared/schemas/push';
import type { AppDeps, ExitPendingEvent, MembershipNotice, Notifier, StopFailedEvent, TradeEvent } from '../context';
import { pushSubscriptions, users } from '../db/schema';
import { mapBounded } from '../engine/bounded';
import { allowedOrigins, checkEndpoint, endpointProblem } from './endpoint-guard';
import { PushRefused, sendPush } from './send-push';
import type { VapidKeys } from './vapid';

/** Pushes sent at once. */
const CONCURRENCY = 8;
/** A signal not delivered within 10 minutes is stale: the push service may drop it. */
const SIGNAL_TTL_SECONDS = 600;
/** A trade's news keeps for a day (a phone that was off still learns of it). */
const TRADE_TTL_SECONDS = 86_400;
/** A cancelled membership is news for a week (a phone off over a weekend still learns of it). */
const MEMBERSHIP_TTL_SECONDS = 7 * 86_400;
/** A morning reminder is of no use once the session of the day is over. */
const REMINDER_TTL_SECONDS = 6 * 3600;

export interface PushNotifierOptions {
  vapid: VapidKeys;
  /** The HTTPS agent for push requests (the tests' local push server's certificate). */
  agent?: Agent;
}

type Recipient = typeof pushSubscriptions.$inferSelect;

const price = (value: number) => value.toFixed(2);

/** The notification of a new pending signal (the service worker shows it as is). */
export function signalPendingMessage(signal: Signal, algoDesc: string): PushMessage {
  const direction = signal.trade_direction;
  const rr = signal.risk_reward === null ? '' : ` · RR ${signal.risk_reward}`;
  return {
    kind: 'signals',
    title: `New signal: ${signal.instrument_symbol} ${direction}`,
    body: `Entry ${price(signal.entry_level)} · SL ${price(signal.stop_loss_level)} · Target ${price(signal.target_level)}${rr} · ${algoDesc}`,
    tag: `signal-${signal.signal_id}`,
    url: `/dashboard/admin/pending?signal=${signal.signal_id}`,
    signal: { signal_id: signal.signal_id, updated_at: signal.updated_at },
  };
}

const rupees = (value: number) =>
  `${value < 0 ? '-' : ''}₹${Math.abs(value).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A member's morning reminder: their account trades live and today's broker login is still to do. */
export function brokerSessionMessage(broker: string): PushMessage {
  const label = brokerLabel(broker);
  return {
    kind: 'broker_session',
    title: `Connect ${label} for today`,
    body: `Your ${label} session has ended. Log in before the market opens so your trades can be placed.`,
    tag: 'broker-session',
    url: '/dashboard/account-settings',
  };
}

/** The member's own notification of their membership's cancellation. */
export function membershipCancelledMessage(notice: MembershipNotice): PushMessage {
  return {
    kind: 'membership',
    title: 'Your membership is cancelled',
    body: `Cancelled on ${notice.day}: ${notice.reason}. No new trades are opened for your accounts; running trades keep their exits.`,
    tag: 'membership',
    url: '/dashboard/account-settings',
  };
}

/** The superadmins' notification of a member's cancellation. */
export function memberCancelledMessage(notice: MembershipNotice): PushMessage {
  return {
    kind: 'membership',
    title: `Membership cancelled: ${notice.name} (#${notice.trabot_client_id})`,
    body: `${notice.day}: ${notice.reason}. Their subscriptions are paused and their slots are free.`,
    tag: `membership-${notice.trabot_client_id}`,
    url: '/dashboard/admin/members',
  };
}

/** A member's notification of a trade the engine opened or closed on their account. */
export function tradeEventMessage(event: TradeEvent): PushMessage {
  const opened = event.kind === 'trade_opened';
  const shares = `${event.quantity} ${event.quantity === 1 ? 'share' : 'shares'} at ${price(event.price)}`;
  return {
    kind: event.kind,
    title: `Trade ${opened ? 'opened' : 'closed'}: ${event.symbol} ${event.direction}`,
    body: opened ? shares : `${shares} · realised P&L ${rupees(event.realised_pnl ?? 0)}`,
    tag: `trade-${event.trabot_trade_id}-${opened ? 'opened' : 'closed'}`,
    url: '/dashboard/trades',
  };
}

/**
 * A member's notification of an exit left open at the broker: sent to the devices that want trade
 * closings (kind `trade_closed`), the exits they follow.
 */
export function exitPendingMessage(event: ExitPendingEvent): PushMessage {
  return {
    kind: 'trade_closed',
    title: `Exit pending at the broker: ${event.symbol}`,
    body: `${event.quantity} ${event.quantity === 1 ? 'share' : 'shares'} still to exit at ${event.broker}: the order is open after every attempt to meet the market.`,
    tag: `trade-${event.trabot_trade_id}-exit-pending`,
    url: '/dashboard/trades',
  };
}

/**
 * A stop that failed at the broker, to the member's devices that follow trade closings and to the
 * superadmins' that follow signals (the trading alerts they act on).
 */
export function stopFailedMessage(event: StopFailedEvent, forSuperadmin: boolean): PushMessage {
  return {
    kind: forSuperadmin ? 'signals' : 'trade_closed',
    title: `Stop failed at ${brokerLabel(event.broker)}: ${event.symbol}`,
    body: `${forSuperadmin ? `Account ${event.trabot_account_id}, trade ${event.trabot_trade_id}: ` : ''}${event.reason}. ${event.next}`,
    tag: `trade-${event.trabot_trade_id}-stop-failed`,
    url: forSuperadmin ? '/dashboard/admin/warnings' : '/dashboard/trades',
  };
}

/**
 * The superadmins' notification of an exit left open at the broker (the warning's words in short): to their devices
 * that follow the engine's work (kind `signals`, the superadmins' own).
 */
export function exitPendingAdminMessage(event: ExitPendingEvent): PushMessage {
  return {
    kind: 'signals',
    title: `Exit pending at the broker: ${event.symbol}`,
    body: `Trade ${event.trabot_trade_id} of account ${event.trabot_account_id}: ${event.quantity} still to exit at ${event.broker} after every modification toward the market.`,
    tag: `trade-${event.trabot_trade_id}-exit-pending`,
    url: '/dashboard/admin/warnings',
  };
}

export class PushNotifier implements Notifier {
  private readonly extraOrigins: Set<string>;
  /** Sends under way, so tests and shutdown can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'log' | 'env'>,
    private readonly options: PushNotifierOptions,
  ) {
    this.extraOrigins = allowedOrigins(deps.env.PUSH_ALLOWED_ORIGINS);
  }

  get publicKey(): string {
    return this.options.vapid.publicKey;
  }

  /** Null when the server may send to this endpoint (endpoint-guard.ts), else why not. */
  endpointProblem(endpoint: string): string | null {
    return endpointProblem(endpoint, this.extraOrigins);
  }

  signalPending(signal: Signal, algoDesc: string): void {
    this.track(this.toRole('superadmin', signalPendingMessage(signal, algoDesc), SIGNAL_TTL_SECONDS));
  }

  tradeEvents(events: readonly TradeEvent[]): void {
    this.track(
      this.toAccounts(
        events.map((event) => ({ accountId: event.trabot_account_id, message: tradeEventMessage(event) })),
        TRADE_TTL_SECONDS,
      ),
    );
  }

  exitPending(event: ExitPendingEvent): void {
    this.track(
      this.toAccounts([{ accountId: event.trabot_account_id, message: exitPendingMessage(event) }], TRADE_TTL_SECONDS),
    );
    this.track(this.toRole('superadmin', exitPendingAdminMessage(event), TRADE_TTL_SECONDS));
  }

  stopFailed(event: StopFailedEvent): void {
    this.track(
      this.toAccounts(
        [{ accountId: event.trabot_account_id, message: stopFailedMessage(event, false) }],
        TRADE_TTL_SECONDS,
      ),
    );
    this.track(this.toRole('superadmin', stopFailedMessage(event, true), TRADE_TTL_SECONDS));
  }

  brokerSessionsEnded(accounts: readonly { trabot_account_id: number; broker: string }[]): void {
    this.track(
      this.toAccounts(
        accounts.map((a) => ({ accountId: a.trabot_account_id, message: brokerSessionMessage(a.broker) })),
        REMINDER_TTL_SECONDS,
      ),
    );
  }

  membershipCancelled(notice: MembershipNotice): void {
    if (notice.by !== 'member') this.track(this.toMember(notice.trabot_client_id, membershipCancelledMessage(notice)));
    if (notice.by !== 'superadmin')
      this.track(this.toRole('superadmin', memberCancelledMessage(notice), MEMBERSHIP_TTL_SECONDS));
  }

  /** To the devices of the member's users that want the message's kind. */
  private async toMember(memberId: number, message: PushMessage): Promise<void> {
    const rows = await this.deps.db
      .select({ subscription: pushSubscriptions })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.user_id))
      .where(and(eq(users.member_id, memberId), arrayContains(pushSubscriptions.kinds, [message.kind])));
    await this.send(
      rows.map((r) => r.subscription),
      message,
      MEMBERSHIP_TTL_SECONDS,
    );
  }

  /** Each message to the devices of its account's users that want its kind: one read for all of them. */
  private async toAccounts(
    messages: readonly { accountId: number; message: PushMessage }[],
    ttl: number,
  ): Promise<void> {
    if (!messages.length) return;
    const rows = await this.deps.db
      .select({ subscription: pushSubscriptions, accountId: users.account_id })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.user_id))
      .where(inArray(users.account_id, [...new Set(messages.map((m) => m.accountId))]));
    for (const { accountId, message } of messages) {
      const recipients = rows
        .filter((r) => r.accountId === accountId && r.subscription.kinds.includes(message.kind))
        .map((r) => r.subscription);
      await this.send(recipients, message, ttl);
    }
  }

  /** Resolves when every send started so far has ended. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((err: unknown) => this.deps.log.error({ err }, 'push: sending failed'));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async toRole(role: 'superadmin' | 'member', message: PushMessage, ttl: number): Promise<void> {
    const rows = await this.deps.db
      .select({ subscription: pushSubscriptions })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.user_id))
      .where(and(eq(users.role, role), arrayContains(pushSubscriptions.kinds, [message.kind])));
    await this.send(
      rows.map((r) => r.subscription),
      message,
      ttl,
    );
  }

  private async send(recipients: readonly Recipient[], message: PushMessage, ttl: number): Promise<void> {
    if (!recipients.length) return;
    const started = performance.now();
    const payload = JSON.stringify(message);
    const gone: number[] = [];
    const sent: number[] = [];
    await mapBounded(recipients, CONCURRENCY, async (r) => {
      // Checked again at each send (a row stored before a rule tightened): only the parsed URL is used.
      const check = checkEndpoint(r.endpoint, this.extraOrigins);
      if (!check.ok) {
        this.deps.log.warn({ subscriptionId: r.id, problem: check.problem }, 'push: subscription endpoint refused');
        return;
      }
      try {
        await sendPush({ url: check.url, keys: { p256dh: r.p256dh, auth: r.auth } }, payload, {
          vapid: this.options.vapid,
          ttl,
          urgency: 'high',
          timeoutMs: 10_000,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        });
        sent.push(r.id);
      } catch (err) {
        const status = err instanceof PushRefused ? err.statusCode : undefined;
        if (status === 404 || status === 410) gone.push(r.id);
        else if (status === 401 || status === 403) {
          // The push service refuses this server's VAPID key for the subscription: it was made with
          // another key (a process with its own pair, a key changed). It can never be delivered:
          // dropped, so the device shows notifications off and subscribes again with this key.
          this.deps.log.warn(
            { subscriptionId: r.id, status, publicKey: this.options.vapid.publicKey },
            'push: key mismatch, the subscription was made with another VAPID key; dropped until the device subscribes again',
          );
          gone.push(r.id);
        } else
          this.deps.log.warn(
            { subscriptionId: r.id, status, err: err instanceof Error ? err.message : String(err) },
            'push: not delivered',
          );
      }
    });
    if (gone.length) await this.deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (sent.length)
      await this.deps.db
        .update(pushSubscriptions)
        .set({ last_sent_at: new Date() })
        .where(inArray(pushSubscriptions.id, sent));
    this.deps.log.info(
      {
        kind: message.kind,
        tag: message.tag,
        sent: sent.length,
        gone: gone.length,
        ms: Math.round(performance.now() - started),
      },
      'push: sent',
    );
  }
}
