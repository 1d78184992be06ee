/** A member's payments, newest month first: the member's own list and the superadmin's. */
import { desc, eq } from 'drizzle-orm';
import type { MemberPayment } from '@shared/schemas/membership';
import type { Db } from '../db/client';
import { membershipPayments } from '../db/schema';

/** Each payment with its method and reference (the superadmin's view; the member's drops them). */
export async function paymentsOf(db: Db, memberId: number): Promise<MemberPayment[]> {
  const rows = await db
    .select()
    .from(membershipPayments)
    .where(eq(membershipPayments.trabot_client_id, memberId))
    .orderBy(desc(membershipPayments.month));
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    amount: r.amount,
    currency: r.currency,
    invoice_number: r.invoice_number,
    paid_at: r.paid_at.toISOString(),
    method: r.method,
    reference: r.reference,
  }));
}
