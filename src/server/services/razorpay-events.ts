/** The Razorpay event ids already handled: each event acts once, a replay changes nothing. */
import type { Db } from '../db/client';
import { razorpayEvents } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Stores the event id; false when it was stored before (the event is a replay). */
export async function claimRazorpayEvent(
  db: Db | Tx,
  event: { id: string; event: string },
  at: Date,
): Promise<boolean> {
  const [fresh] = await db
    .insert(razorpayEvents)
    .values({ event_id: event.id, event: event.event, received_at: at })
    .onConflictDoNothing()
    .returning({ id: razorpayEvents.event_id });
  return fresh !== undefined;
}
