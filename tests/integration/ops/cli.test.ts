/** The CLI as an operator runs it: a child process (tsx) against a temporary DATA_DIR. */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { holdLock } from './helpers';
import { childEnv, runTs, tempDir, type Finished, removeTempDirs } from '../../support/child-processes';

afterAll(removeTempDirs);

const cli = (args: string[], env: Record<string, string | undefined>) =>
  runTs('src/server/cli.ts', args, childEnv(env));
const noStack = (run: Finished) => expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('npm run cli', { timeout: 180_000 }, () => {
  it('prints its usage for --help (0) and for bad arguments (2), never a stack trace', async () => {
    const env = { DATA_DIR: tempDir() };
    const help = await cli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run cli -- <command>');
    for (const command of ['user create', 'db migrate', 'demo seed']) expect(help.stdout).toContain(command);

    const bad: [string[], string][] = [
      [[], 'No command given.'],
      [['frobnicate'], 'Unknown command "frobnicate".'],
      [['db', 'migrate', '--verbose'], "Unknown option '--verbose'."],
      [['db', 'migrate', '--email', 'a@b.co'], '--email only applies to "user create".'],
      [['user', 'create', '--email', 'a@b.co'], '--password is required\n--role is required'],
      [
        ['user', 'create', '--email', 'nope', '--password', 'short', '--role', 'owner', '--member-id', 'x1'],
        '--email: Enter a valid email',
      ],
    ];
    const runs = await Promise.all(bad.map(([args]) => cli(args, env)));
    runs.forEach((run, i) => {
      const [args, message] = bad[i]!;
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('Usage: npm run cli -- <command>');
      noStack(run);
    });
    expect(runs.at(-1)!.stderr).toContain('--password: Password must be at least 8 characters');
    expect(runs.at(-1)!.stderr).toContain('--role: Role must be one of: member, superadmin');
    expect(runs.at(-1)!.stderr).toContain('--member-id: Member ID must be a number');
  });

  // Embedded database only: the PostgreSQL pass (TEST_DATABASE_URL) runs the test at the end instead.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'migrates, creates logins, refuses duplicates and unknown ids, and seeds only an empty database',
    async () => {
      const env = { DATA_DIR: tempDir() };
      const migrate = await cli(['db', 'migrate'], env);
      expect(migrate.code).toBe(0);
      expect(migrate.stdout).toContain(
        `Migrations applied: the embedded database in ${env.DATA_DIR}/pglite is up to date.`,
      );

      // An empty database gets the demo, and its printed logins.
      const seeded = await cli(['demo', 'seed'], env);
      expect(seeded.code).toBe(0);
      expect(seeded.stdout).toContain('member@trabot.example');
      expect(seeded.stdout).toContain('admin@trabot.example');

      const member = await cli(
        [
          'user',
          'create',
          '--email',
          'Ravi@Example.com',
          '--password',
          'long enough',
          '--role',
          'member',
          '--name',
          'Ravi Kumar',
        ],
        env,
      );
      expect(member.code).toBe(0);
      expect(member.stdout).toMatch(/^Created member user 3 <Ravi@Example.com> for member 2, account 2\.\n$/);

      const admin = await cli(
        ['user', 'create', '--email', 'ops@example.com', '--password', 'long enough', '--role', 'superadmin'],
        env,
      );
      expect(admin.stdout).toBe('Created superadmin user 4 <ops@example.com>.\n');

      // One at a time: together they would meet each other's lock on the embedded database.
      const refusals: [string[], string][] = [
        [['--email', 'ravi@example.COM'], 'Error: A user with the email ravi@example.COM already exists'],
        [['--email', 'x@example.com', '--member-id', '99'], 'Error: Member 99 does not exist'],
        [
          ['--email', 'y@example.com', '--member-id', '1', '--account-id', '2'],
          'Error: Account 2 does not belong to member 1',
        ],
      ];
      for (const [args, message] of refusals) {
        const run = await cli(['user', 'create', '--password', 'long enough', '--role', 'member', ...args], env);
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(`${message}\n`);
      }

      const again = await cli(['demo', 'seed'], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already has users');
    },
  );

  it('says plainly that the server must be stopped while another process holds the embedded database', async () => {
    const dataDir = tempDir();
    const holder = await holdLock(dataDir);
    try {
      const run = await cli(['db', 'migrate'], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `Error: The embedded database in ${dataDir} is in use by another process (pid ${holder.child.pid}, hold-lock test fixture). ` +
          'Stop the server first (Ctrl+C), then run this command again.\n',
      );
    } finally {
      await holder.stop();
    }
  });

  it('reports a bad environment as an error (1)', async () => {
    const run = await cli(['db', 'migrate'], { DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid environment: PORT');
    noStack(run);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('works alongside a running server when DATABASE_URL is set', async () => {
    const { default: pg } = await import('pg');
    const name = `trabot_cli_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dataDir = tempDir();
    const holder = await holdLock(dataDir);
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
      const migrate = await cli(['db', 'migrate'], env);
      expect(migrate.stderr).toBe('');
      expect(migrate.stdout).toContain(`Migrations applied: PostgreSQL at ${url.host} is up to date.`);
      const created = await cli(
        ['user', 'create', '--email', 'pg@example.com', '--password', 'long enough', '--role', 'superadmin'],
        env,
      );
      expect(created.stdout).toBe('Created superadmin user 1 <pg@example.com>.\n');
    } finally {
      await holder.stop();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
