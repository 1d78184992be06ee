/**
 * The fan-out fault tests' world: a data folder seeded with many subscribed Zerodha accounts, one
 * pending INFY signal and a superadmin session; the approval as the admin screen sends it; and
 * waiting on the server's log file.
 */
import fs from 'node:fs';
import { expect } from 'vitest';
import { createSession, sessionCookieName } from '@server/auth/sessions';
import { createSecretBox, loadSecretKey } from '@server/security/crypto';
import { openPglite, openPostgres } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { accounts, algos, signals, users } from '@server/db/schema';
import { logFilePath } from '@server/lib/logger';
import { createManySubscribers } from '../../factories/many-subscribers';

const LEVELS = { entry_level: 1500, stop_loss_level: 1400, target_level: 1800 };

/** `accounts` subscribers with `accessKey` (live: their mode set to live), and the signal to approve. */
export async function seedFanOut(
  dataDir: string,
  options: {
    accounts: number;
    label: string;
    accessKey: string;
    live?: boolean;
    /** On this PostgreSQL database (the servers' SECRET_KEY given) instead of the folder's PGlite. */
    postgres?: { url: string; secretKey: string };
  },
): Promise<{ signalId: number; cookie: string }> {
  const database = options.postgres ? await openPostgres(options.postgres.url) : await openPglite(pgliteDir(dataDir));
  try {
    await database.migrate();
    const { db } = database;
    const key = createSecretBox(loadSecretKey(options.postgres?.secretKey, dataDir)).encrypt(options.accessKey);
    const [algo] = await db
      .insert(algos)
      .values({ algo_desc: `${options.label} momentum`, algo_switch: true })
      .returning();
    await createManySubscribers(db, algo!.algo_id, options.accounts, key, options.label);
    if (options.live) await db.update(accounts).set({ trading_mode: 'live', access_key_valid: true });
    const [signal] = await db
      .insert(signals)
      .values({
        algo_id: algo!.algo_id,
        instrument_symbol: 'INFY',
        instrument_type: 'EQ',
        trade_type: 'swing',
        trade_direction: 'long',
        ...LEVELS,
        trade_status: 'pending',
        algo_process_ind: true,
      })
      .returning();
    const [admin] = await db
      .insert(users)
      .values({
        name: 'Fault Admin',
        email: `${options.label.toLowerCase()}-admin@example.com`,
        password_hash: 'x',
        role: 'superadmin',
      })
      .returning();
    return { signalId: signal!.signal_id, cookie: `${sessionCookieName(false)}=${await createSession(db, admin!.id)}` };
  } finally {
    await database.close();
  }
}

/** Approves the signal as the admin's Edit Levels does, once the feed has priced INFY. */
export async function approveSignal(url: string, signalId: number, cookie: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 3_500));
  const approved = await fetch(`${url}/api/signals/${signalId}/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ trade_gen_ts: '2026-01-05', ...LEVELS, trade_status: 'approved', process_signal: true }),
  });
  expect(approved.status, await approved.text()).toBe(200);
}

/** How many lines of the server's log file carry this message. */
export const logged = (dataDir: string, msg: string) =>
  fs.existsSync(logFilePath(dataDir))
    ? fs
        .readFileSync(logFilePath(dataDir), 'utf8')
        .split('\n')
        .filter((line) => line.includes(`"msg":"${msg}"`)).length
    : 0;

export async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
