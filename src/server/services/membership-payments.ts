/**
 * The membership fee through Razorpay (issue 26): one payment link per member and month (INR 5,900,
 * or USD 75 for a member abroad: the member's fee_currency), carrying notes.trabot_client_id and
 * notes.month, made by the schedule from the 1st to the 25th or on demand by the member, mailed
 * once; the printable receipt of a payment. A link Razorpay already holds (a concurrent "Pay now", a
 * database restored from before it was made) is fetched by its reference_id and stored, not refused.
 * The webhook is in razorpay-webhook.ts, the cancels in payment-link-cancel.ts.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { feeOf, MEMBERSHIP_FEE, MEMBERSHIP_GST_PERCENT } from '@shared/constants';
import type { ManualPaymentBody, MemberPayment } from '@shared/schemas/membership';
import { escapeHtml } from '@shared/form-string';
import { formatFee } from '@shared/format';
import { istDay } from '@shared/ist';
import type { Env } from '../config/env';
import type { AppDeps } from '../context';
import type { Db } from '../db/client';
import { members, membershipPayments, paymentLinks } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { minorUnits, round2 } from '../trading/money';
import type { Mailer } from './mail';
import { deadlineOf, lastDayOf, loadMember, monthOf, recordPayment, type Actor } from './membership';
import { mailNow } from './outbox';
import { paymentsOf } from './payment-history';
import { referenceFor, storedLink } from './payment-link-store';
import {
  createPaymentLink,
  findLinkByReference,
  RazorpayError,
  razorpayConfigured,
  razorpayFailure,
  type LinkRequest,
  type RazorpayEnv,
} from './razorpay';

type Deps = Pick<AppDeps, 'db' | 'log' | 'env'>;

/** Statuses that owe the month's fee (a cancelled member rejoins only when the firm accepts again). */
const PAYING = ['accepted', 'active', 'due', 'rejoined'] as const;

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The end of the month's deadline, 23:59:59 IST on the 25th, in Unix seconds (the link's expire_by). */
export function deadlineEndSeconds(month: string): number {
  return Math.floor(new Date(`${deadlineOf(month)}T23:59:59+05:30`).getTime() / 1000);
}

/**
 * Makes the link at Razorpay. Razorpay refuses a second link with the same reference_id (400): then
 * the one it holds is fetched by reference_id and used, whatever the refusal's wording. Any other
 * refusal is a 502, no answer a 503.
 */
async function makeOrFindLink(env: RazorpayEnv, link: LinkRequest): Promise<{ id: string; short_url: string }> {
  try {
    return await createPaymentLink(env, link);
  } catch (err) {
    if (!(err instanceof RazorpayError) || err.statusCode !== 400) throw razorpayFailure(err, 'the payment link');
    let held;
    try {
      held = await findLinkByReference(env, link.referenceId);
    } catch (lookup) {
      throw razorpayFailure(lookup, 'the payment link');
    }
    if (!held) throw razorpayFailure(err, 'the payment link');
    if (held.status !== 'created' && held.status !== 'paid') {
      const message = `Razorpay holds ${link.referenceId} as ${held.status}: ask the firm`;
      throw new DomainError('bad_gateway', message, { payment: message });
    }
    return held;
  }
}

/**
 * The member's link for the month: the stored one, else made at Razorpay, stored and mailed (once).
 * 409 when the month is paid or the membership cancelled; 400 when Razorpay is not configured.
 */
export async function ensurePaymentLink(
  deps: Deps,
  mailer: Mailer,
  memberId: number,
  month: string,
  now: Date,
): Promise<{ url: string; created: boolean }> {
  if (!razorpayConfigured(deps.env)) {
    throw new DomainError('invalid', 'Razorpay is not configured: fees are recorded by hand', {
      payment: 'not configured',
    });
  }
  const member = await loadMember(deps.db, memberId);
  const existing = await storedLink(deps.db, memberId, month);
  if (existing) return { url: existing.short_url, created: false };
  if (member.membership_status === 'cancelled') {
    const message = 'The membership is cancelled: no fee is due';
    throw new DomainError('conflict', message, { month: message });
  }
  if (member.paid_until && member.paid_until >= lastDayOf(month)) {
    const message = `${month} is paid already`;
    throw new DomainError('conflict', message, { month: message });
  }
  const currency = member.fee_currency;
  const amount = feeOf(currency);
  const amountMinor = minorUnits(amount);
  const made = await makeOrFindLink(deps.env, {
    amountMinor,
    currency,
    description: `Trabot membership fee for ${month}`,
    referenceId: await referenceFor(deps.db, memberId, month),
    customer: { name: member.name, email: member.email_id, contact: member.phone_no },
    notes: { trabot_client_id: String(memberId), month },
    expireBy: deadlineEndSeconds(month),
  });
  const [stored] = await deps.db
    .insert(paymentLinks)
    .values({
      trabot_client_id: memberId,
      month,
      razorpay_link_id: made.id,
      short_url: made.short_url,
      amount_minor: amountMinor,
      currency,
      created_at: now,
    })
    .onConflictDoNothing({
      target: [paymentLinks.trabot_client_id, paymentLinks.month],
      where: sql`"cancelled_at" is null`,
    })
    .returning();
  if (!stored) {
    // Another request stored it at the same moment: that one stands (Razorpay's reference_id is unique).
    const winner = await storedLink(deps.db, memberId, month);
    return { url: winner!.short_url, created: false };
  }
  deps.log.info({ memberId, month, linkId: made.id }, 'razorpay payment link made');
  await mailNow(deps, mailer, now, {
    // One mail per link: a rejoin within the month makes a second link (reference "-2"), mailed too.
    dedupeKey: `paylink:${memberId}:${month}:${made.id}`,
    kind: 'membership_payment_link',
    recipient: member.email_id,
    trabotClientId: memberId,
    subject: `Your Trabot membership fee for ${month}`,
    html:
      paragraph(`Dear ${member.name},`) +
      paragraph(
        `The membership fee of ${formatFee(amount, currency)} for ${month}, including taxes, is due by ` +
          `${deadlineOf(month)}. Unpaid after the 25th, the membership is cancelled automatically. ` +
          'You may also opt out before the 25th, with no payment due.',
      ) +
      `<p>Pay through Razorpay: <a href="${escapeHtml(made.short_url)}">${escapeHtml(made.short_url)}</a></p>`,
  });
  return { url: made.short_url, created: true };
}

/**
 * The schedule's part when Razorpay is configured, from the 1st to the 25th (IST): a link for every
 * member who owes the month and has none yet. A refusal or an outage is logged and tried again on
 * the schedule's next run.
 */
export async function runPaymentLinks(deps: Deps, mailer: Mailer, now: Date): Promise<void> {
  if (!razorpayConfigured(deps.env)) return;
  if (Number(istDay(now).slice(8, 10)) > MEMBERSHIP_FEE.paymentWindow.toDay) return;
  const month = monthOf(now);
  const owing = await deps.db
    .select({ id: members.trabot_client_id })
    .from(members)
    .leftJoin(
      paymentLinks,
      and(
        eq(paymentLinks.trabot_client_id, members.trabot_client_id),
        eq(paymentLinks.month, month),
        isNull(paymentLinks.cancelled_at),
      ),
    )
    .where(
      and(
        inArray(members.membership_status, [...PAYING]),
        or(isNull(members.paid_until), lt(members.paid_until, lastDayOf(month))),
        isNull(paymentLinks.id),
      ),
    );
  for (const { id } of owing) {
    try {
      await ensurePaymentLink(deps, mailer, id, month, now);
    } catch (err) {
      deps.log.warn({ err, memberId: id, month }, 'razorpay payment link not made; retried on the next run');
    }
  }
}

// --- Receipts ---

/** A fee that includes GST, split as a tax invoice shows it: the taxable value (to the paisa) and the tax, the rest. */
export function gstSplit(amountIncludingTax: number): { taxable: number; tax: number } {
  const taxable = round2((amountIncludingTax * 100) / (100 + MEMBERSHIP_GST_PERCENT));
  return { taxable, tax: round2(amountIncludingTax - taxable) };
}

/** One GST line: CGST+SGST or IGST depends on the member's state, not recorded. */
function gstRows(amountIncludingTax: number): [string, string][] {
  const { taxable, tax } = gstSplit(amountIncludingTax);
  return [
    ['Taxable value', rupees(taxable)],
    [`GST at ${MEMBERSHIP_GST_PERCENT}%`, rupees(tax)],
  ];
}
const rupees = (value: number) =>
  `Rs ${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The payment's receipt page; a member sees only their own (404 for another's). */
export async function receiptHtml(
  db: Db,
  seller: Pick<Env, 'SELLER_GSTIN' | 'SELLER_NAME_ADDRESS'>,
  paymentId: number,
  viewer: { memberId: number | null; superadmin: boolean },
) {
  const [row] = await db
    .select({ payment: membershipPayments, member: members })
    .from(membershipPayments)
    .innerJoin(members, eq(members.trabot_client_id, membershipPayments.trabot_client_id))
    .where(eq(membershipPayments.id, paymentId));
  if (!row || (!viewer.superadmin && viewer.memberId !== row.payment.trabot_client_id)) {
    throw new DomainError('not_found', 'Receipt not found');
  }
  const { payment: p, member: m } = row;
  const amount = formatFee(p.amount, p.currency);
  const taxInvoice = seller.SELLER_GSTIN !== undefined;
  const title = taxInvoice ? 'Tax invoice' : 'Receipt';
  const cells: [string, string][] = [
    ...(taxInvoice
      ? ([
          ['Seller', seller.SELLER_NAME_ADDRESS ?? 'Trabot'],
          ['Seller GSTIN', seller.SELLER_GSTIN],
        ] as [string, string][])
      : []),
    ['Invoice number', p.invoice_number],
    ['Date', istDay(p.paid_at)],
    ['Billed to', `${m.name} (client ${m.trabot_client_id})`],
    ['E-mail', m.email_id],
    ['Description', `Trabot membership fee for ${p.month}`],
    ...(taxInvoice && p.currency === 'INR' ? gstRows(p.amount) : []),
    ['Amount (including taxes)', amount],
    ['Paid by', p.method === 'razorpay' ? `Razorpay, payment ${p.reference}` : `Recorded by hand: ${p.reference}`],
  ];
  const rows = cells
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title} ${escapeHtml(p.invoice_number)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:1.5rem auto;padding:0 1rem;color:#111}' +
    'table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ccc;vertical-align:top}' +
    'th{width:40%;font-weight:600}.note{color:#444;font-size:.9rem}@media print{.note{display:none}}</style></head><body>' +
    `<h1>Trabot: ${title.toLowerCase()}</h1><p>Invoice ${escapeHtml(p.invoice_number)}: ${escapeHtml(amount)} received with thanks.</p>` +
    `<table>${rows}</table>` +
    '<p class="note">Print this page (or save it as PDF) from your browser&#39;s menu.</p></body></html>'
  );
}

/**
 * A month paid outside the gateway (the superadmin's "Record fee paid"): the member's fee, how it
 * came (stored before the reference: "UPI, 5512"), on the day given (midday IST; today: now).
 */
export async function recordManualPayment(
  deps: Pick<AppDeps, 'db' | 'log'>,
  memberId: number,
  body: ManualPaymentBody,
  actor: Actor,
  now: Date,
) {
  const member = await loadMember(deps.db, memberId);
  const fee = feeOf(member.fee_currency);
  if (body.amount !== undefined && body.amount !== fee) {
    const message = `The fee of this member is ${formatFee(fee, member.fee_currency)}`;
    throw new DomainError('invalid', message, { amount: message });
  }
  const today = istDay(now);
  if (body.paid_on !== undefined && body.paid_on > today) {
    const message = `Date paid cannot be later than today (${today})`;
    throw new DomainError('invalid', message, { paid_on: message });
  }
  const at = body.paid_on === undefined || body.paid_on === today ? now : new Date(`${body.paid_on}T12:00:00+05:30`);
  return recordPayment(deps, {
    memberId,
    month: body.month,
    amount: fee,
    currency: member.fee_currency,
    method: 'manual',
    reference: body.method ? `${body.method}, ${body.reference.trim()}` : body.reference.trim(),
    actor,
    at,
  });
}

/** A member's payments, newest month first (the superadmin's view of its history, with receipts). */
export async function memberPayments(db: Db, memberId: number): Promise<MemberPayment[]> {
  await loadMember(db, memberId);
  return paymentsOf(db, memberId);
}
