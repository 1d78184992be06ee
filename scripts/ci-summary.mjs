/**
 * Totals the CI steps recorded by .ci/run in a results folder and prints, as its last line,
 * "N passed, N failed". Each step leaves `<n>-<name>.exit` (its exit code) and possibly a test
 * report: `<n>-<name>.vitest.json` (vitest's json reporter) or `<n>-<name>.playwright.json`
 * (Playwright's). Tests are counted from the reports; a step that exited non-zero without a
 * failing test in its report (install, typecheck, lint, a crash before the tests ran) counts as
 * one failure, so a broken build can never print "0 failed". Each failed test is named under its
 * step (file, title, first line of the error), so the tail of a CI log says what broke.
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
const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOUR_CODES, '')
    .trim()
    .split('\n')[0]
    .slice(0, 200);

/** "file > title: first line of the error" for each failed test in a step's report. */
function failedTests(base) {
  const vitest = readJson(`${base}.vitest.json`);
  if (vitest) {
    return (vitest.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map(
          (test) =>
            `${path.relative(process.cwd(), file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        ),
    );
  }
  const playwright = readJson(`${base}.playwright.json`);
  const failed = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failed.push(`${spec.file ?? file} > ${spec.title}: ${firstLine(error)}`);
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
