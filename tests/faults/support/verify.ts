/**
 * After the faults: every acknowledged write is in the database exactly once, and the rows the
 * stream and the engine wrote are consistent. Reads the database directly (the server stopped, for
 * PGlite; alongside it, for PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { acknowledged, type Ledger, type StreamTarget } from './write-stream';

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface Verdict {
  /** One line per broken expectation; empty when everything holds. */
  problems: string[];
  counts: Record<string, number>;
}

export async function verifyDatabase(db: Db, ledger: Ledger, target: StreamTarget): Promise<Verdict> {
  const problems: string[] = [];
  const acks = acknowledged(ledger.results);

  // Enquiries and registrations: each marker stored at most once; every acknowledged one under its id.
  const enquiries = await rows(db, sql`select id, form_html from enquiries where form_html like '%fault-enq-%'`);
  const registrations = await rows(
    db,
    sql`select id, comments from workshop_registrations where comments like 'fault-reg-%'`,
  );
  const byMarker = new Map<string, number[]>();
  for (const row of enquiries) {
    const marker = /fault-enq-[0-9a-f]+/.exec(String(row.form_html))![0];
    byMarker.set(marker, [...(byMarker.get(marker) ?? []), Number(row.id)]);
  }
  for (const row of registrations)
    byMarker.set(String(row.comments), [...(byMarker.get(String(row.comments)) ?? []), Number(row.id)]);
  for (const [marker, ids] of byMarker) if (ids.length > 1) problems.push(`${marker} stored ${ids.length} times`);
  for (const ack of acks.filter((a) => a.kind === 'enquiry' || a.kind === 'registration')) {
    const ids = byMarker.get(ack.marker);
    if (!ids?.includes(ack.id!)) problems.push(`acknowledged ${ack.kind} ${ack.marker} (id ${ack.id}) missing`);
  }

  // Manual orders: every acknowledged id present, on the stream's signal.
  const orders = await rows(db, sql`select id, signal_id, status from manual_orders`);
  const orderById = new Map(orders.map((o) => [Number(o.id), o]));
  for (const ack of acknowledged(ledger.results, 'manual-order')) {
    const order = orderById.get(ack.id!);
    if (!order) problems.push(`acknowledged manual order ${ack.id} missing`);
    else if (Number(order.signal_id) !== target.signal.signal_id)
      problems.push(`manual order ${ack.id} on signal ${String(order.signal_id)}`);
  }

  // Subscriptions: still one per algo of the account, each holding its last acknowledged save or a later one.
  const subscriptions = await rows(
    db,
    sql`select row_id, algo_id, max_total_capital from algo_subscriptions where trabot_account_id = ${target.accountId} order by row_id`,
  );
  if (subscriptions.length !== target.subscriptions.length)
    problems.push(`${subscriptions.length} subscriptions, expected ${target.subscriptions.length}`);
  if (new Set(subscriptions.map((s) => s.algo_id)).size !== subscriptions.length)
    problems.push('two subscriptions of the account to one algo');
  for (const [rowId, saves] of ledger.subscriptionSaves) {
    const stored = Number(subscriptions.find((s) => Number(s.row_id) === rowId)?.max_total_capital);
    const lastAck = saves.findLastIndex((s) => s.acknowledged);
    const allowed =
      lastAck < 0
        ? [target.subscriptions.find((s) => s.row_id === rowId)!.max_total_capital, ...saves.map((s) => s.capital)]
        : saves.slice(lastAck).map((s) => s.capital);
    if (!allowed.includes(stored))
      problems.push(
        `subscription ${rowId} holds ${stored}, not its last acknowledged save or a later one (${allowed.slice(0, 3).join(', ')}...)`,
      );
  }

  // Engine rows: every leg on a trade of its own account and signal; fills numbered 1..n; a trade's figures match its fills.
  const strayLegs = await rows(
    db,
    sql`select l.id from order_legs l join trades t on t.trabot_trade_id = l.trabot_trade_id left join manual_orders o on o.id = l.manual_order_id
        where t.trabot_account_id <> l.trabot_account_id or t.signal_id <> coalesce(o.signal_id, t.signal_id)`,
  );
  if (strayLegs.length) problems.push(`${strayLegs.length} order legs on another account's or signal's trade`);
  const badSequences = await rows(
    db,
    sql`select trabot_trade_id from trade_entries group by trabot_trade_id having max(trade_entry_sequence) <> count(*) or min(trade_entry_sequence) <> 1
        union select trabot_trade_id from trade_exits group by trabot_trade_id having max(trade_exit_sequence) <> count(*) or min(trade_exit_sequence) <> 1`,
  );
  if (badSequences.length)
    problems.push(
      `trades with gaps or repeats in their fill numbers: ${badSequences.map((r) => String(r.trabot_trade_id)).join(', ')}`,
    );
  const badFigures = await rows(
    db,
    sql`select t.trabot_trade_id, t.trade_quantity, t.remaining_quantity, e.entered, coalesce(x.exited, 0) as exited
        from trades t
        join (select trabot_trade_id, sum(trade_entry_quantity) as entered from trade_entries group by trabot_trade_id) e on e.trabot_trade_id = t.trabot_trade_id
        left join (select trabot_trade_id, sum(trade_exit_quantity) as exited from trade_exits group by trabot_trade_id) x on x.trabot_trade_id = t.trabot_trade_id
        where t.signal_id = ${target.signal.signal_id}
          and (t.trade_quantity <> e.entered or t.remaining_quantity <> e.entered - coalesce(x.exited, 0))`,
  );
  for (const r of badFigures) {
    problems.push(
      `trade ${String(r.trabot_trade_id)}: quantity ${String(r.trade_quantity)}/remaining ${String(r.remaining_quantity)} but fills ${String(r.entered)} in, ${String(r.exited)} out`,
    );
  }
  const duplicateTrades = await rows(
    db,
    sql`select signal_id, trabot_account_id from trades where signal_id is not null group by 1, 2 having count(*) > 1`,
  );
  if (duplicateTrades.length) problems.push(`${duplicateTrades.length} account(s) with two trades on one signal`);

  const unbooked = await rows(
    db,
    sql`select l.id from order_legs l
        where l.state = 'filled' and not exists (
          select 1 from trade_entries e where l.side = 'entry' and e.trabot_trade_id = l.trabot_trade_id and e.order_id = l.broker_order_id
          union all select 1 from trade_exits x where l.side = 'exit' and x.trabot_trade_id = l.trabot_trade_id and x.order_id = l.broker_order_id)`,
  );
  if (unbooked.length)
    problems.push(`filled legs without their entry or exit row: ${unbooked.map((r) => String(r.id)).join(', ')}`);

  const legStates = await rows(
    db,
    sql`select state, count(*)::int as n from order_legs where manual_order_id is not null group by state`,
  );
  // Never two orders for one leg: every broker order id belongs to one leg.
  const twice = await rows(
    db,
    sql`select broker_order_id from order_legs where broker_order_id is not null group by broker_order_id having count(*) > 1`,
  );
  if (twice.length)
    problems.push(`broker orders booked on two legs: ${twice.map((r) => String(r.broker_order_id)).join(', ')}`);
  const [entries] = await rows(
    db,
    sql`select count(*)::int as n from trade_entries e join trades t using (trabot_trade_id) where t.signal_id = ${target.signal.signal_id}`,
  );
  return {
    problems,
    counts: {
      enquiries: enquiries.length,
      registrations: registrations.length,
      manualOrders: orders.length,
      ...Object.fromEntries(legStates.map((r) => [`legs ${String(r.state)}`, Number(r.n)])),
      signalEntries: Number(entries!.n),
    },
  };
}
