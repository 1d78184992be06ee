/**
 * Operator commands (`npm run cli -- <command>`): create logins, migrate, seed the demo, restore and
 * verify backups. Opens the database like the server does, so the embedded folder's lock applies.
 * Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { parseCommand, USAGE, UsageError, type Command } from './cli/command';

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
  if (command.kind === 'backup restore' || command.kind === 'backup verify') {
    const { runBackupCommand } = await import('./cli/backup-command');
    return runBackupCommand(command);
  }
  // Loaded only for a command to run: help and usage errors answer without the database code.
  const { runCommand } = await import('./cli/run-command');
  return runCommand(command);
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
