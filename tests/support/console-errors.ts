/**
 * A test fails when anything calls console.error during it (tests/support/fail-on-console-error.ts,
 * a setup file of the unit, unit-dom, api, security and faults projects): React's warnings (act(),
 * keys, a caught render error), jsdom's "Not implemented" and the app's own error logs all go
 * through it. A test that expects an error says so, before the code that logs it runs:
 *
 *   expectConsoleError(/Offline/);
 *
 * Each call allows the console.error calls whose message (formatted like the console formats it,
 * an Error's stack included) matches the pattern, keeps them out of the output, and fails the test
 * if none was logged by its end.
 */
interface Expected {
  pattern: RegExp | string;
  seen: number;
}

interface ConsoleErrorState {
  expected: Expected[];
  unexpected: string[];
}

const STATE = Symbol.for('trabot.tests.console-errors');

export function consoleErrorState(): ConsoleErrorState {
  const holder = globalThis as { [STATE]?: ConsoleErrorState };
  holder[STATE] ??= { expected: [], unexpected: [] };
  return holder[STATE];
}

/** Allows, and requires, a console.error whose message matches `pattern` in the current test. */
export function expectConsoleError(pattern: RegExp | string): void {
  consoleErrorState().expected.push({ pattern, seen: 0 });
}

const matches = (pattern: RegExp | string, message: string) =>
  typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message);

/** Records one console.error call's message; true when it was expected (and so is not printed). */
export function recordConsoleError(message: string): boolean {
  const state = consoleErrorState();
  const expected = state.expected.find((e) => matches(e.pattern, message));
  if (expected) {
    expected.seen++;
    return true;
  }
  state.unexpected.push(message);
  return false;
}

/** What went wrong since the last check (unexpected errors, expected ones never logged); resets. */
export function takeConsoleErrorFindings(): string | undefined {
  const state = consoleErrorState();
  const problems: string[] = [];
  for (const message of state.unexpected) problems.push(`console.error was called:\n${indent(message)}`);
  for (const { pattern, seen } of state.expected) {
    if (seen === 0) problems.push(`expectConsoleError(${String(pattern)}): no console.error matched`);
  }
  state.unexpected = [];
  state.expected = [];
  if (!problems.length) return undefined;
  return `${problems.join('\n')}\n(A test that expects a console.error declares it with expectConsoleError(pattern) from tests/support/console-errors.ts.)`;
}

const indent = (text: string) =>
  text
    .split('\n')
    .slice(0, 40)
    .map((line) => `    ${line}`)
    .join('\n');
