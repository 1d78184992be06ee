/**
 * Operator commands (`npm run cli -- <command>`): create logins, migrate, seed the demo. Opens the
 * database like the server does, so the embedded folder's lock applies.
 * Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createUserSchema, type CreateUserInput } from '@shared/schemas/users';
import { createSecretBox, loadSecretKey } from './crypto';
import { makeDataDirPrivate } from './data-dir';
import type { Database } from './db/client';
import { openDatabase, pgliteDir } from './db/open';
import { seedDemoIfEmpty } from './demo/seed';
import { parseEnv, type Env } from './env';
import { createLogger, type Logger } from './logger';
import { MAX_UNZIPPED_BYTES, parseBhavCopy } from './instruments/bhav-copy';
import { ensureInstrumentList, importBhavCopy } from './services/instruments';
import { createUser } from './services/users';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user create --email E --password P --role member|superadmin
              [--name N] [--member-id ID] [--account-id ID]
      Create a login. A member login without ids gets a new member record and an
      empty account of its own; --member-id joins an existing member (and its first
      account), --account-id a given account (which must belong to that member).
      A superadmin belongs to no member unless ids are given.
  db migrate
      Apply pending database migrations (the server also does this when it starts).
  demo seed
      Fill an empty database with the demo content and print its logins. Refused
      when the database already has users.
  instruments import <file>
      Update the instrument list (the Add Signal picker) from an NSE bhavcopy: the
      legacy CSV (SYMBOL,SERIES,OPEN,...) or the UDiFF CSV (TradDt,BizDt,Sgmt,...),
      plain or zipped. Prices of a later day already stored are kept.

Options:
  -h, --help  Show this help.

The database is the one the server uses: DATABASE_URL (PostgreSQL) when set, else
the embedded database in DATA_DIR (default ./data). Only one process may open an
embedded database: stop the server before running a command against it.

Exit codes: 0 done, 1 failed, 2 bad usage.`;

class UsageError extends Error {}

type Command =
  | { kind: 'help' }
  | { kind: 'user create'; input: CreateUserInput }
  | { kind: 'db migrate' }
  | { kind: 'demo seed' }
  | { kind: 'instruments import'; file: string };

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  'member-id': { type: 'string' },
  'account-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USER_OPTIONS = ['email', 'password', 'role', 'name', 'member-id', 'account-id'] as const;

/** "12" -> 12; anything else goes to the schema as is, which names the field in its message. */
const asId = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : value);

function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    // Node's own wording goes on to explain `--` for positionals: its first sentence is enough.
    throw new UsageError(`${(err as Error).message.split('. ')[0]}.`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const name = positionals.join(' ');
  if (name === '') throw new UsageError('No command given.');

  if (name === 'user create') {
    const input = {
      email: values.email,
      password: values.password,
      role: values.role,
      name: values.name,
      memberId: asId(values['member-id']),
      accountId: asId(values['account-id']),
    };
    const checked = createUserSchema.safeParse(input);
    if (!checked.success) {
      const problems = checked.error.issues.map((issue) => {
        const flag = { memberId: 'member-id', accountId: 'account-id' }[String(issue.path[0])] ?? String(issue.path[0]);
        const given = (values as Record<string, unknown>)[flag];
        return given === undefined ? `--${flag} is required` : `--${flag}: ${issue.message}`;
      });
      throw new UsageError(problems.join('\n'));
    }
    return { kind: 'user create', input: checked.data };
  }

  const stray = USER_OPTIONS.find((option) => values[option] !== undefined);
  if (stray) throw new UsageError(`--${stray} only applies to "user create".`);
  if (name === 'db migrate') return { kind: 'db migrate' };
  if (name === 'demo seed') return { kind: 'demo seed' };
  if (positionals[0] === 'instruments' && positionals[1] === 'import') {
    if (positionals.length !== 3) throw new UsageError('"instruments import" takes one file: npm run cli -- instruments import <file>');
    return { kind: 'instruments import', file: positionals[2]! };
  }
  throw new UsageError(`Unknown command "${name}".`);
}

async function run(command: Exclude<Command, { kind: 'help' }>, env: Env, log: Logger, database: Database): Promise<number> {
  await database.migrate();
  const where = env.DATABASE_URL ? `PostgreSQL at ${new URL(env.DATABASE_URL).host}` : `the embedded database in ${pgliteDir(env.DATA_DIR)}`;

  switch (command.kind) {
    case 'db migrate':
      console.log(`Migrations applied: ${where} is up to date.`);
      return 0;

    case 'user create': {
      const user = await createUser(database.db, command.input);
      log.info({ userId: user.id, role: user.role, memberId: user.member_id, accountId: user.account_id }, 'user created from the CLI');
      const owner = user.member_id === null ? '' : ` for member ${user.member_id}${user.account_id === null ? ' (no account)' : `, account ${user.account_id}`}`;
      console.log(`Created ${user.role} user ${user.id} <${user.email}>${owner}.`);
      return 0;
    }

    case 'instruments import': {
      if (!fs.existsSync(command.file)) throw new Error(`No such file: ${command.file}`);
      const size = fs.statSync(command.file).size;
      if (size > MAX_UNZIPPED_BYTES) throw new Error(`${command.file} is larger than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB: not a bhavcopy`);
      const copy = parseBhavCopy(new Uint8Array(fs.readFileSync(command.file)));
      // On a database the server never started, NSE's equity list (names, ISINs) comes first.
      await ensureInstrumentList(database.db);
      const imported = await importBhavCopy(database.db, copy);
      log.info({ file: command.file, format: copy.format, date: copy.date, rows: copy.rows.length, imported }, 'bhavcopy imported from the CLI');
      console.log(`Imported ${imported} of ${copy.rows.length} instruments from the ${copy.format} bhavcopy of ${copy.date}.`);
      return 0;
    }

    case 'demo seed': {
      const secrets = createSecretBox(loadSecretKey(env.SECRET_KEY, env.DATA_DIR));
      const result = await seedDemoIfEmpty({ db: database.db, env, log, secrets }, { print: (line) => console.log(line) });
      if (result.seeded) return 0;
      console.error(`Not seeded: ${where} already has users. The demo only fills a database without any.`);
      return 1;
    }
  }
}

function fail(message: string, code: number): number {
  console.error(message);
  return code;
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (err) {
    if (err instanceof UsageError) return fail(`${err.message}\n\n${USAGE}`, 2);
    throw err;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }

  const env = parseEnv();
  makeDataDirPrivate(env.DATA_DIR);
  // Log lines go to the data folder's log file only: the terminal gets plain sentences.
  const log = createLogger({ level: env.LOG_LEVEL, dataDir: env.DATA_DIR, stdout: false });
  const database = await openDatabase(env, log);

  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`Interrupted (${signal}); closing the database.`);
    void database.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await run(command, env, log, database);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await database.close();
  }
}

/** The message, and the underlying cause's (a failed query wraps the driver's error). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : '';
  return cause && !err.message.includes(cause) ? `${err.message}: ${cause}` : err.message;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.exitCode = fail(`Error: ${describe(err)}`, 1);
  },
);
