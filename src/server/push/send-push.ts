/**
 * One Web Push request to an endpoint the guard parsed (endpoint-guard.ts): web-push 3.6 encrypts
 * the payload and builds the headers (`generateRequestDetails`, no VAPID there), the VAPID
 * header's audience is the parsed URL's origin, and the request goes to the parsed URL's host, port
 * and path. web-push's own `sendNotification` re-reads the endpoint string with Node's legacy
 * `url.parse()` (web-push-lib.js), which reads `https:/host/p` as no host at all (localhost:443):
 * it is never called here, so no second parser decides where a push goes.
 */
import https from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  /** The endpoint as the guard parsed it. */
  url: URL;
  keys: { p256dh: string; auth: string };
}

export interface PushSendOptions {
  vapid: VapidKeys;
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  timeoutMs: number;
  agent?: https.Agent;
}

/** The push service's answer to a request it did not take (404 and 410: the subscription is gone). */
export class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

/** Resolves with the push service's status (2xx); rejects with PushRefused or a network error. */
export function sendPush(target: PushTarget, payload: string, options: PushSendOptions): Promise<number> {
  const { url } = target;
  const details = webpush.generateRequestDetails({ endpoint: url.href, keys: target.keys }, payload, {
    vapidDetails: null,
    TTL: options.ttl,
    urgency: options.urgency,
  } as unknown as webpush.RequestOptions);
  const vapid = webpush.getVapidHeaders(
    url.origin,
    options.vapid.subject,
    options.vapid.publicKey,
    options.vapid.privateKey,
    'aes128gcm',
  );
  const headers = { ...details.headers, Authorization: vapid.Authorization } as Record<string, string | number>;
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port === '' ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers,
        timeout: options.timeoutMs,
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status <= 299) resolve(status);
          else reject(new PushRefused(status));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service did not answer in time')));
    req.on('error', reject);
    req.end(details.body);
  });
}
