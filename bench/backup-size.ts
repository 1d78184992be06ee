/**
 * Measures a backup of the embedded database at 100,000 orders (not part of `npm run bench`; run it
 * alone: `npx tsx bench/backup-size.ts`): a data folder with the demo, 100,000 trades with their
 * entry and their entry order leg, then one backup (snapshot, gzip, encrypt, sign, write), a verify
 * and a restore.
 * Prints the sizes and times as JSON.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { restoreBackup, verifyBackup } from '@server/backups/restore';
import { BackupService } from '@server/backups/service';
import { createSecretBox } from '@server/security/crypto';
import { openDatabase } from '@server/db/open';
import { seedDemoIfEmpty } from '@server/demo/seed';
import { parseEnv } from '@server/config/env';
import { createLogger } from '@server/lib/logger';

const ORDERS = Number(process.env.BACKUP_BENCH_ORDERS ?? 100_000);
const BATCH = 5_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-backup-bench-'));
const env = parseEnv({ DATA_DIR: dataDir, SEED_DEMO: '0' });
const log = createLogger({ level: 'silent' });
const key = randomBytes(32);
const database = await openDatabase(env, log);
const ms = (since: number) => Math.round(performance.now() - since);
try {
  await database.migrate();
  const { db } = database;
  await seedDemoIfEmpty({ db, env, log, secrets: createSecretBox(key) }, { print: () => {} });
  const account = (await db.execute(sql`select min(trabot_account_id) as id from accounts`)) as unknown as {
    rows: { id: number }[];
  };
  const accountId = account.rows[0]!.id;
  let started = performance.now();
  for (let done = 0; done < ORDERS; done += BATCH) {
    await db.execute(sql`
      with made as (
        insert into trades (trabot_account_id, trade_type, trade_instrument, trade_date, trade_status, trade_quantity,
                            trade_direction, avg_entry_price, remaining_quantity, ltp, current_mtm, trade_risk)
        select ${accountId}::int, case when i % 2 = 0 then 'swing' else 'intraday' end,
               (array['TATAMOTORS','INFY','RELIANCE','HDFCBANK','SBIN','ITC','LT','TCS'])[1 + i % 8],
               date '2026-11-20' - (i % 250), (array['completed','running','cancelled'])[1 + i % 3], 10 + i % 40,
               case when i % 3 = 0 then 'short' else 'long' end, 100 + (i * 37) % 900, 10 + i % 40,
               101.5 + (i * 37) % 900, (10 + i % 40) * 1.5, (100 + (i * 37) % 900) * 0.02 * (10 + i % 40)
          from generate_series(${done}::int, ${Math.min(done + BATCH, ORDERS) - 1}::int) as i
        returning trabot_trade_id, trabot_account_id, trade_quantity, avg_entry_price
      ), entries as (
        insert into trade_entries (trabot_trade_id, trade_entry_sequence, trade_entry_quantity, trade_entry_price)
        select trabot_trade_id, 1, trade_quantity, avg_entry_price from made
      )
      insert into order_legs (trabot_trade_id, trabot_account_id, side, source, quantity, state, filled_quantity,
                              average_price, broker_order_id)
      select trabot_trade_id, trabot_account_id, 'entry', 'signal', trade_quantity, 'filled', trade_quantity,
             avg_entry_price, 'PAPER' || trabot_trade_id from made`);
  }
  const seedMs = ms(started);
  let heldMs = 0;
  const snapshotOf = database.snapshot!;
  const measured = {
    kind: 'pglite' as const,
    snapshot: async () => {
      const snapshot = await snapshotOf();
      heldMs = snapshot.heldMs;
      return snapshot;
    },
  };
  const service = new BackupService({ env, database: measured, log, key });
  started = performance.now();
  const backup = await service.backup('manual');
  const backupMs = ms(started);
  const tarBytes = (await import('@server/backups/archive')).unpackBackup;
  const { manifest } = await tarBytes(fs.readFileSync(backup.file), { key });
  await database.close();
  started = performance.now();
  await verifyBackup(backup.file, { secretKey: key.toString('base64'), dataDir });
  const verifyMs = ms(started);
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-backup-bench-restore-'));
  started = performance.now();
  await restoreBackup({
    file: backup.file,
    dataDir: target,
    secretKey: key.toString('base64'),
    forceNewKey: false,
    print: () => {},
  });
  const restoreMs = ms(started);
  fs.rmSync(target, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      orders: manifest.tables['public.order_legs']?.rows,
      trades: manifest.tables['public.trades']?.rows,
      databaseBytes: manifest.data.bytes,
      backupBytes: backup.size,
      seedMs,
      backupMs,
      heldMs,
      verifyMs,
      restoreMs,
      loadavg: os.loadavg().map((l) => l.toFixed(1)),
    }),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
