/**
 * The membership lifecycle (spec section 9): applications from the interest form accepted (member,
 * login, invitation) or rejected (a polite answer); a member's month paid, due (1st-25th) or
 * cancelled (unpaid after the 25th, opted out, or by the firm), rejoined when accepted again. Every
 * change is kept in membership_events with who, when and why. Cancelling pauses the member's
 * subscriptions: the engine opens nothing new for them (running trades keep their exits) and the
 * slots count as free.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { feeOf, MEMBERSHIP_FEE } from '@shared/constants';
import { escapeHtml } from '@shared/form-string';
import { formatFee } from '@shared/format';
import { istDay } from '@shared/ist';
import type {
  AcceptApplicationBody,
  Application,
  Collection,
  FeeCurrency,
  MembershipEvent,
  MembershipStatus,
  MyMembership,
} from '@shared/schemas/membership';
import { acceptApplicationBodySchema } from '@shared/schemas/membership';
import type { AppDeps, MembershipNotice } from '../context';
import type { Db } from '../db/client';
import {
  accounts,
  algoSubscriptions,
  enquiries,
  invoiceCounters,
  members,
  membershipEvents,
  membershipPayments,
  paymentLinks,
  users,
} from '../db/schema';
import type { Env } from '../config/env';
import { DomainError } from '../lib/domain-error';
import { membershipExpired } from '../trading/membership-expiry';
import { round2 } from '../trading/money';
import { razorpayConfigured } from './razorpay';
import { claimRazorpayEvent } from './razorpay-events';
import type { Mailer } from './mail';
import { mailNow } from './outbox';
import { cancelMemberLinks } from './payment-link-cancel';
import { paymentsOf } from './payment-history';
import { storedLink } from './payment-link-store';
import { setPasswordParagraph } from './set-password-mail';
import { createUser } from './users';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;
type Deps = Pick<AppDeps, 'db' | 'log' | 'env'>;

export interface Actor {
  userId: number | null;
  /** A user's name, 'system' (the schedule) or 'Razorpay'. */
  name: string;
}
export const SYSTEM: Actor = { userId: null, name: 'system' };

/** yyyy-mm of `now` in India. */
export const monthOf = (now: Date) => istDay(now).slice(0, 7);
/** Day of the month in India. */
const dayOfMonth = (now: Date) => Number(istDay(now).slice(8, 10));
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}
export const deadlineOf = (month: string) => `${month}-${String(MEMBERSHIP_FEE.paymentWindow.toDay).padStart(2, '0')}`;

/** The 1st/26th schedule runs: MEMBERSHIP_BILLING, else on when Razorpay is configured. */
export const billingOn = (env: Pick<Env, 'MEMBERSHIP_BILLING' | 'RAZORPAY_KEY_ID'>) =>
  env.MEMBERSHIP_BILLING ?? env.RAZORPAY_KEY_ID !== undefined;

async function recordEvent(
  tx: DbOrTx,
  e: {
    memberId: number | null;
    enquiryId?: number | null;
    from: string | null;
    to: string;
    actor: Actor;
    reason: string;
    at: Date;
  },
) {
  await tx.insert(membershipEvents).values({
    trabot_client_id: e.memberId,
    enquiry_id: e.enquiryId ?? null,
    from_status: e.from,
    to_status: e.to,
    actor_user_id: e.actor.userId,
    actor: e.actor.name,
    reason: e.reason,
    at: e.at,
  });
}

async function setStatus(
  tx: DbOrTx,
  memberId: number,
  from: MembershipStatus,
  to: MembershipStatus,
  actor: Actor,
  reason: string,
  at: Date,
) {
  await tx
    .update(members)
    .set({ membership_status: to, last_updated_timestamp: at })
    .where(eq(members.trabot_client_id, memberId));
  await recordEvent(tx, { memberId, from, to, actor, reason, at });
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

// --- Applications ---

export async function listApplications(db: Db): Promise<Application[]> {
  const rows = await db
    .select()
    .from(enquiries)
    .where(eq(enquiries.type, 'Membership Interest'))
    .orderBy(desc(enquiries.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    form_html: r.form_html,
    created_at: r.created_at.toISOString(),
    status: r.application_status ?? 'applicant',
    decided_at: r.decided_at?.toISOString() ?? null,
    trabot_client_id: r.trabot_client_id,
  }));
}

async function openApplication(db: Db, enquiryId: number) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
  if (!row || row.type !== 'Membership Interest') throw new DomainError('not_found', 'Application not found');
  if (row.application_status) {
    const message = `This application was already ${row.application_status}`;
    throw new DomainError('conflict', message, { id: message });
  }
  return row;
}

/**
 * Accepts an application: the member (state accepted, fee in the body's currency), its account, a
 * login without a password, and the invitation mail with its set-password link (on `siteOrigin`).
 * 409 when decided already or when the e-mail has a login.
 */
export async function acceptApplication(
  deps: Deps,
  mailer: Mailer,
  enquiryId: number,
  input: AcceptApplicationBody,
  actor: Actor,
  now: Date,
  siteOrigin: string,
): Promise<{ trabot_client_id: number; user_id: number }> {
  const body = acceptApplicationBodySchema.parse(input);
  await openApplication(deps.db, enquiryId);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, body.email_id.toLowerCase()));
  if (taken) {
    const message = `${body.email_id} already has a login`;
    throw new DomainError('conflict', message, { email_id: message });
  }
  const today = istDay(now);
  const memberId = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(enquiries)
      .set({ application_status: 'accepted', decided_at: now, decided_by: actor.userId })
      .where(and(eq(enquiries.id, enquiryId), isNull(enquiries.application_status)))
      .returning({ id: enquiries.id });
    if (!claimed) throw new DomainError('conflict', 'This application was already decided', { id: 'decided' });
    const [member] = await tx
      .insert(members)
      .values({
        name: body.name,
        phone_no: body.phone_no,
        email_id: body.email_id,
        activation_date: today,
        membership_status: 'accepted',
        fee_currency: body.fee_currency,
        last_updated_timestamp: now,
      })
      .returning({ id: members.trabot_client_id });
    await tx.insert(accounts).values({ trabot_client_id: member!.id, account_status: 'active', broker_name: 'none' });
    await tx.update(enquiries).set({ trabot_client_id: member!.id }).where(eq(enquiries.id, enquiryId));
    await recordEvent(tx, {
      memberId: member!.id,
      enquiryId,
      from: 'applicant',
      to: 'accepted',
      actor,
      reason: body.reason,
      at: now,
    });
    return member!.id;
  });
  const user = await createUser(deps.db, {
    email: body.email_id,
    password: null,
    role: 'member',
    name: body.name,
    memberId,
  });
  const month = dayOfMonth(now) <= MEMBERSHIP_FEE.paymentWindow.toDay ? monthOf(now) : nextMonth(monthOf(now));
  await mailNow(deps, mailer, now, {
    dedupeKey: `invitation:${memberId}`,
    kind: 'membership_invitation',
    recipient: body.email_id,
    trabotClientId: memberId,
    passwordLinkUserId: user.id,
    subject: 'Welcome to the Trabot membership',
    html:
      paragraph(`Dear ${body.name},`) +
      paragraph('We are glad to tell you that your membership application has been accepted.') +
      setPasswordParagraph(body.email_id, siteOrigin) +
      paragraph(
        `The membership fee is ${formatFee(feeOf(body.fee_currency), body.fee_currency)} per month, including taxes, ` +
          `due from the 1st to the 25th. Your first month is ${month}, to be paid by ${deadlineOf(month)}.`,
      ),
  });
  deps.log.info({ enquiryId, memberId, userId: actor.userId }, 'membership application accepted');
  return { trabot_client_id: memberId, user_id: user.id };
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export async function rejectApplication(
  deps: Deps,
  mailer: Mailer,
  enquiryId: number,
  body: { email: string; name: string; reason: string },
  actor: Actor,
  now: Date,
): Promise<void> {
  await openApplication(deps.db, enquiryId);
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(enquiries)
      .set({ application_status: 'rejected', decided_at: now, decided_by: actor.userId })
      .where(and(eq(enquiries.id, enquiryId), isNull(enquiries.application_status)))
      .returning({ id: enquiries.id });
    if (!claimed) throw new DomainError('conflict', 'This application was already decided', { id: 'decided' });
    await recordEvent(tx, {
      memberId: null,
      enquiryId,
      from: 'applicant',
      to: 'rejected',
      actor,
      reason: body.reason,
      at: now,
    });
  });
  await mailNow(deps, mailer, now, {
    dedupeKey: `rejection:${enquiryId}`,
    kind: 'membership_rejection',
    recipient: body.email,
    subject: 'Your Trabot membership application',
    html:
      paragraph(`Dear ${body.name},`) +
      paragraph(
        'Thank you for your interest in the Trabot membership and for the time you took to apply. ' +
          'We are not able to offer you a place at this time: our slots are limited.',
      ) +
      paragraph('You are welcome to apply again later. We wish you every success in your trading.'),
  });
  deps.log.info({ enquiryId, userId: actor.userId }, 'membership application rejected');
}

// --- Members ---

/** The member's row; a DomainError not_found when there is none. */
export async function loadMember(db: DbOrTx, memberId: number) {
  const [row] = await db.select().from(members).where(eq(members.trabot_client_id, memberId));
  if (!row) throw new DomainError('not_found', 'Member not found');
  return row;
}

/** Pauses every active subscription of the member's accounts (their slots count as free). */
async function pauseSubscriptions(tx: DbOrTx, memberId: number): Promise<number> {
  const paused = await tx
    .update(algoSubscriptions)
    .set({ subscription_status: 'inactive' })
    .where(
      and(
        eq(algoSubscriptions.subscription_status, 'active'),
        inArray(
          algoSubscriptions.trabot_account_id,
          tx.select({ id: accounts.trabot_account_id }).from(accounts).where(eq(accounts.trabot_client_id, memberId)),
        ),
      ),
    )
    .returning({ id: algoSubscriptions.row_id });
  return paused.length;
}

/** Whether the actor is the schedule, a superadmin or a member (who can only act on their own membership). */
async function actorRole(db: DbOrTx, actor: Actor): Promise<MembershipNotice['by']> {
  if (actor.userId === null) return 'system';
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, actor.userId));
  return user?.role === 'superadmin' ? 'superadmin' : 'member';
}

/** Cancels the membership, pauses its subscriptions, tells the member and the firm. */
export async function cancelMembership(
  deps: Deps & Pick<AppDeps, 'notifier'>,
  mailer: Mailer,
  memberId: number,
  actor: Actor,
  reason: string,
  now: Date,
): Promise<void> {
  const member = await loadMember(deps.db, memberId);
  if (member.membership_status === 'cancelled') {
    throw new DomainError('conflict', 'The membership is already cancelled', { action: 'already cancelled' });
  }
  const paused = await deps.db.transaction(async (tx) => {
    await setStatus(tx, memberId, member.membership_status, 'cancelled', actor, reason, now);
    return pauseSubscriptions(tx, memberId);
  });
  await cancelMemberLinks(deps, memberId, now); // its open payment links, at Razorpay too
  await mailNow(deps, mailer, now, {
    dedupeKey: `cancelled:${memberId}:${now.toISOString()}`,
    kind: 'membership_cancelled',
    recipient: member.email_id,
    trabotClientId: memberId,
    subject: 'Your Trabot membership is cancelled',
    html:
      paragraph(`Dear ${member.name},`) +
      paragraph(`Your membership was cancelled on ${istDay(now)}: ${reason}.`) +
      paragraph(
        'No new trades are opened for your accounts; trades already running keep their exits. ' +
          'To rejoin, write to us: the firm accepts members again when a slot is free.',
      ),
  });
  if (deps.env.MAIL_TO) {
    await mailNow(deps, mailer, now, {
      dedupeKey: `cancelled-firm:${memberId}:${now.toISOString()}`,
      kind: 'membership_cancelled_firm',
      recipient: deps.env.MAIL_TO,
      trabotClientId: memberId,
      subject: `Membership cancelled: ${member.name} (#${memberId})`,
      html:
        paragraph(`${member.name} (client ${memberId}) was cancelled on ${istDay(now)} by ${actor.name}: ${reason}.`) +
        paragraph(`${paused} subscription(s) paused; their slots are free. Month: ${monthOf(now)}.`),
    });
  }
  deps.notifier?.membershipCancelled({
    trabot_client_id: memberId,
    name: member.name,
    reason,
    by: await actorRole(deps.db, actor),
    day: istDay(now),
  });
  deps.log.info({ memberId, actor: actor.name, paused }, 'membership cancelled');
}

/** The firm accepts a cancelled member again: rejoined, to pay the month before it is active. */
export async function rejoinMembership(
  deps: Deps,
  mailer: Mailer,
  memberId: number,
  actor: Actor,
  reason: string,
  now: Date,
) {
  const member = await loadMember(deps.db, memberId);
  if (member.membership_status !== 'cancelled') {
    const message = 'Only a cancelled membership can rejoin';
    throw new DomainError('conflict', message, { action: message });
  }
  await deps.db.transaction((tx) => setStatus(tx, memberId, 'cancelled', 'rejoined', actor, reason, now));
  const month = dayOfMonth(now) <= MEMBERSHIP_FEE.paymentWindow.toDay ? monthOf(now) : nextMonth(monthOf(now));
  await mailNow(deps, mailer, now, {
    dedupeKey: `rejoined:${memberId}:${now.toISOString()}`,
    kind: 'membership_rejoined',
    recipient: member.email_id,
    trabotClientId: memberId,
    subject: 'Welcome back to the Trabot membership',
    html:
      paragraph(`Dear ${member.name},`) +
      paragraph(
        `Your membership is accepted again. The fee of ${formatFee(feeOf(member.fee_currency), member.fee_currency)} ` +
          `for ${month} is due by ${deadlineOf(month)}.`,
      ),
  });
}

/** Next invoice number of the financial year (April-March): TB/2026-27/000001, gapless. */
async function nextInvoiceNumber(tx: DbOrTx, at: Date): Promise<string> {
  const [y, m] = istDay(at).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  const fy = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ financial_year: fy, last_number: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financial_year,
      set: { last_number: sql`${invoiceCounters.last_number} + 1` },
    })
    .returning({ n: invoiceCounters.last_number });
  return `TB/${fy}/${String(row!.n).padStart(6, '0')}`;
}

/**
 * Records a month paid (once per member and month: a second call returns the first payment) and
 * moves the member to active when it pays the current (or a later) month. A cancelled member
 * stays cancelled: paying rejoins only when the firm accepts again.
 */
export async function recordPayment(
  deps: Pick<AppDeps, 'db' | 'log'>,
  p: {
    memberId: number;
    month: string;
    amount: number;
    currency: FeeCurrency;
    method: 'razorpay' | 'manual';
    reference: string;
    paymentLinkId?: string | null;
    actor: Actor;
    at: Date;
    /** The Razorpay event that told of it: stored in the same transaction; seen before, nothing changes. */
    razorpayEvent?: { id: string; event: string };
  },
): Promise<{ id: number; invoice_number: string; created: boolean; replayed?: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [member] = await tx.select().from(members).where(eq(members.trabot_client_id, p.memberId)).for('update');
    if (!member) throw new DomainError('not_found', 'Member not found');
    if (p.razorpayEvent) {
      const fresh = await claimRazorpayEvent(tx, p.razorpayEvent, p.at);
      if (!fresh) return { id: 0, invoice_number: '', created: false, replayed: true };
    }
    const [existing] = await tx
      .select({ id: membershipPayments.id, invoice_number: membershipPayments.invoice_number })
      .from(membershipPayments)
      .where(and(eq(membershipPayments.trabot_client_id, p.memberId), eq(membershipPayments.month, p.month)));
    if (existing) return { ...existing, created: false };
    const invoice = await nextInvoiceNumber(tx, p.at);
    const [payment] = await tx
      .insert(membershipPayments)
      .values({
        trabot_client_id: p.memberId,
        month: p.month,
        amount: p.amount,
        currency: p.currency,
        method: p.method,
        reference: p.reference,
        razorpay_payment_link_id: p.paymentLinkId ?? null,
        invoice_number: invoice,
        paid_at: p.at,
        recorded_by: p.actor.userId,
      })
      .returning({ id: membershipPayments.id });
    const paidUntil = lastDayOf(p.month);
    if (!member.paid_until || member.paid_until < paidUntil) {
      await tx.update(members).set({ paid_until: paidUntil }).where(eq(members.trabot_client_id, p.memberId));
    }
    if (member.membership_status !== 'cancelled' && member.membership_status !== 'active' && p.month >= monthOf(p.at)) {
      await setStatus(
        tx,
        p.memberId,
        member.membership_status,
        'active',
        p.actor,
        `paid ${p.month} (${invoice})`,
        p.at,
      );
    } else {
      await recordEvent(tx, {
        memberId: p.memberId,
        from: member.membership_status,
        to: member.membership_status,
        actor: p.actor,
        reason: `paid ${p.month} (${invoice})`,
        at: p.at,
      });
    }
    deps.log.info({ memberId: p.memberId, month: p.month, invoice, method: p.method }, 'membership month paid');
    return { id: payment!.id, invoice_number: invoice, created: true };
  });
}

export async function membershipHistory(db: Db, memberId: number): Promise<MembershipEvent[]> {
  await loadMember(db, memberId);
  const rows = await db
    .select()
    .from(membershipEvents)
    .where(eq(membershipEvents.trabot_client_id, memberId))
    .orderBy(asc(membershipEvents.id));
  return rows.map((r) => ({
    id: r.id,
    from_status: r.from_status,
    to_status: r.to_status,
    actor: r.actor,
    reason: r.reason,
    at: r.at.toISOString(),
  }));
}

// --- The month ---

/**
 * The schedule's part (when billing is on): from the 1st to the 25th an active member who has not
 * paid the month becomes due (and is told the amount and the deadline); from the 26th a due member
 * is cancelled, and so is an accepted or rejoined one accepted on or before this month's 25th.
 */
export async function runMembershipMonth(
  deps: Deps & Pick<AppDeps, 'notifier'>,
  mailer: Mailer,
  now: Date,
): Promise<void> {
  if (!billingOn(deps.env)) return;
  const month = monthOf(now);
  const monthEnd = lastDayOf(month);
  const unpaid = or(isNull(members.paid_until), lt(members.paid_until, monthEnd));
  if (dayOfMonth(now) <= MEMBERSHIP_FEE.paymentWindow.toDay) {
    const dueNow = await deps.db
      .select()
      .from(members)
      .where(and(eq(members.membership_status, 'active'), unpaid));
    for (const member of dueNow) {
      await deps.db.transaction((tx) =>
        setStatus(
          tx,
          member.trabot_client_id,
          'active',
          'due',
          SYSTEM,
          `fee for ${month} unpaid; due by ${deadlineOf(month)}`,
          now,
        ),
      );
      // With Razorpay the payment link's mail (membership-payments.ts) tells the same, with the link.
      if (razorpayConfigured(deps.env)) continue;
      await mailNow(deps, mailer, now, {
        dedupeKey: `due:${member.trabot_client_id}:${month}`,
        kind: 'membership_due',
        recipient: member.email_id,
        trabotClientId: member.trabot_client_id,
        subject: `Your Trabot membership fee for ${month}`,
        html:
          paragraph(`Dear ${member.name},`) +
          paragraph(
            `The membership fee of ${formatFee(feeOf(member.fee_currency), member.fee_currency)} for ${month} is due by ` +
              `${deadlineOf(month)}. Unpaid after the 25th, the membership is cancelled automatically. ` +
              'You may also opt out before the 25th, with no payment due.',
          ),
      });
    }
    return;
  }
  const deadlineEnd = new Date(`${deadlineOf(month)}T18:30:00Z`); // 00:00 IST on the 26th
  const candidates = await deps.db
    .select()
    .from(members)
    .where(and(inArray(members.membership_status, ['due', 'accepted', 'rejoined']), unpaid));
  for (const member of candidates) {
    if (member.membership_status !== 'due') {
      const [last] = await deps.db
        .select({ at: membershipEvents.at })
        .from(membershipEvents)
        .where(
          and(
            eq(membershipEvents.trabot_client_id, member.trabot_client_id),
            eq(membershipEvents.to_status, member.membership_status),
          ),
        )
        .orderBy(desc(membershipEvents.id))
        .limit(1);
      if (last && last.at >= deadlineEnd) continue; // accepted after this month's 25th: next month's turn
    }
    await cancelMembership(
      deps,
      mailer,
      member.trabot_client_id,
      SYSTEM,
      `fee for ${month} unpaid after the 25th`,
      now,
    );
  }
}

export async function collection(
  db: Db,
  env: Pick<Env, 'MEMBERSHIP_BILLING' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_API_ROOT'>,
  month: string,
): Promise<Collection> {
  const rows = await db.select().from(members).orderBy(asc(members.trabot_client_id));
  const payments = await db.select().from(membershipPayments).where(eq(membershipPayments.month, month));
  const paidBy = new Set(payments.map((p) => p.trabot_client_id));
  const links = await db
    .select({ id: paymentLinks.trabot_client_id, url: paymentLinks.short_url })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.month, month), isNull(paymentLinks.cancelled_at)));
  const linkOf = new Map(links.map((l) => [l.id, l.url]));
  const list = rows.map((m) => ({
    trabot_client_id: m.trabot_client_id,
    name: m.name,
    membership_status: m.membership_status,
    paid_until: m.paid_until,
    month_paid: paidBy.has(m.trabot_client_id) || (m.paid_until !== null && m.paid_until >= lastDayOf(month)),
    payment_url: linkOf.get(m.trabot_client_id) ?? null,
  }));
  const sum = (currency: FeeCurrency) =>
    payments.filter((p) => p.currency === currency).reduce((total, p) => total + p.amount, 0);
  return {
    month,
    // As link creation: a key id without its secret makes no link.
    gateway: razorpayConfigured(env),
    billing: billingOn(env),
    deadline: deadlineOf(month),
    paid: list.filter((m) => m.month_paid).length,
    due: list.filter((m) => !m.month_paid && m.membership_status !== 'cancelled').length,
    cancelled: list.filter((m) => m.membership_status === 'cancelled').length,
    collected_inr: round2(sum('INR')),
    collected_usd: round2(sum('USD')),
    members: list,
  };
}

/** GET /api/membership: the member's expiry date and whether it has passed (today in India). */
export async function membershipExpiry(db: Db, memberId: number | null, now: Date) {
  const [row] =
    memberId === null
      ? []
      : await db
          .select({ expiry_date: members.expiry_date })
          .from(members)
          .where(eq(members.trabot_client_id, memberId));
  const expiry = row?.expiry_date ?? null;
  return { expiry_date: expiry, expired: membershipExpired(expiry, now) };
}

/** What the member's screen shows; null when the user has no member. */
export async function myMembership(db: Db, memberId: number, now: Date, gateway: boolean): Promise<MyMembership> {
  const member = await loadMember(db, memberId);
  const current = monthOf(now);
  const afterWindow = dayOfMonth(now) > MEMBERSHIP_FEE.paymentWindow.toDay;
  // Accepted (or rejoined) after the 25th: the first month is the next one, as the invitation says.
  const firstMonthNext =
    afterWindow && (member.membership_status === 'accepted' || member.membership_status === 'rejoined');
  const month =
    firstMonthNext ||
    ((member.membership_status === 'active' || afterWindow) &&
      member.paid_until !== null &&
      member.paid_until >= lastDayOf(current))
      ? nextMonth(current)
      : current;
  const monthPaid = member.paid_until !== null && member.paid_until >= lastDayOf(month);
  const link =
    gateway && !monthPaid && member.membership_status !== 'cancelled' ? await storedLink(db, memberId, month) : null;
  const payments = await paymentsOf(db, memberId);
  return {
    membership_status: member.membership_status,
    paid_until: member.paid_until,
    month,
    month_paid: monthPaid,
    amount_due: monthPaid || member.membership_status === 'cancelled' ? 0 : feeOf(member.fee_currency),
    currency: member.fee_currency,
    deadline: deadlineOf(month),
    payment_url: link?.short_url ?? null,
    gateway,
    can_opt_out: member.membership_status !== 'cancelled',
    payments: payments.map(({ method: _method, reference: _reference, ...item }) => item),
  };
}
