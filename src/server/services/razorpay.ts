/**
 * Razorpay, through its official Node SDK (`razorpay`): payment links for the membership fee and the
 * webhook's signature. RAZORPAY_API_ROOT points the SDK elsewhere (the tests' local Razorpay): the
 * SDK has no option for it, so its axios instance's base URL is set (docs/decisions:
 * 2026-11-27-razorpay-api-root.md). The webhook's X-Razorpay-Signature is checked here, constant-time,
 * rather than with the SDK's validateWebhookSignature, which compares with `===`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { FeeCurrency } from '@shared/schemas/membership';
import type { Env } from '../config/env';
import { DomainError } from '../lib/domain-error';

export type RazorpayEnv = Pick<Env, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_API_ROOT'>;

/** True when payment links can be made: a key id and its secret. */
export const razorpayConfigured = (env: RazorpayEnv) =>
  env.RAZORPAY_KEY_ID !== undefined && env.RAZORPAY_KEY_SECRET !== undefined;

/** Razorpay's answer to a refused request (4xx, or a 5xx), as the SDK hands it on (`{ statusCode, error }`). */
export class RazorpayError extends Error {
  constructor(
    readonly statusCode: number | null,
    readonly code: string,
    description: string,
  ) {
    super(`Razorpay refused: ${code}: ${description}`);
  }
}

interface SdkApi {
  rq: { defaults: { baseURL?: string; timeout?: number } };
}

/** Razorpay answers within this, or the call fails (the schedule tries again on its next run). */
const TIMEOUT_MS = 15_000;

function client(env: RazorpayEnv): Razorpay {
  if (!razorpayConfigured(env)) throw new Error('Razorpay is not configured');
  const sdk = new Razorpay({ key_id: env.RAZORPAY_KEY_ID!, key_secret: env.RAZORPAY_KEY_SECRET! });
  // Private to the SDK (2.9.x): its axios instance. No public option sets the host.
  const api = (sdk as unknown as { api: SdkApi }).api;
  if (env.RAZORPAY_API_ROOT) api.rq.defaults.baseURL = env.RAZORPAY_API_ROOT.replace(/\/+$/, '');
  api.rq.defaults.timeout = TIMEOUT_MS;
  return sdk;
}

export interface LinkRequest {
  /** In the currency's smallest unit (paise, cents). */
  amountMinor: number;
  currency: FeeCurrency;
  description: string;
  /** Unique per link at Razorpay: a second create with it is refused. */
  referenceId: string;
  customer: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  /** Unix seconds after which the link cannot be paid. */
  expireBy: number;
}

export interface CreatedLink {
  id: string;
  short_url: string;
  amount: number;
  currency: string;
  status: string;
}

/** Razorpay did not answer: refused connection, DNS, timeout (the SDK's own TypeError then). */
export class RazorpayUnreachable extends Error {
  constructor(cause: unknown) {
    super(`Razorpay unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The SDK throws `{ statusCode, error }` when Razorpay answered, anything else when it did not. */
function refusal(err: unknown): Error {
  if (err instanceof RazorpayError) return err;
  if (err && typeof err === 'object' && typeof (err as { statusCode?: unknown }).statusCode === 'number') {
    const e = err as { statusCode: number; error?: { code?: string; description?: string } };
    return new RazorpayError(e.statusCode, e.error?.code ?? 'UNKNOWN', e.error?.description ?? 'no description');
  }
  return new RazorpayUnreachable(err);
}

/** A Razorpay failure as the API answers it: 502 for a refusal or a bad answer, 503 when unreachable. */
export function razorpayFailure(err: unknown, what: string): DomainError {
  const failure = refusal(err);
  if (failure instanceof RazorpayError) {
    const message = `Razorpay refused ${what}: ${failure.message.replace(/^Razorpay refused: /, '')}`;
    return new DomainError('bad_gateway', message, { payment: message });
  }
  const message = 'Razorpay cannot be reached: try again in a few minutes';
  return new DomainError('unavailable', message, { payment: message });
}

/** What is read of a payment link (https://razorpay.com/docs/api/payments/payment-links/#payment-link-entity). */
export interface RazorpayLink {
  id: string;
  short_url: string;
  status: string;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  order_id: string | null;
  notes: Record<string, unknown>;
  payments: { payment_id: string; amount: number; status: string }[];
}

function asLink(raw: unknown): RazorpayLink {
  const l = (raw ?? {}) as Partial<Record<keyof RazorpayLink, unknown>>;
  if (typeof l.id !== 'string' || typeof l.short_url !== 'string' || typeof l.status !== 'string') {
    throw new RazorpayError(null, 'BAD_ANSWER', 'a payment link without id, short_url or status');
  }
  return {
    id: l.id,
    short_url: l.short_url,
    status: l.status,
    amount: Number(l.amount),
    amount_paid: Number(l.amount_paid ?? 0),
    currency: String(l.currency ?? ''),
    reference_id: String(l.reference_id ?? ''),
    order_id: typeof l.order_id === 'string' ? l.order_id : null,
    notes: l.notes && typeof l.notes === 'object' ? (l.notes as Record<string, unknown>) : {},
    payments: Array.isArray(l.payments) ? (l.payments as RazorpayLink['payments']) : [],
  };
}

async function call<T>(request: () => Promise<unknown>, read: (raw: unknown) => T): Promise<T> {
  let raw: unknown;
  try {
    raw = await request();
  } catch (err) {
    throw refusal(err);
  }
  return read(raw);
}

/** GET /v1/payment_links?reference_id= (https://razorpay.com/docs/api/payments/payment-links/fetch-all-standard/). */
export const findLinkByReference = (env: RazorpayEnv, referenceId: string) =>
  call(
    () => client(env).paymentLink.all({ reference_id: referenceId } as never),
    (raw) => {
      const all = (raw as { payment_links?: unknown[] } | null)?.payment_links ?? [];
      const found = all.map(asLink).filter((l) => l.reference_id === referenceId);
      return found[0] ?? null;
    },
  );

/** GET /v1/payment_links/{id}: its status, amount paid and payments. */
export const fetchPaymentLink = (env: RazorpayEnv, id: string) => call(() => client(env).paymentLink.fetch(id), asLink);

/** POST /v1/payment_links/{id}/cancel (https://razorpay.com/docs/api/payments/payment-links/cancel-standard/). */
export const cancelPaymentLink = (env: RazorpayEnv, id: string) =>
  call(() => client(env).paymentLink.cancel(id), asLink);

/** What is read of a payment (https://razorpay.com/docs/api/payments/fetch-with-id/). */
export interface RazorpayPayment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  order_id: string | null;
}

/** GET /v1/payments/{id}. */
export const fetchPayment = (env: RazorpayEnv, id: string) =>
  call(
    () => client(env).payments.fetch(id),
    (raw): RazorpayPayment => {
      const p = (raw ?? {}) as Partial<Record<keyof RazorpayPayment, unknown>>;
      if (typeof p.id !== 'string') throw new RazorpayError(null, 'BAD_ANSWER', 'a payment without id');
      return {
        id: p.id,
        status: String(p.status ?? ''),
        amount: Number(p.amount),
        currency: String(p.currency ?? ''),
        order_id: typeof p.order_id === 'string' ? p.order_id : null,
      };
    },
  );

/** POST /v1/payment_links (https://razorpay.com/docs/api/payments/payment-links/create-standard/). */
export async function createPaymentLink(env: RazorpayEnv, link: LinkRequest): Promise<CreatedLink> {
  try {
    const made = await client(env).paymentLink.create({
      amount: link.amountMinor,
      currency: link.currency,
      accept_partial: false,
      description: link.description,
      reference_id: link.referenceId,
      expire_by: link.expireBy,
      customer: link.customer,
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: link.notes,
    });
    if (!made.short_url)
      throw new RazorpayError(null, 'NO_SHORT_URL', `payment link ${made.id} came without a short_url`);
    return {
      id: made.id,
      short_url: made.short_url,
      amount: Number(made.amount),
      currency: made.currency ?? link.currency,
      status: made.status,
    };
  } catch (err) {
    throw refusal(err);
  }
}

/** The signature Razorpay sends: hex HMAC-SHA256 of the raw body with the webhook's secret. */
export const webhookSignature = (rawBody: string, secret: string) =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');

/** Constant-time check of X-Razorpay-Signature over the raw body; false when anything is missing. */
export function webhookGenuine(rawBody: string, signature: string | undefined, secret: string | undefined): boolean {
  if (!secret || !signature) return false;
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
