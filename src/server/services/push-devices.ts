/**
 * The logged-in user's push devices (one row per browser endpoint, owned by the user who
 * subscribed it): seen, subscribed (capped at PUSH_DEVICES_MAX, the one unused the longest
 * dropped) and unsubscribed. The rules of who may own an endpoint are in routes/push.ts.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { PushKind } from '@shared/schemas/push';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';

/** This device's kinds when it is the user's, marking it used now; null when it is not theirs. */
export async function touchDevice(db: Db, userId: number, endpoint: string, now: Date): Promise<string[] | null> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ last_seen_at: now })
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, userId)))
    .returning({ kinds: pushSubscriptions.kinds });
  return row ? row.kinds : null;
}

export interface DeviceToSave {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: PushKind[];
}

/**
 * Saves the device for the user (a new one, or theirs again) and drops the user's devices beyond
 * `devicesMax`, least recently seen first. Null when the endpoint is another user's.
 */
export async function saveDevice(
  db: Db,
  device: DeviceToSave,
  devicesMax: number,
  now: Date,
): Promise<{ dropped: { id: number; last_seen_at: Date }[] } | null> {
  const row = {
    user_id: device.userId,
    endpoint: device.endpoint,
    p256dh: device.p256dh,
    auth: device.auth,
    kinds: device.kinds,
    last_seen_at: now,
  };
  // One statement: a new device, or this user's own again; never someone else's (no row back).
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: row.p256dh, auth: row.auth, kinds: row.kinds, last_seen_at: now },
      setWhere: eq(pushSubscriptions.user_id, device.userId),
    })
    .returning({ id: pushSubscriptions.id });
  if (!saved) return null;
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.user_id, device.userId))
    .orderBy(desc(pushSubscriptions.last_seen_at), desc(pushSubscriptions.id))
    .limit(devicesMax);
  const dropped = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, device.userId), notInArray(pushSubscriptions.id, kept)))
    .returning({ id: pushSubscriptions.id, last_seen_at: pushSubscriptions.last_seen_at });
  return { dropped };
}

/** Removes the device when it is the user's; answers whether it was. */
export async function removeDevice(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
