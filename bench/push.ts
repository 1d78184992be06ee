/**
 * From a webhook signal to its push notification: the app in-process on the embedded
 * database (and PostgreSQL when given), the real PushNotifier, and a push service on loopback
 * (tests/support/local-push-service.ts) with superadmin devices subscribed. Each of 20 signals is
 * POSTed to /api/hooks/signals one after another; its delay is from the request's start to the
 * moment the last device's push reached the push service (encrypted, VAPID-signed, over HTTPS).
 */
import os from 'node:os';
import { serve } from '@hono/node-server';
import pino from 'pino';
import webpush from 'web-push';
import { createApp } from '@server/app';
import { createSecretBox } from '@server/security/crypto';
import { algos, pushSubscriptions, users } from '@server/db/schema';
import { parseEnv } from '@server/config/env';
import { PushNotifier } from '@server/push/push-notifier';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { createWebhookToken } from '@server/services/webhook-tokens';
import { startLocalPushService } from '../tests/support/local-push-service';
import { table } from './report';
import { openBenchDatabase } from './engine';
import { freePort } from '../tests/support/real-server';

export const PUSH_SIGNALS = 20;
export const PUSH_DEVICES = 5;
export const PUSH_BUDGET_MS = 1000;

export interface PushFigures {
  database: 'pglite' | 'postgres';
  devices: number;
  signals: number;
  medianMs: number;
  maxMs: number;
  pass: boolean;
}

export async function benchPush(kind: 'pglite' | 'postgres', postgresUrl?: string): Promise<PushFigures> {
  const push = await startLocalPushService();
  const { database, drop } = await openBenchDatabase(kind, 0, postgresUrl);
  await database.migrate();
  await ensureInstrumentList(database.db);
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: os.tmpdir(),
    LOG_LEVEL: 'info',
    PUSH_ALLOWED_ORIGINS: push.origin,
  });
  const log = pino({ level: 'info', base: undefined }, pino.destination({ dest: os.devNull, sync: true }));
  const deps = { db: database.db, env, log, secrets: createSecretBox(Buffer.alloc(32, 7)) };
  const notifier = new PushNotifier(deps, {
    vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@trabot.test' },
    agent: push.agent,
  });
  const port = await freePort();
  const server = serve({ fetch: createApp({ ...deps, notifier }).fetch, port, hostname: '127.0.0.1' });
  try {
    const [algo] = await database.db
      .insert(algos)
      .values({ algo_desc: 'Bench breakout', algo_switch: true })
      .returning();
    const [admin] = await database.db
      .insert(users)
      .values({ name: 'Bench Admin', email: 'bench-admin@example.com', password_hash: 'x', role: 'superadmin' })
      .returning();
    for (let i = 0; i < PUSH_DEVICES; i++) {
      const { subscription } = push.browser(`bench-${i}`);
      await database.db.insert(pushSubscriptions).values({
        user_id: admin!.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        kinds: ['signals'],
      });
    }
    const { token } = await createWebhookToken(database.db, algo!.algo_id, admin!.id);
    const delays: number[] = [];
    for (let i = 0; i < PUSH_SIGNALS; i++) {
      const before = push.pushes.length;
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/hooks/signals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          client_signal_id: `bench-${i}`,
          instrument_symbol: 'RELIANCE',
          trade_direction: 'long',
          trade_type: 'swing',
          entry_level: 2950.5,
          stop_loss_level: 2890,
          target_level: 3080,
        }),
      });
      if (res.status !== 201) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
      await push.waitFor(before + PUSH_DEVICES);
      delays.push(Math.max(...push.pushes.slice(before).map((p) => p.at)) - started);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    const medianMs = Math.round(sorted[Math.floor(sorted.length / 2)]!);
    const maxMs = Math.round(sorted.at(-1)!);
    return {
      database: kind,
      devices: PUSH_DEVICES,
      signals: PUSH_SIGNALS,
      medianMs,
      maxMs,
      pass: maxMs < PUSH_BUDGET_MS,
    };
  } finally {
    server.close();
    await notifier.settled();
    await database.close();
    await drop();
    await push.close();
  }
}

export function pushTable(figures: PushFigures[]): string {
  const rows = [['Webhook to push', 'devices', 'signals', 'median', 'max', `budget (max < ${PUSH_BUDGET_MS} ms)`]];
  for (const f of figures)
    rows.push([
      f.database,
      String(f.devices),
      String(f.signals),
      `${f.medianMs} ms`,
      `${f.maxMs} ms`,
      f.pass ? 'PASS' : 'FAIL',
    ]);
  return table(rows);
}
