/**
 * npm run test:security:browser: the stored-XSS specs (tests/security/*.spec.ts) in Debian's
 * Chromium against the built app and a real server, with the e2e fixtures and launch options.
 */
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

export default defineConfig({
  testDir: 'tests/security',
  testMatch: '*.spec.ts',
  globalSetup: './tests/security/support/browser-global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // One server, one seeded data set: the specs run in order.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: e2e.reporter,
  use: e2e.use,
});
