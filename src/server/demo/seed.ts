/**
 * Demo content for a brand-new database (see content.ts), written in one transaction and only when
 * the database has no users at all. Prints the two logins once.
 */
import { randomBytes } from 'node:crypto';
import { addMonths, format, startOfMonth, subDays, subMonths } from 'date-fns';
import { count, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import {
  accounts,
  algos,
  algoSubscriptions,
  members,
  signals,
  tradeEntries,
  tradeExits,
  trades,
  users,
} from '../db/schema';
import { readEquityList } from '../instruments/equity-list';
import { createUser } from '../services/users';
import {
  DEMO_ACCOUNT,
  DEMO_ADMIN_NAME,
  DEMO_ALGOS,
  DEMO_MEMBER,
  DEMO_SIGNALS,
  DEMO_SUBSCRIPTIONS,
  type AlgoKey,
} from './content';
import { seedAdminDemo } from './admin-content';
import { demoLogins, loginBox, type DemoLogin } from './credentials';
import { seedSignalStories, type SeededSignal } from './signal-story';
import { demoClock, orderNumbers, signalRow, tradeRows } from './trade-rows';

export type SeedDeps = Pick<AppDeps, 'db' | 'env' | 'log' | 'secrets'>;
export type SeedResult = { seeded: false } | { seeded: true; member: DemoLogin; admin: DemoLogin };

/** Serialises concurrent seeders (replicas starting together on one PostgreSQL). */
const SEED_LOCK_KEY = 0x7472_6162;

export async function seedDemoIfEmpty(deps: SeedDeps, opts: { print: (line: string) => void }): Promise<SeedResult> {
  const logins = demoLogins(deps.env);
  const clock = demoClock(new Date());
  const nextOrder = orderNumbers();

  const seeded = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if (existing!.n > 0) return false;

    const algoIds = {} as Record<AlgoKey, number>;
    for (const key of ['swing', 'intraday'] as const) {
      const [algo] = await tx
        .insert(algos)
        .values({ algo_desc: DEMO_ALGOS[key].desc, algo_switch: DEMO_ALGOS[key].on })
        .returning({ id: algos.algo_id });
      algoIds[key] = algo!.id;
    }

    const activation = startOfMonth(subMonths(clock.now, DEMO_MEMBER.activeForMonths));
    const [member] = await tx
      .insert(members)
      .values({
        name: DEMO_MEMBER.name,
        phone_no: DEMO_MEMBER.phone_no,
        email_id: logins.member.email,
        activation_date: format(activation, 'yyyy-MM-dd'),
        expiry_date: format(subDays(addMonths(activation, 12), 1), 'yyyy-MM-dd'),
      })
      .returning({ id: members.trabot_client_id });

    const [account] = await tx
      .insert(accounts)
      .values({
        trabot_client_id: member!.id,
        account_status: 'active',
        ...DEMO_ACCOUNT,
        // A broker session token of the usual shape; random, so no two installs share one.
        broker_access_key_enc: deps.secrets.encrypt(randomBytes(16).toString('hex')),
        access_key_valid: true,
        access_key_updated_timestamp: clock.at(0, '08:05') < clock.now ? clock.at(0, '08:05') : clock.at(1, '08:05'),
      })
      .returning({ id: accounts.trabot_account_id });
    const accountId = account!.id;

    for (const key of ['swing', 'intraday'] as const) {
      await tx
        .insert(algoSubscriptions)
        .values({ algo_id: algoIds[key], trabot_account_id: accountId, ...DEMO_SUBSCRIPTIONS[key] });
    }

    const listed = new Map(readEquityList().map((equity) => [equity.symbol, equity.series]));
    const stories: SeededSignal[] = [];
    for (const demo of DEMO_SIGNALS) {
      const algoId = algoIds[demo.algo];
      const series = listed.get(demo.symbol);
      if (!series) throw new Error(`The demo's ${demo.symbol} is not in NSE's equity list`);
      const [signal] = await tx
        .insert(signals)
        .values(signalRow(demo, algoId, series, clock))
        .returning({ id: signals.signal_id });
      const rows = tradeRows(demo, { accountId, algoId, signalId: signal!.id }, clock, nextOrder);
      const [trade] = await tx.insert(trades).values(rows.trade).returning({ id: trades.trabot_trade_id });
      const tradeId = trade!.id;
      if (rows.entries.length)
        await tx.insert(tradeEntries).values(rows.entries.map((e) => ({ ...e, trabot_trade_id: tradeId })));
      if (rows.exits.length)
        await tx.insert(tradeExits).values(rows.exits.map((e) => ({ ...e, trabot_trade_id: tradeId })));
      stories.push({ demo, signalId: signal!.id, tradeId, accountId, rows });
    }

    await seedAdminDemo(tx, deps, { accountId, clock });

    const { member: memberLogin, admin } = logins;
    await createUser(tx, {
      email: memberLogin.email,
      password: memberLogin.password,
      role: 'member',
      name: DEMO_MEMBER.name,
      memberId: member!.id,
      accountId,
    });
    const adminUser = await createUser(tx, {
      email: admin.email,
      password: admin.password,
      role: 'superadmin',
      name: DEMO_ADMIN_NAME,
    });
    await seedSignalStories(tx, stories, { id: adminUser.id, name: DEMO_ADMIN_NAME }, clock);
    return true;
  });

  if (!seeded) return { seeded: false };
  deps.log.info({ member: logins.member.email, admin: logins.admin.email }, 'demo data seeded');
  for (const line of loginBox(logins, `http://localhost:${deps.env.PORT}`)) opts.print(line);
  return { seeded: true, ...logins };
}
