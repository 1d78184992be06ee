/** Process entry: env, data folder lock, database + migrations, demo seed, HTTP server, clean shutdown. */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { BackupService } from './backups/service';
import { createSecretBox, loadSecretKey } from './security/crypto';
import { makeDataDirPrivate } from './config/data-dir';
import { openDatabase } from './db/open';
import { seedDemoIfEmpty } from './demo/seed';
import { startEngine } from './engine/start';
import { parseEnv } from './config/env';
import { createLogger } from './lib/logger';
import { PushNotifier } from './push/push-notifier';
import { loadVapidKeys } from './push/vapid';
import { ensureInstrumentList } from './instruments/instrument-list';
import { sealPlainOrderSources } from './records/order-sources';
import { BUSINESS_SCHEDULE_EVERY_MS, runBusinessSchedule } from './services/business-schedule';
import { createMailer } from './services/mail';

/** How long a shutdown waits for requests in flight (container runtimes kill after ~10 s). */
const SHUTDOWN_GRACE_MS = 5000;

async function main() {
  const env = parseEnv();
  makeDataDirPrivate(env.DATA_DIR);
  const log = createLogger({ level: env.LOG_LEVEL, dataDir: env.DATA_DIR });
  if (env.TRUST_PROXY.length)
    log.info(
      { trustProxy: env.TRUST_PROXY },
      `X-Forwarded-* headers are believed only from ${env.TRUST_PROXY.join(', ')}`,
    );
  const database = await openDatabase(env, log);
  await database.migrate();
  const listed = await ensureInstrumentList(database.db);
  if (listed) log.info({ instruments: listed }, "instrument list loaded from NSE's list of equities");
  const key = loadSecretKey(env.SECRET_KEY, env.DATA_DIR);
  const deps = { db: database.db, env, log, secrets: createSecretBox(key), mailer: createMailer(env, log) };
  const sealed = await sealPlainOrderSources(deps);
  if (sealed) log.info({ accounts: sealed }, 'order sources stored in clear are now encrypted');
  if (env.SEED_DEMO) await seedDemoIfEmpty(deps, { print: (line) => console.log(line) });

  const notifier = new PushNotifier(deps, { vapid: await loadVapidKeys(env, deps) });
  const businessSchedule = {
    name: 'business schedule',
    everyMs: BUSINESS_SCHEDULE_EVERY_MS,
    run: (now: Date) => runBusinessSchedule({ ...deps, notifier }, deps.mailer, now),
  };
  const engine = startEngine({ ...deps, notifier }, database, [businessSchedule]);
  const backups = new BackupService({ env, database, log, key });
  const stopSchedule = backups.startSchedule();
  const app = createApp({ ...deps, engine, notifier, backups });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log.info({ port: info.port, database: database.kind }, `Trabot listening on http://localhost:${info.port}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // No new connections; idle keep-alive ones close now. Requests in flight finish (their writes
    // commit and are answered) before the database closes; any still open after the grace period are cut.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const grace = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    stopSchedule();
    Promise.all([closed, engine.stop(), notifier.settled(), backups.settled({ copies: false })])
      .then(() => database.close())
      .catch((err: unknown) => log.error({ err }, 'error while closing the database'))
      .finally(() => {
        clearTimeout(grace);
        process.exit(0);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
