import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './eslint-rules/feature-boundaries.js';
import statusDoors from './eslint-rules/status-doors.js';

/** The repository's own rules (eslint-rules/). */
const trabot = { rules: { 'feature-boundaries': featureBoundaries, 'status-doors': statusDoors } };

/** Three or more ../ in an import: the path aliases of tsconfig.base.json say it shorter. */
const DEEP_RELATIVE = {
  regex: '^(\\.\\./){3}',
  message:
    'Import through a path alias (@client/, @server/, @shared/, @tests/: tsconfig.base.json) instead of ../../../',
};

/**
 * The layers: src/shared is imported by both sides and imports neither; the client (browser) and
 * the server never import each other's code. (An import path that runs through a folder named
 * client or server is one of theirs: '../db/client' names a file, not the folder.)
 */
const layer = (files, folders, paths = [], patterns = []) => ({
  files,
  rules: {
    // One rule for every restricted import of these files (a later config's would replace it).
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          DEEP_RELATIVE,
          ...folders.map((folder) => ({
            group: [`**/${folder}/**`, `@${folder}/**`],
            message: `${files[0].split('/**')[0]} does not import ${folder} code (layers: eslint.config.js)`,
          })),
          ...patterns,
        ],
        paths,
      },
    ],
  },
});

/** Routes read and write through the services: no SQL of their own. */
const ROUTES_GO_THROUGH_SERVICES = {
  name: 'drizzle-orm',
  message: 'A route calls a service (src/server/services) instead of writing SQL (layers: eslint.config.js)',
};

/** A service refuses in the domain's terms (DomainError); the app's error handler picks the HTTP status. */
const SERVICES_KNOW_NO_HTTP = {
  group: ['**/http/api-errors'],
  importNames: ['ApiError', 'STATUS'],
  message: 'A service throws a DomainError (lib/domain-error.ts); app.ts maps its kind to the HTTP status',
};

/**
 * The Ionic controls the client imports from src/client/lib/ionic/ion-*.ts, never from
 * @ionic/react: its single module would bring every Ionic component into the first visit's bundle.
 */
const IONIC_CONTROLS_OF_THEIR_OWN = {
  name: '@ionic/react',
  importNames: [
    'IonButton',
    'IonCheckbox',
    'IonInput',
    'IonInputPasswordToggle',
    'IonRadio',
    'IonRadioGroup',
    'IonSelect',
    'IonSelectOption',
    'IonTextarea',
  ],
  allowTypeImports: true,
  message:
    "Import it from src/client/lib/ionic (ion-*.ts), which loads it with the chunk that uses it: @ionic/react's single module brings every Ionic component",
};

/** The files linted with type information (the rules that need it are listed below). */
const TYPED_FILES = ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.tmp',
      '.vitest',
      '**/test-results',
      'ci-results',
      'node_modules',
      'data',
      'src/client/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'bench/results',
      'bench/peer/openalgo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules. `project` rather than `projectService`: the project service gives each file
    // the tsconfig.json nearest to it, which here is the browser's; the server and its tests belong
    // to tsconfig.server.json, the bench, scripts and browser tests to tsconfig.node.json, which it
    // reaches only as default projects (at most 8 files, no ** globs). A file in two (src/shared) is
    // typed by the first that includes it.
    files: TYPED_FILES,
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.server.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  layer(['src/shared/**/*.{ts,tsx}'], ['client', 'server']),
  layer(['src/client/**/*.{ts,tsx}'], ['server'], [IONIC_CONTROLS_OF_THEIR_OWN]),
  layer(['src/server/**/*.{ts,tsx}'], ['client']),
  // The server's rooms: routes call the services; the engine and the services never import each
  // other; brokers, trading math and records are used by both and import neither.
  layer(['src/server/engine/**/*.ts'], ['client', 'services', 'routes']),
  layer(['src/server/services/**/*.ts'], ['client', 'engine', 'routes'], [], [SERVICES_KNOW_NO_HTTP]),
  layer(['src/server/routes/**/*.ts'], ['client', 'engine'], [ROUTES_GO_THROUGH_SERVICES]),
  layer(['src/server/{brokers,trading,records}/**/*.ts'], ['client', 'engine', 'services', 'routes']),
  // The writers of a status sit below the engine and the services, which both call them.
  layer(['src/server/states/**/*.ts'], ['client', 'engine', 'services', 'routes']),
  layer(['tests/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'], []),
  // A fake broker or service is written from that service's documented rules, never from Trabot's
  // code: a rule copied from src/ would pass on both sides however wrong it is.
  layer(['tests/support/fake-*.ts'], ['src', 'shared', 'server', 'client']),
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { trabot },
    rules: { 'trabot/feature-boundaries': 'error' },
  },
  {
    // One door for every status: trades, signals, order legs and protections move only through
    // src/server/states (tests set their fixtures' statuses by hand).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/states/**'],
    plugins: { trabot },
    rules: { 'trabot/status-doors': 'error' },
  },
  {
    // Money is rounded by one helper (trading/money.ts: round2, minorUnits), which drops binary
    // noise first: Math.round(1.005 * 100) / 100 gives 1, not 1.01.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/trading/money.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='Math'][callee.property.name='round'] > BinaryExpression[operator='*'][right.value=100]",
          message: 'Round money with round2 or minorUnits (src/server/trading/money.ts), not by hand',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
