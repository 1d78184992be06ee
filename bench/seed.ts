/**
 * Bench-only seeding, run in its own process before the server starts (PGlite admits one process):
 * migrations, the demo data with the DEMO_* logins, trades on the demo member's account up to
 * BENCH_TRADES in all (set by bench/server.ts; 0 leaves the demo's own) and BENCH_SESSIONS sessions
 * for that member. Prints `{ "tokens": [...], "accountId": ... }` as its last line.
 */
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { createSession } from '@server/auth/sessions';
import { createSecretBox, loadSecretKey } from '@server/security/crypto';
import { openDatabase } from '@server/db/open';
import { tradeEntries, trades, users } from '@server/db/schema';
import { seedDemoIfEmpty } from '@server/demo/seed';
import { parseEnv } from '@server/config/env';
import { createLogger } from '@server/lib/logger';
import { TRADE_STATUSES } from '@shared/constants';

const tradesWanted = Number(process.env.BENCH_TRADES ?? 0);
export const BENCH_SESSIONS = 50;
const BATCH = 250;
const SYMBOLS = ['TATAMOTORS', 'INFY', 'RELIANCE', 'HDFCBANK', 'SBIN', 'ITC', 'LT', 'TCS'];

function tradeRow(accountId: number, i: number): typeof trades.$inferInsert {
  const day = new Date(Date.UTC(2026, 10, 20) - (i % 250) * 86_400_000).toISOString().slice(0, 10);
  const price = 100 + ((i * 37) % 900);
  const quantity = 10 + (i % 40);
  return {
    trabot_account_id: accountId,
    trade_type: i % 2 ? 'swing' : 'intraday',
    trade_instrument: SYMBOLS[i % SYMBOLS.length]!,
    trade_date: day,
    trade_status: TRADE_STATUSES[i % TRADE_STATUSES.length]!,
    trade_quantity: quantity,
    trade_direction: i % 3 ? 'long' : 'short',
    avg_entry_price: price,
    remaining_quantity: quantity,
    ltp: price + 1.5,
    current_mtm: quantity * 1.5,
    trade_risk: price * 0.02 * quantity,
  };
}

async function main() {
  const env = parseEnv();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const log = createLogger({ level: 'silent' });
  const database = await openDatabase(env, log);
  try {
    await database.migrate();
    const { db } = database;
    const secrets = createSecretBox(loadSecretKey(env.SECRET_KEY, env.DATA_DIR));
    await seedDemoIfEmpty({ db, env, log, secrets }, { print: () => {} });

    const email = env.DEMO_MEMBER_EMAIL ?? 'member@trabot.example';
    const [member] = await db
      .select({ id: users.id, accountId: users.account_id })
      .from(users)
      .where(eq(users.email, email));
    if (!member?.accountId) throw new Error(`No demo member ${email} with an account in this database`);
    const accountId = member.accountId;

    const [existing] = await db.select({ n: count() }).from(trades).where(eq(trades.trabot_account_id, accountId));
    const missing = tradesWanted - existing!.n;
    for (let start = 0; start < missing; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, missing - start) }, (_, k) => tradeRow(accountId, start + k));
      const inserted = await db
        .insert(trades)
        .values(rows)
        .returning({ id: trades.trabot_trade_id, quantity: trades.trade_quantity, price: trades.avg_entry_price });
      await db.insert(tradeEntries).values(
        inserted.map((t) => ({
          trabot_trade_id: t.id,
          trade_entry_sequence: 1,
          trade_entry_quantity: t.quantity,
          trade_entry_price: t.price ?? 0,
        })),
      );
    }
    // One session per load connection: the session checks of a run are not all for one token.
    const tokens: string[] = [];
    for (let i = 0; i < BENCH_SESSIONS; i++) tokens.push(await createSession(db, member.id));
    console.log(JSON.stringify({ tokens, accountId }));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
