/**
 * The server's VAPID key pair (Web Push's application server keys), one per deployment so every
 * process signs with the key browsers subscribed with (decision 2026-11-27-one-vapid-key):
 * - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set;
 * - on PostgreSQL (DATABASE_URL), the pair stored in the database (app_settings, the private key
 *   encrypted with SECRET_KEY): the first process to start makes it (or takes DATA_DIR/vapid.json,
 *   a key made before this rule), the others read it, never one per data folder;
 * - on the embedded database, DATA_DIR/vapid.json (owner-only, like secret.key), generated once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { SecretBox } from '../security/crypto';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';
import type { Env } from '../config/env';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Push services may write here about this server's pushes (Apple requires a reachable one in production). */
const DEFAULT_SUBJECT = 'mailto:contact@trabot.in';

/** The app_settings key of the deployment's pair: `{ publicKey, privateKey }` sealed with SECRET_KEY. */
export const VAPID_SETTING = 'vapid_keys';

type Pair = { publicKey: string; privateKey: string };
type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'DATABASE_URL'>;

const fileOf = (dataDir: string) => path.join(dataDir, 'vapid.json');
const readFile = (file: string): Pair => JSON.parse(fs.readFileSync(file, 'utf8')) as Pair;

/** The pair in DATA_DIR/vapid.json, generated there first if missing. */
function dataDirPair(dataDir: string): Pair {
  const file = fileOf(dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return readFile(file);
}

/** The deployment's pair in the database; the first caller stores one (race-free across replicas). */
async function databasePair(db: Db, secrets: SecretBox, dataDir: string): Promise<Pair> {
  const existing = fs.existsSync(fileOf(dataDir)) ? readFile(fileOf(dataDir)) : null;
  const candidate = existing ?? webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: VAPID_SETTING, value: secrets.encrypt(JSON.stringify(candidate)) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VAPID_SETTING));
  if (!row) throw new Error('VAPID keys missing after insert');
  return JSON.parse(secrets.decrypt(row.value)) as Pair;
}

export async function loadVapidKeys(env: VapidEnv, store: { db: Db; secrets: SecretBox }): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT ?? DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const pair = env.DATABASE_URL ? await databasePair(store.db, store.secrets, env.DATA_DIR) : dataDirPair(env.DATA_DIR);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject };
}
