/**
 * The membership business (spec section 9, issue 26): a member's state through the month, the
 * history of its changes, applications from the interest form, the month's collection, payments.
 */
import { z } from 'zod';
import { isoDateInRange, isoMonthInRange } from '../date-range';

/**
 * A member's state. `accepted`: invited, first month not paid yet; `active`: this month paid;
 * `due`: this month unpaid, between the 1st and the 25th; `cancelled`: unpaid after the 25th, or
 * opted out, or cancelled by the firm; `rejoined`: accepted again after a cancellation, not paid yet.
 */
export const MEMBERSHIP_STATUSES = ['accepted', 'active', 'due', 'cancelled', 'rejoined'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Where an application (a Membership Interest enquiry) stands. */
export const APPLICATION_STATUSES = ['applicant', 'accepted', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The fee is charged in rupees, or in dollars for a member abroad. */
export const FEE_CURRENCIES = ['INR', 'USD'] as const;
export type FeeCurrency = (typeof FEE_CURRENCIES)[number];

/** A month as yyyy-mm, in the shared years 2000-2100. */
export const monthSchema = isoMonthInRange('Month', 'yyyy-mm');

const reasonSchema = z.string().trim().min(1, 'Reason is required').max(500, 'Reason is too long');

/** POST /api/admin/membership/applications/{id}/accept: the member and login made from the application. */
export const acceptApplicationBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  email_id: z.email('Enter a valid email'),
  phone_no: z
    .string()
    .trim()
    .regex(/^\+\d{6,15}$/, 'Phone must be a plus sign and digits, with the country code'),
  fee_currency: z.enum(FEE_CURRENCIES, { error: 'Fee currency must be INR or USD' }).default('INR'),
  reason: reasonSchema.default('Application accepted'),
});
export type AcceptApplicationBody = z.input<typeof acceptApplicationBodySchema>;

/** POST /api/admin/membership/applications/{id}/reject. */
export const rejectApplicationBodySchema = z.object({
  email: z.email('Enter a valid email'),
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  reason: reasonSchema,
});
export type RejectApplicationBody = z.input<typeof rejectApplicationBodySchema>;

/** POST /api/admin/members/{id}/membership: the firm cancels or accepts again (rejoin). */
export const membershipActionBodySchema = z.object({
  action: z.enum(['cancel', 'rejoin'], { error: 'Action must be cancel or rejoin' }),
  reason: reasonSchema,
});

/** How a fee paid outside the gateway came in (stored with its reference, shown on the receipt). */
export const MANUAL_PAYMENT_METHODS = ['Bank transfer', 'UPI', 'Cash', 'Cheque'] as const;

/**
 * POST /api/admin/members/{id}/payments: a month paid outside the gateway. `amount`, when sent,
 * must be the member's fee (the receipt is for the month's fee); `paid_on` (IST day) defaults to
 * today and may not be later.
 */
export const manualPaymentBodySchema = z.object({
  month: monthSchema,
  reference: z.string().trim().min(1, 'Reference is required').max(200, 'Reference is too long'),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Method must be Bank transfer, UPI, Cash or Cheque' }).optional(),
  amount: z.number({ error: 'Amount must be a number' }).positive('Amount must be above zero').optional(),
  paid_on: isoDateInRange('Date paid', 'a date (yyyy-mm-dd)').optional(),
});
export type ManualPaymentBody = z.input<typeof manualPaymentBodySchema>;

/** A month paid, with its receipt's invoice number: the member's list of payments. */
const paymentItemSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  amount: z.number(),
  currency: z.enum(FEE_CURRENCIES),
  invoice_number: z.string(),
  paid_at: z.string(),
});

/** GET /api/admin/members/{id}/payments: a member's payments, newest month first, each with its receipt. */
export const memberPaymentSchema = paymentItemSchema.extend({
  method: z.enum(['razorpay', 'manual']),
  reference: z.string(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** POST /api/membership/opt-out: the member leaves before the 25th (no payment due). */
export const optOutBodySchema = z.object({
  reason: z.string().trim().max(500, 'Reason is too long').default(''),
});

export const membershipEventSchema = z.object({
  id: z.number().int(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  /** Who made the change: a user's name, or "system" for the schedule, "Razorpay" for a payment. */
  actor: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type MembershipEvent = z.infer<typeof membershipEventSchema>;

export const applicationSchema = z.object({
  id: z.number().int(),
  form_html: z.string(),
  created_at: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  decided_at: z.string().nullable(),
  trabot_client_id: z.number().int().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET /api/admin/membership/collection?month=yyyy-mm. */
export const collectionSchema = z.object({
  month: z.string(),
  /** Payments through Razorpay are configured; else fees are recorded by hand and no link is made. */
  gateway: z.boolean(),
  /** The 26th-cancellation schedule runs (MEMBERSHIP_BILLING). */
  billing: z.boolean(),
  deadline: z.string(),
  paid: z.number().int(),
  due: z.number().int(),
  cancelled: z.number().int(),
  collected_inr: z.number(),
  collected_usd: z.number(),
  members: z.array(
    z.object({
      trabot_client_id: z.number().int(),
      name: z.string(),
      membership_status: z.enum(MEMBERSHIP_STATUSES),
      paid_until: z.string().nullable(),
      month_paid: z.boolean(),
      /** The month's Razorpay link, once made (by the schedule, "Pay now" or "Make payment link"). */
      payment_url: z.string().nullable(),
    }),
  ),
});
export type Collection = z.infer<typeof collectionSchema>;

/** GET /api/membership/month: what the member sees. */
export const myMembershipSchema = z.object({
  membership_status: z.enum(MEMBERSHIP_STATUSES),
  paid_until: z.string().nullable(),
  /** The month the fee is asked for (yyyy-mm), and whether it is paid. */
  month: z.string(),
  month_paid: z.boolean(),
  amount_due: z.number(),
  currency: z.enum(FEE_CURRENCIES),
  /** yyyy-mm-dd: the 25th of the month. */
  deadline: z.string(),
  /** The Razorpay payment link of the month, when the gateway is configured and the month is unpaid. */
  payment_url: z.string().nullable(),
  /** Razorpay is configured: the member pays in the app ("Pay now"); else the firm records fees by hand. */
  gateway: z.boolean(),
  can_opt_out: z.boolean(),
  payments: z.array(paymentItemSchema),
});
export type MyMembership = z.infer<typeof myMembershipSchema>;
