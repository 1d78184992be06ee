/**
 * npm run test:faults:browser: the PWA in Debian's Chromium while its server is stopped and a new
 * build is deployed. The spec starts and stops its own servers (that is the point); the global
 * setup builds the client twice (tests/faults/support/build-clients.ts).
 */
import { defineConfig, devices } from '@playwright/test';

const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

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
  reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
