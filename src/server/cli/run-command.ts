/** Runs a parsed CLI command against the server's database (opened, migrated and closed here). */
import fs from 'node:fs';
import { createSecretBox, loadSecretKey } from '../security/crypto';
import { makeDataDirPrivate } from '../config/data-dir';
import type { Database } from '../db/client';
import { openDatabase, pgliteDir } from '../db/open';
import { seedDemoIfEmpty } from '../demo/seed';
import { parseEnv, type Env } from '../config/env';
import { createLogger, type Logger } from '../lib/logger';
import { MAX_UNZIPPED_BYTES, parseBhavCopy, type BhavCopy } from '../instruments/bhav-copy';
import { ensureInstrumentList, importBhavCopy } from '../instruments/instrument-list';
import { createUser } from '../services/users';
import type { Command } from './command';

/** A command ready to run: a file to import already read and checked. */
type Ready =
  | Exclude<Command, { kind: 'help' | 'instruments import' | 'backup restore' | 'backup verify' }>
  | { kind: 'instruments import'; file: string; copy: BhavCopy };

function readBhavCopyFile(file: string): BhavCopy {
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw new Error(`No such file: ${file}`);
  if (size > MAX_UNZIPPED_BYTES)
    throw new Error(`${file} is larger than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB: not a bhavcopy`);
  return parseBhavCopy(new Uint8Array(fs.readFileSync(file)));
}

async function execute(command: Ready, env: Env, log: Logger, database: Database): Promise<number> {
  await database.migrate();
  const where = env.DATABASE_URL
    ? `PostgreSQL at ${new URL(env.DATABASE_URL).host}`
    : `the embedded database in ${pgliteDir(env.DATA_DIR)}`;

  switch (command.kind) {
    case 'db migrate':
      console.log(`Migrations applied: ${where} is up to date.`);
      return 0;

    case 'user create': {
      const user = await createUser(database.db, command.input);
      log.info(
        { userId: user.id, role: user.role, memberId: user.member_id, accountId: user.account_id },
        'user created from the CLI',
      );
      const owner =
        user.member_id === null
          ? ''
          : ` for member ${user.member_id}${user.account_id === null ? ' (no account)' : `, account ${user.account_id}`}`;
      console.log(`Created ${user.role} user ${user.id} <${user.email}>${owner}.`);
      return 0;
    }

    case 'instruments import': {
      const { copy } = command;
      // On a database the server never started, NSE's equity list (names, ISINs) comes first.
      await ensureInstrumentList(database.db);
      const imported = await importBhavCopy(database.db, copy);
      log.info(
        { file: command.file, format: copy.format, date: copy.date, rows: copy.rows.length, imported },
        'bhavcopy imported from the CLI',
      );
      console.log(
        `Imported ${imported} of ${copy.rows.length} instruments from the ${copy.format} bhavcopy of ${copy.date}.`,
      );
      return 0;
    }

    case 'demo seed': {
      const secrets = createSecretBox(loadSecretKey(env.SECRET_KEY, env.DATA_DIR));
      const result = await seedDemoIfEmpty(
        { db: database.db, env, log, secrets },
        { print: (line) => console.log(line) },
      );
      if (result.seeded) return 0;
      console.error(`Not seeded: ${where} already has users. The demo only fills a database without any.`);
      return 1;
    }
  }
}

/** Opens the database under the data folder's lock, runs the command, closes it (also on Ctrl+C). */
export async function runCommand(
  command: Exclude<Command, { kind: 'help' | 'backup restore' | 'backup verify' }>,
): Promise<number> {
  const env = parseEnv();
  makeDataDirPrivate(env.DATA_DIR);
  // Log lines go to the data folder's log file only: the terminal gets plain sentences.
  const log = createLogger({ level: env.LOG_LEVEL, dataDir: env.DATA_DIR, stdout: false });
  // A wrong file is refused before the database is opened (which needs the server stopped).
  const ready: Ready =
    command.kind === 'instruments import' ? { ...command, copy: readBhavCopyFile(command.file) } : command;
  const database = await openDatabase(env, log);

  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`Interrupted (${signal}); closing the database.`);
    void database.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await execute(ready, env, log, database);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await database.close();
  }
}
