/** Web Push: what a device subscribes to, and the messages the server pushes to it. */
import { z } from 'zod';

/**
 * signals: a new signal waits for approval (superadmins); trade_opened / trade_closed: a member's
 * own trades; broker_session: the morning reminder that today's broker login is still to do;
 * membership: a membership cancelled (the member's own, or any member's for superadmins).
 */
export const PUSH_KINDS = ['signals', 'trade_opened', 'trade_closed', 'broker_session', 'membership'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const SUPERADMIN_ONLY_KINDS: readonly PushKind[] = ['signals'];

/** POST /api/push/subscriptions: the browser's PushSubscription JSON and the events this device wants. */
export const pushSubscribeBodySchema = z.object({
  subscription: z.object({
    endpoint: z.string().min(1, 'endpoint is required').max(2048),
    keys: z.object({
      p256dh: z
        .string()
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'keys.p256dh must be the subscription’s public key (base64url)'),
      auth: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'keys.auth must be the subscription’s auth secret (base64url)'),
    }),
  }),
  kinds: z
    .array(z.enum(PUSH_KINDS, { error: `kinds must be among: ${PUSH_KINDS.join(', ')}` }))
    .min(1, 'Choose at least one kind of notification')
    .max(PUSH_KINDS.length),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** DELETE /api/push/subscriptions (body) and GET /api/push/subscriptions (query): the device's endpoint. */
export const pushEndpointSchema = z.object({ endpoint: z.string().min(1, 'endpoint is required').max(2048) });

/** GET /api/push/subscriptions?endpoint=: whether this device is subscribed, and to what. */
export const pushDeviceStateSchema = z.object({ subscribed: z.boolean(), kinds: z.array(z.enum(PUSH_KINDS)) });
export type PushDeviceState = z.infer<typeof pushDeviceStateSchema>;

/**
 * POST /api/push/subscriptions: the device's state, the most devices a user may have, and the
 * devices this subscription dropped to stay within it (the ones unused the longest).
 */
export const pushSubscribeResultSchema = pushDeviceStateSchema.extend({
  devices_max: z.number().int(),
  dropped: z.array(z.object({ last_seen_at: z.string() })),
});
export type PushSubscribeResult = z.infer<typeof pushSubscribeResultSchema>;

/** The JSON payload of every push; the service worker shows title and body, and acts on `signal`. */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** One notification per tag: a resend replaces it. */
  tag: string;
  /** Opened when the notification's body is tapped. */
  url: string;
  /** For `signals`: what Approve and Reject send back. */
  signal?: { signal_id: number; updated_at: string };
}
