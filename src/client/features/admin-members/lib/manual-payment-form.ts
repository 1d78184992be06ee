/**
 * The "Record fee paid" form: what the superadmin types (text) turned into the body of POST
 * /api/admin/members/{id}/payments. The amount starts at the member's fee, the date at today (IST).
 */
import type { z } from 'zod';
import { MEMBERSHIP_FEE } from '@shared/constants';
import { istDay } from '@shared/ist';
import { MANUAL_PAYMENT_METHODS, manualPaymentBodySchema, type FeeCurrency } from '@shared/schemas/membership';
import { requiredNumber } from '@client/lib/form-text';

/** The server's body, every field asked for; the amount typed as text. */
export const manualPaymentFormSchema = manualPaymentBodySchema.required().extend({ amount: requiredNumber('Amount') });

export type ManualPaymentFormValues = z.input<typeof manualPaymentFormSchema>;

export const manualPaymentFormValues = (currency: FeeCurrency, month: string, now: Date): ManualPaymentFormValues => ({
  month,
  amount: String(currency === 'USD' ? MEMBERSHIP_FEE.usd : MEMBERSHIP_FEE.inr),
  method: MANUAL_PAYMENT_METHODS[0],
  reference: '',
  paid_on: istDay(now),
});
