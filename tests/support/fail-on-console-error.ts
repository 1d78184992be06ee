/**
 * Setup file (vitest.config.ts): a test that calls console.error fails with the message logged,
 * unless it declared it with expectConsoleError (tests/support/console-errors.ts). A console.error
 * outside any test (at import, in afterAll, or after the file's last test) fails the file.
 */
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';
import { recordConsoleError, takeConsoleErrorFindings } from './console-errors';

// Once per worker: its test files share it (vitest.config.ts), and this file runs again for each.
const PATCHED = Symbol.for('trabot.tests.console-error-patched');
const holder = globalThis as { [PATCHED]?: true };
if (!holder[PATCHED]) {
  holder[PATCHED] = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    // As the console prints it, but an Error as its stack (React logs a caught error with %o).
    const [first, ...rest] = args.map((arg) => (arg instanceof Error && arg.stack ? arg.stack : arg));
    const message = format(typeof first === 'string' ? first.replace(/%[oO]/g, '%s') : first, ...rest);
    if (!recordConsoleError(message)) print(...args);
  };
}

// jsdom reports what it cannot do ("Not implemented: navigation to another Document") to its virtual
// console, which prints it with the worker's own console: route it through console.error instead.
interface JsdomError extends Error {
  type?: string;
  cause?: unknown;
}
const jsdom = (globalThis as { jsdom?: { virtualConsole: NodeJS.EventEmitter } }).jsdom;
if (jsdom) {
  jsdom.virtualConsole.removeAllListeners('jsdomError');
  jsdom.virtualConsole.on('jsdomError', (error: JsdomError) => {
    console.error(error.type === 'unhandled-exception' && error.cause instanceof Error ? error.cause : error.message);
  });
}

// Registered first, so it runs after the test file's own afterEach hooks (cleanup, unmount).
afterEach(() => {
  const findings = takeConsoleErrorFindings();
  if (findings) throw new Error(findings);
});

afterAll(() => {
  const findings = takeConsoleErrorFindings();
  if (findings) throw new Error(`Outside any test: ${findings}`);
});
