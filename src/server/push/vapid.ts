/**
 * The server's VAPID key pair (Web Push's application server keys): from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, else generated once into DATA_DIR/vapid.json (owner-only, like secret.key), so
 * browsers' subscriptions stay valid across restarts.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Push services may write here about this server's pushes (Apple requires a reachable one in production). */
const DEFAULT_SUBJECT = 'mailto:contact@trabot.in';

export function loadVapidKeys(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR'>,
): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const file = path.join(env.DATA_DIR, 'vapid.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...keys, subject };
}
