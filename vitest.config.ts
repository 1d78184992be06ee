import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

// Node 20 lacks Map.groupBy, which vitest 5's reporter calls when a test fails: without it a red
// run crashes before printing why. This config file runs in the reporter's process.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

// Every project: a test that calls console.error fails (expectConsoleError declares an expected one).
const setupFiles = ['./tests/support/fail-on-console-error.ts'];

// One migrated PGlite database per run, which createTestApp copies for each test file.
const pgliteTemplate = './tests/integration/helpers/pglite-template.ts';

// Unit tests run in Node unless they need a DOM: those that render (.tsx) and those of the browser
// client's plumbing (tests/unit/client). jsdom costs about a second per file, so pure logic
// (server, shared, a feature's lib) stays out of it.
const DOM_TESTS = ['tests/unit/**/*.test.tsx', 'tests/unit/client/**/*.test.ts'];

// @client/..., @server/..., @shared/..., @tests/...
const resolve = { alias: pathAliases };

// The DOM tests' files share a worker's window and modules (the setup file re-imports the app's
// modules for each file): a process and a jsdom per file were two thirds of their CPU. These need a
// window of their own: a custom element, once defined, stays defined in a window.
const FRESH_WINDOW_TESTS = ['tests/unit/client/captcha-widget.test.tsx'];

function unitDomProject(name: string, files: { include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    resolve: {
      // jsdom stands for a browser: Ionic's React wrappers (via @lit/react) must load their
      // browser build, whose node build renders for SSR and never passes props to elements.
      conditions: ['browser', 'module', 'import', 'default'],
      alias: {
        ...pathAliases,
        // vite-plugin-pwa's virtual module exists only in the Vite build.
        'virtual:pwa-register/react': fileURLToPath(
          new URL('./tests/unit/stubs/pwa-register-react.ts', import.meta.url),
        ),
      },
    },
    test: {
      name,
      environment: 'jsdom',
      ...files,
      setupFiles: [...setupFiles, './tests/unit/testing-library-setup.ts'],
      // Whole-route tests render Ionic in jsdom: generous on a loaded 2-core machine.
      testTimeout: 20_000,
      server: { deps: { inline: ['@stencil/react-output-target'] } },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: DOM_TESTS,
          // Pure logic: its files share a worker's modules (a process per file was 70 % of its CPU).
          isolate: false,
          setupFiles,
        },
      },
      unitDomProject('unit-dom', { include: DOM_TESTS, exclude: FRESH_WINDOW_TESTS, isolate: false }),
      unitDomProject('unit-dom-fresh-window', { include: FRESH_WINDOW_TESTS, isolate: true }),
      {
        resolve,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          // The files of a worker share its modules (each still has its own database and app):
          // re-importing the server for each of 53 files cost 90 of the project's 250 s of CPU.
          isolate: false,
          setupFiles,
          globalSetup: [pgliteTemplate],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // npm run test:security:api (not part of npm test)
        resolve,
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          setupFiles,
          globalSetup: [pgliteTemplate],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // npm run test:faults:server (not part of npm test): real server processes, kill -9, stopped PostgreSQL
        resolve,
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          setupFiles,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
