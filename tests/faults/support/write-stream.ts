/**
 * A stream of writes through the real API, several in flight at once: enquiries and workshop
 * registrations (each carrying a unique marker), algo subscription saves (one sequential writer per
 * subscription, each save a unique max_total_capital) and manual entry orders (superadmin). Every
 * answer is recorded, so the tests can check that every acknowledged (2xx) write survived.
 */
import { randomBytes } from 'node:crypto';
import type { AlgoSubscription, Member, MemberAccount, SaveSubscriptionBody } from '@shared/schemas/admin/members';
import type { AddSignalBody, ManualOrder, Signal } from '@shared/schemas/admin/algos';
import type { ContactUsBody, SubmissionResponse, WorkshopEnquiryBody } from '@shared/schemas/public-forms';
import { addSignalBody, manualOrderBody } from '../../factories/signals';
import type { ApiClient } from './api-client';

export interface StreamTarget {
  accountId: number;
  subscriptions: AlgoSubscription[];
  signal: Signal;
}

/**
 * What the stream needs from the demo data, read as the superadmin: the demo member's account and
 * subscriptions, and a new signal (a copy of a running one of a subscribed algo, not processed
 * automatically) on which the account has no trade yet, so the engine opens one for the manual entries.
 */
export async function findStreamTarget(admin: ApiClient, memberEmail: string): Promise<StreamTarget> {
  const members = await admin.get<Member[]>('/api/members');
  const member = members.find((m) => m.email_id === memberEmail);
  if (!member) throw new Error(`no member ${memberEmail}`);
  const [account] = await admin.get<MemberAccount[]>(`/api/admin/members/${member.trabot_client_id}/accounts`);
  if (!account) throw new Error('the demo member has no account');
  const subscriptions = await admin.get<AlgoSubscription[]>(
    `/api/admin/accounts/${account.trabot_account_id}/algo-subscriptions`,
  );
  for (const subscription of subscriptions.filter((s) => s.subscription_status === 'active')) {
    const [model] = await admin.get<Signal[]>(`/api/algos/${subscription.algo_id}/signals?status=running`);
    if (!model) continue;
    const body = addSignalBody({
      trade_gen_ts: new Date().toISOString(),
      instrument_symbol: model.instrument_symbol,
      instrument_type: model.instrument_type,
      trade_direction: model.trade_direction as AddSignalBody['trade_direction'],
      trade_type: model.trade_type as AddSignalBody['trade_type'],
      entry_level: model.entry_level,
      stop_loss_level: model.stop_loss_level,
      target_level: model.target_level,
      risk_reward: null,
    });
    const added = await admin.request(`/api/algos/${subscription.algo_id}/signals`, { method: 'PUT', json: body });
    if (added.status !== 201) throw new Error(`add signal answered ${added.status}: ${JSON.stringify(added.body)}`);
    return { accountId: account.trabot_account_id, subscriptions, signal: added.body as Signal };
  }
  throw new Error('no running signal of an actively subscribed algo');
}

export type WriteKind = 'enquiry' | 'registration' | 'subscription' | 'manual-order';

export interface WriteResult {
  kind: WriteKind;
  /** Marker (enquiries, registrations), `row_id:capital` (subscriptions), or '' (manual orders: the id says it). */
  marker: string;
  /** 2xx answer: the id the server gave (enquiry, registration, manual order) or the subscription row. */
  id: number | null;
  status: number | 'error';
  error?: string;
  /** ms since the stream started */
  startedAt: number;
  endedAt: number;
  body?: unknown;
}

/** Everything sent, over every round against one database. */
export interface Ledger {
  results: WriteResult[];
  /** The subscription values sent, in order, per row (the last acknowledged one or a later one must be stored). */
  subscriptionSaves: Map<number, { capital: number; acknowledged: boolean | null }[]>;
}

export const newLedger = (): Ledger => ({ results: [], subscriptionSaves: new Map() });

export interface WriteStream {
  /** This stream's results only (the ledger has them too). */
  results: WriteResult[];
  startedAt: number;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<WriteResult[]>;
}

// Inside the testing capital band (USD 1,500-7,500 at the default USD_INR: Rs 1,32,750-6,63,750).
let capitalCounter = 150_000 + Math.floor(Math.random() * 400) * 1000;

function enquiry(marker: string): ContactUsBody {
  return { type: 'Research Enquiry', formString: `<p><strong>Fault test</strong><br>${marker}</p>` };
}

function registration(marker: string): WorkshopEnquiryBody {
  return {
    name: 'Fault Tester',
    email: 'fault.tester@example.com',
    source: 'website',
    comments: marker,
    workshop: 'N.A.',
  };
}

const is2xx = (status: number | 'error') => typeof status === 'number' && status >= 200 && status < 300;

export function startWriteStream(
  clients: { admin: ApiClient; visitor: ApiClient },
  target: StreamTarget,
  ledger: Ledger,
  options: { timeoutMs?: number } = {},
): WriteStream {
  const startedAt = performance.now();
  const results: WriteResult[] = [];
  const { subscriptionSaves } = ledger;
  let running = true;

  async function send(
    kind: WriteKind,
    marker: string,
    call: () => Promise<{ status: number; body: unknown }>,
    idOf: (body: unknown) => number | null,
  ) {
    const result: WriteResult = {
      kind,
      marker,
      id: null,
      status: 'error',
      startedAt: performance.now() - startedAt,
      endedAt: 0,
    };
    try {
      const answer = await call();
      result.status = answer.status;
      result.body = answer.body;
      if (is2xx(answer.status)) result.id = idOf(answer.body);
    } catch (err) {
      result.error = (err as Error).cause ? String((err as Error).cause) : (err as Error).message;
    }
    result.endedAt = performance.now() - startedAt;
    results.push(result);
    ledger.results.push(result);
    return result;
  }

  const timeoutMs = options.timeoutMs;
  const workers: Array<() => Promise<WriteResult>> = [
    // Two enquiry writers and one registration writer: public, anonymous.
    ...[1, 2].map(() => () => {
      const marker = `fault-enq-${randomBytes(6).toString('hex')}`;
      return send(
        'enquiry',
        marker,
        () => clients.visitor.request('/api/contact-us', { json: enquiry(marker), timeoutMs }),
        (b) => (b as SubmissionResponse).id,
      );
    }),
    () => {
      const marker = `fault-reg-${randomBytes(6).toString('hex')}`;
      return send(
        'registration',
        marker,
        () => clients.visitor.request('/api/workshop-enquiry', { json: registration(marker), timeoutMs }),
        (b) => (b as SubmissionResponse).id,
      );
    },
    // One sequential writer per subscription row.
    ...target.subscriptions.map((subscription) => async () => {
      const capital = (capitalCounter += 1);
      const saves = subscriptionSaves.get(subscription.row_id) ?? [];
      subscriptionSaves.set(subscription.row_id, saves);
      const save = { capital, acknowledged: null as boolean | null };
      saves.push(save);
      const body: SaveSubscriptionBody = { ...subscription, max_total_capital: capital };
      const result = await send(
        'subscription',
        `${subscription.row_id}:${capital}`,
        () =>
          clients.admin.request(`/api/admin/accounts/${target.accountId}/save-algo-subscription`, {
            json: body,
            timeoutMs,
          }),
        (b) => (b as AlgoSubscription).row_id,
      );
      save.acknowledged = is2xx(result.status);
      return result;
    }),
    () =>
      send(
        'manual-order',
        '',
        () =>
          clients.admin.request(`/api/signals/${target.signal.signal_id}/manual-entry`, {
            method: 'PUT',
            json: { ...manualOrderBody(target.signal), portion: 0.25 },
            timeoutMs,
          }),
        (b) => (b as ManualOrder).id,
      ),
  ];

  const loops = workers.map(async (work) => {
    while (running) {
      const { status } = await work();
      // A refused connection or a 503 answers at once: pause, as a client would, instead of spinning.
      if (status === 'error' || status >= 500) await new Promise((r) => setTimeout(r, 100));
    }
  });

  return {
    results,
    startedAt,
    async stop() {
      running = false;
      await Promise.all(loops);
      return results;
    },
  };
}

export function acknowledged(results: readonly WriteResult[], kind?: WriteKind): WriteResult[] {
  return results.filter((r) => is2xx(r.status) && (kind === undefined || r.kind === kind));
}
