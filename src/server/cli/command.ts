/** The CLI's command line: its usage text and the parsed command (no database, no I/O). */
import { parseArgs } from 'node:util';
import { createUserSchema, type CreateUserInput } from '@shared/schemas/users';

export const USAGE = `Usage: npm run cli -- <command> [options]

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
  backup restore <file> [--data-dir DIR] [--key-file F] [--accept-unauthenticated]
                 [--force-new-key]
      Restore a backup of the embedded database into DIR (default DATA_DIR), whose
      pglite/ folder must be empty or absent. A backup is encrypted and signed
      with the secret key DIR would use (SECRET_KEY, --key-file, or DIR/secret.key):
      refused, before anything is loaded, when its signature does not match that
      key (made with another key, or altered), when the file does not match its
      checksum or manifest, and while a server holds DIR.
      --accept-unauthenticated reads a format-1 backup (older Trabot: neither
      signed nor encrypted); --force-new-key restores such a backup with a new key
      (its broker secrets become unreadable).
  backup verify <file> [--key-file F] [--accept-unauthenticated]
      Check a backup's signature with the secret key (SECRET_KEY, --key-file, or
      DATA_DIR/secret.key), restore it into a temporary folder and check every
      table's row count and checksum against its manifest; nothing else is touched.

Options:
  -h, --help  Show this help.

The database is the one the server uses: DATABASE_URL (PostgreSQL) when set, else
the embedded database in DATA_DIR (default ./data). Only one process may open an
embedded database: stop the server before running a command against it.

Exit codes: 0 done, 1 failed, 2 bad usage.`;

export class UsageError extends Error {}

export type Command =
  | { kind: 'help' }
  | { kind: 'user create'; input: CreateUserInput }
  | { kind: 'db migrate' }
  | { kind: 'demo seed' }
  | { kind: 'instruments import'; file: string }
  | {
      kind: 'backup restore';
      file: string;
      dataDir?: string;
      keyFile?: string;
      forceNewKey: boolean;
      acceptUnauthenticated: boolean;
    }
  | { kind: 'backup verify'; file: string; keyFile?: string; acceptUnauthenticated: boolean };

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  'member-id': { type: 'string' },
  'account-id': { type: 'string' },
  'data-dir': { type: 'string' },
  'key-file': { type: 'string' },
  'force-new-key': { type: 'boolean' },
  'accept-unauthenticated': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USER_OPTIONS = ['email', 'password', 'role', 'name', 'member-id', 'account-id'] as const;
const RESTORE_OPTIONS = ['data-dir', 'force-new-key'] as const;
const BACKUP_FILE_OPTIONS = ['key-file', 'accept-unauthenticated'] as const;

/** "12" -> 12; anything else goes to the schema as is, which names the field in its message. */
const asId = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : value);

export function parseCommand(argv: string[]): Command {
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
  if (positionals[0] === 'backup' && positionals[1] === 'restore') {
    if (positionals.length !== 3)
      throw new UsageError('"backup restore" takes one file: npm run cli -- backup restore <file> [--data-dir DIR]');
    return {
      kind: 'backup restore',
      file: positionals[2]!,
      dataDir: values['data-dir'],
      keyFile: values['key-file'],
      forceNewKey: values['force-new-key'] === true,
      acceptUnauthenticated: values['accept-unauthenticated'] === true,
    };
  }
  const strayRestore = RESTORE_OPTIONS.find((option) => values[option] !== undefined);
  if (strayRestore) throw new UsageError(`--${strayRestore} only applies to "backup restore".`);
  if (positionals[0] === 'backup' && positionals[1] === 'verify') {
    if (positionals.length !== 3)
      throw new UsageError('"backup verify" takes one file: npm run cli -- backup verify <file>');
    return {
      kind: 'backup verify',
      file: positionals[2]!,
      keyFile: values['key-file'],
      acceptUnauthenticated: values['accept-unauthenticated'] === true,
    };
  }
  const strayBackup = BACKUP_FILE_OPTIONS.find((option) => values[option] !== undefined);
  if (strayBackup) throw new UsageError(`--${strayBackup} only applies to "backup restore" and "backup verify".`);
  if (name === 'db migrate') return { kind: 'db migrate' };
  if (name === 'demo seed') return { kind: 'demo seed' };
  if (positionals[0] === 'instruments' && positionals[1] === 'import') {
    if (positionals.length !== 3)
      throw new UsageError('"instruments import" takes one file: npm run cli -- instruments import <file>');
    return { kind: 'instruments import', file: positionals[2]! };
  }
  throw new UsageError(`Unknown command "${name}".`);
}
