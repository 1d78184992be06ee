/**
 * The "Record fee paid" form: what the superadmin types (text) turned into the body of POST
 * /api/admin/members/{id}/payments. The amount starts at the member's fee, the date at today (IST).
 */
import type { z } from 'zod';
import { feeOf } from '@shared/constants';
import { istDay } from '@shared/ist';
import { MANUAL_PAYMENT_METHODS, manualPaymentBodySchema, type FeeCurrency } from '@shared/schemas/membership';
import { requiredNumber } from '@client/lib/form-text';

/** The server's body, every field asked for; the amount typed as text. */
export const manualPaymentFormSchema = manualPaymentBodySchema.required().extend({ amount: requiredNumber('Amount') });

export type ManualPaymentFormValues = z.input<typeof manualPaymentFormSchema>;

/** The month defaults to today's (IST). */
export const manualPaymentFormValues = (currency: FeeCurrency, now: Date): ManualPaymentFormValues => ({
  month: istDay(now).slice(0, 7),
  amount: String(feeOf(currency)),
  method: MANUAL_PAYMENT_METHODS[0],
  reference: '',
  paid_on: istDay(now),
});
