/** scripts/ci-summary.mjs: the tail of a CI log names each failure and what the page showed. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeTempDirs, ROOT, tempDir } from '@tests/support/child-processes';

const SCRIPT = path.join(ROOT, 'scripts', 'ci-summary.mjs');
afterEach(removeTempDirs);

function summarise(files: Record<string, string>) {
  const folder = tempDir('ci-summary-');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
  const run = spawnSync(process.execPath, [SCRIPT, folder], { encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trimEnd().split('\n') };
}

const ERROR = [
  '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m',
  '',
  "Locator: getByRole('heading', { name: 'Member Login' })",
  'Timeout: 10000ms',
  'Error: element(s) not found',
  '',
  '  26 |     const deepLink = "/dashboard";',
  '> 27 |     await expect(heading).toBeVisible();',
  '     |                           ^',
].join('\n');

const SNAPSHOT = [
  '# Error details',
  '```yaml',
  '- banner:',
  '  - link "Trabot home"',
  '- main:',
  '  - heading "Something went wrong" [level=1]',
  '  - alert: Failed to fetch dynamically imported module',
  '  - button "Try again"',
  '```',
].join('\n');

describe('ci-summary', () => {
  it("prints a failed browser test's error without its code frame, then the page's headings and alerts", () => {
    const context = path.join(tempDir('ci-summary-context-'), 'error-context.md');
    fs.writeFileSync(context, SNAPSHOT);
    const report = {
      stats: { expected: 3, unexpected: 1 },
      suites: [
        {
          file: 'guards.spec.ts',
          specs: [
            {
              title: 'signing in from a deep link',
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message: ERROR }, attachments: [{ name: 'error-context', path: context }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const { status, lines } = summarise({ '4-e2e.exit': '1', '4-e2e.playwright.json': JSON.stringify(report) });
    expect(status).toBe(1);
    expect(lines).toEqual([
      '  e2e: FAILED (exit 1), 3 passed, 1 failed',
      '    failed: guards.spec.ts > signing in from a deep link: Error: expect(locator).toBeVisible() failed',
      "      Locator: getByRole('heading', { name: 'Member Login' })",
      '      Timeout: 10000ms',
      '      Error: element(s) not found',
      '      page at the failure (headings, alerts, dialogs):',
      '      - heading "Something went wrong" [level=1]',
      '      - alert: Failed to fetch dynamically imported module',
      '3 passed, 1 failed',
    ]);
  });

  it('keeps a failed unit test to a few lines of its message', () => {
    const message = [
      'AssertionError: expected 1 to be 2',
      ...Array.from({ length: 30 }, (_, i) => `    at frame ${i}`),
    ];
    const report = {
      numPassedTests: 5,
      numFailedTests: 1,
      testResults: [
        {
          name: path.join(process.cwd(), 'tests/unit/x.test.ts'),
          assertionResults: [{ status: 'failed', fullName: 'x adds', failureMessages: [message.join('\n')] }],
        },
      ],
    };
    const { lines } = summarise({ '2-test.exit': '1', '2-test.vitest.json': JSON.stringify(report) });
    expect(lines[1]).toBe('    failed: tests/unit/x.test.ts > x adds: AssertionError: expected 1 to be 2');
    expect(lines.slice(2, -1)).toEqual(Array.from({ length: 10 }, (_, i) => `          at frame ${i}`));
    expect(lines.at(-1)).toBe('5 passed, 1 failed');
  });

  it('counts a step that failed without a report as one failure', () => {
    const { status, lines } = summarise({ '1-npm-ci.exit': '1' });
    expect(status).toBe(1);
    expect(lines).toEqual(['  npm-ci: FAILED (exit 1), no tests', '0 passed, 1 failed']);
  });
});
