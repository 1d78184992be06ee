/**
 * npm run test:faults:browser: the PWA in Debian's Chromium while its server is stopped and a new
 * build is deployed. The spec starts and stops its own servers (that is the point); the global
 * setup builds the client twice (tests/faults/support/build-clients.ts).
 */
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

export default defineConfig({
  testDir: 'tests/faults',
  testMatch: '**/*.spec.ts',
  // Not test-results/: other Playwright runs empty that folder when they start.
  outputDir: '.tmp/faults-results',
  globalSetup: './tests/faults/support/build-clients.ts',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: e2e.reporter,
  // The e2e browser: Debian's Chromium with service workers allowed.
  use: e2e.use,
});
