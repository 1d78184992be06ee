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

export type RazorpayEnv = Pick<Env, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_API_ROOT'>;

/** True when payment links can be made: a key id and its secret. */
export const razorpayConfigured = (env: RazorpayEnv) =>
  env.RAZORPAY_KEY_ID !== undefined && env.RAZORPAY_KEY_SECRET !== undefined;

/** Razorpay's answer to a refused request, as the SDK hands it on (`{ statusCode, error }`). */
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

function refusal(err: unknown): Error {
  if (err && typeof err === 'object' && 'error' in err) {
    const e = err as { statusCode?: number; error?: { code?: string; description?: string } };
    return new RazorpayError(
      e.statusCode ?? null,
      e.error?.code ?? 'UNKNOWN',
      e.error?.description ?? 'no description',
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}

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
