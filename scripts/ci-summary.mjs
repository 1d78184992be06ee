/**
 * Totals the CI steps recorded by .ci/run in a results folder and prints, as its last line,
 * "N passed, N failed". Each step leaves `<n>-<name>.exit` (its exit code) and possibly a test
 * report: `<n>-<name>.vitest.json` (vitest's json reporter) or `<n>-<name>.playwright.json`
 * (Playwright's). Tests are counted from the reports; a step that exited non-zero without a
 * failing test in its report (install, typecheck, lint, a crash before the tests ran) counts as
 * one failure, so a broken build can never print "0 failed". Each failed test is named under its
 * step (file, title, first line of the error) with the rest of its error and, for a browser test,
 * what the page showed when it failed (Playwright's page snapshot), both a few lines at most: the
 * tail of a CI log is often all that is kept of a run, and it must say what broke.
 * Usage: node scripts/ci-summary.mjs <results-folder>; exits 1 when anything failed.
 */
import fs from 'node:fs';
import path from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node scripts/ci-summary.mjs <results-folder>');
  process.exit(2);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** {passed, failed} from a step's report, or null when it left none (or an unreadable one). */
function reportCounts(base) {
  const vitest = readJson(`${base}.vitest.json`);
  if (vitest) return { passed: vitest.numPassedTests ?? 0, failed: vitest.numFailedTests ?? 0 };
  const playwright = readJson(`${base}.playwright.json`);
  if (playwright?.stats) {
    const { expected = 0, flaky = 0, unexpected = 0 } = playwright.stats;
    return { passed: expected + flaky, failed: unexpected };
  }
  return null;
}

const steps = fs
  .readdirSync(folder)
  .filter((name) => name.endsWith('.exit'))
  .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));

// eslint-disable-next-line no-control-regex -- terminal colour codes in the reporters' messages
const COLOUR_CODES = /\x1b\[[0-9;]*m/g;
const ERROR_LINES = 10;
const SNAPSHOT_LINES = 15;
const plainLines = (text) =>
  String(text ?? '')
    .replace(COLOUR_CODES, '')
    .split('\n')
    .map((line) => line.trimEnd().slice(0, 200))
    .filter((line) => line.trim() !== '');
const firstLine = (text) => plainLines(text)[0]?.trim() ?? '';

/** The error's lines after the first (no code frame: it is in the repository), then the page snapshot's. */
function failureDetails(message, contextFile) {
  const lines = plainLines(message)
    .slice(1)
    .filter((line) => !/^\s*(>\s*)?\d+ \||^\s*\|/.test(line))
    .slice(0, ERROR_LINES);
  const snapshot = pageLandmarks(contextFile);
  if (snapshot.length) lines.push('page at the failure (headings, alerts, dialogs):', ...snapshot);
  return lines.map((line) => `      ${line}`);
}

/** The headings, alerts, dialogs and status lines of Playwright's page snapshot (error-context.md). */
function pageLandmarks(file) {
  if (!file || !fs.existsSync(file)) return [];
  const yaml = /```yaml\n([\s\S]*?)```/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
  return plainLines(yaml)
    .filter((line) => /^\s*- (heading|alert|alertdialog|dialog|status)\b/.test(line))
    .map((line) => line.trim())
    .slice(0, SNAPSHOT_LINES);
}

/** "file > title: first line of the error", then its details, for each failed test in a step's report. */
function failedTests(base) {
  const vitest = readJson(`${base}.vitest.json`);
  if (vitest) {
    return (vitest.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) =>
          [
            `${path.relative(process.cwd(), file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
            ...failureDetails(test.failureMessages?.[0]),
          ].join('\n'),
        ),
    );
  }
  const playwright = readJson(`${base}.playwright.json`);
  const failed = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = test.results?.at(-1);
        failed.push(
          [
            `${spec.file ?? file} > ${spec.title}: ${firstLine(result?.error?.message)}`,
            ...failureDetails(
              result?.error?.message,
              result?.attachments?.find((attachment) => attachment.name === 'error-context')?.path,
            ),
          ].join('\n'),
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, suite.file);
  return failed;
}

let passed = 0;
let failed = 0;
for (const file of steps) {
  const base = path.join(folder, file.replace(/\.exit$/, ''));
  const name = path.basename(base).replace(/^\d+-/, '');
  const code = Number(fs.readFileSync(path.join(folder, file), 'utf8').trim());
  const counts = reportCounts(base) ?? { passed: 0, failed: 0 };
  // The step's own failure, when no test in its report explains it.
  const stepFailure = code !== 0 && counts.failed === 0 ? 1 : 0;
  passed += counts.passed;
  failed += counts.failed + stepFailure;
  const tests = reportCounts(base) ? `${counts.passed} passed, ${counts.failed} failed` : 'no tests';
  console.log(`  ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`}, ${tests}`);
  for (const test of failedTests(base)) console.log(`    failed: ${test}`);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
