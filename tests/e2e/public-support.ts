/**
 * Browser tests of the public forms against a server of their own, so that a test can read what a
 * submission stored. The server uses the embedded database in a temporary folder, which only one
 * process may open: `inDatabase` stops the server, opens that database in the test process, runs
 * the query and starts the server again on the same address (same origin: the page's storage and
 * service worker stay). The worker's database is seeded with an upcoming workshop and the demo logins.
 *
 * Also: driving a public form from its shared definition, the way a visitor does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { Db } from '@server/db/client';
import { openDatabase } from '@server/db/open';
import { workshops } from '@server/db/schema';
import { createLogger } from '@server/lib/logger';
import type { FieldDefinition, FormDefinition } from '@shared/forms/form-definition';
import { freePort, startServer, type ServerProcess } from '../support/real-server';
import { demoServerEnv } from './support/app-server';
import { test as base } from './support/fixtures';

export { expect };

/** The upcoming workshop every forms server has (the spec's four are all in the past). */
export const UPCOMING_WORKSHOP = {
  title: 'Reading Option Chains for Nifty Weekly Expiries',
  description:
    'Open interest, implied volatility and the put-call ratio on a live option chain, and what they do and do not tell you.',
  workshop_date: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
  time_label: '10:00AM IST',
  level: 'Intermediate' as const,
};

export interface FormsServer {
  url: string;
  /** Stops the server, runs `read` on its database, starts it again. */
  inDatabase<T>(read: (db: Db) => Promise<T>): Promise<T>;
}

/** Opens the stopped server's embedded database in `dataDir`, runs `run` on it, closes it. */
export async function withDatabase<T>(dataDir: string, run: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    { DATA_DIR: dataDir, DATABASE_URL: undefined },
    createLogger({ level: 'silent', stdout: false }),
  );
  try {
    await database.migrate();
    return await run(database.db);
  } finally {
    await database.close();
  }
}

/** The forms server on `port` (the same across restarts, so pages keep their URL). */
function startFormsServer(dataDir: string, port: number): Promise<ServerProcess> {
  // The demo logins, so that a test can look at submissions through the admin screens too. All
  // submissions come from 127.0.0.1: the per-IP limit is not what these tests exercise.
  return startServer({ port, output: 'show', env: demoServerEnv(dataDir, { PUBLIC_FORM_LIMIT_PER_IP: '100000' }) });
}

export const test = base.extend<object, { formsServer: FormsServer }>({
  formsServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'trabot-e2e-forms-'));
      const port = await freePort();
      await withDatabase(dataDir, (db) => db.insert(workshops).values(UPCOMING_WORKSHOP));
      let server = await startFormsServer(dataDir, port);
      await provide({
        url: `http://localhost:${port}`,
        async inDatabase(read) {
          await server.stop();
          try {
            return await withDatabase(dataDir, read);
          } finally {
            server = await startFormsServer(dataDir, port);
          }
        },
      });
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ formsServer }, provide) => provide(formsServer.url),
});

type Answers = Record<string, string | readonly string[]>;

/** The open form's modal (its content is slotted into ion-modal, outside the shadow dialog). */
export const formModal = (page: Page, title: string): Locator => page.locator('ion-modal').filter({ hasText: title });

const question = (modal: Locator, field: FieldDefinition) => modal.locator(`[data-field="${field.name}"]`);

export async function answer(
  page: Page,
  modal: Locator,
  field: FieldDefinition,
  value: string | readonly string[],
): Promise<void> {
  const box = question(modal, field);
  switch (field.kind) {
    case 'radio':
      if (value)
        await box
          .getByRole('radio', { name: field.options.find((o) => o.value === value)!.label, exact: true })
          .click();
      return;
    case 'select':
      if (!value) return;
      await box.locator('ion-select').click();
      await page
        .locator('ion-popover')
        .getByRole('radio', { name: field.options.find((o) => o.value === value)!.label, exact: true })
        .click();
      await expect(page.locator('ion-popover')).toHaveCount(0);
      return;
    case 'checkbox-multi':
      for (const v of value as readonly string[]) {
        await box.getByRole('checkbox', { name: field.options.find((o) => o.value === v)!.label, exact: true }).click();
      }
      return;
    case 'text':
    case 'email':
    case 'tel':
    case 'textarea':
      // By accessible name: a text area's <label> also holds Ionic's hidden copy of the text.
      await box.getByRole('textbox', { name: field.title, exact: true }).fill(value as string);
  }
}

interface StepRange {
  /** First step to answer (0-based), default 0. */
  from?: number;
  /** Step to stop before, default: after the last. */
  to?: number;
  submitLabel?: string;
}

/** Answers steps of the open form, pressing Next after each and `submitLabel` after the last one. */
export async function fillSteps(
  page: Page,
  modal: Locator,
  definition: FormDefinition,
  answers: Answers,
  range: StepRange = {},
) {
  const { from = 0, to = definition.steps.length, submitLabel = 'Submit' } = range;
  for (const [i, step] of definition.steps.entries()) {
    if (i < from || i >= to) continue;
    if (definition.steps.length > 1) await expect(modal.getByRole('heading', { level: 2 })).toContainText(step.title);
    for (const field of step.fields) await answer(page, modal, field, answers[field.name] ?? '');
    await modal.getByRole('button', { name: i === definition.steps.length - 1 ? submitLabel : 'Next' }).click();
  }
}

export const fillAndSubmit = (page: Page, modal: Locator, definition: FormDefinition, answers: Answers) =>
  fillSteps(page, modal, definition, answers);

export const toast = (page: Page, text: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByText(text, { exact: true });
