/**
 * Writes docs/decisions/README.md, the index of the decision records, from the records' own headers:
 * each docs/decisions/YYYY-MM-DD-short-title.md starts with `# Title`, a blank line, then
 * `Date: YYYY-MM-DD · Area: <area>`. Records are grouped by area (the areas below first, in this
 * order, then any other area alphabetically) and listed by date, then file name.
 *
 *   node scripts/decisions-index.mjs          rewrite the index
 *   node scripts/decisions-index.mjs --check  exit 1 if the index is not what this script writes
 *                                             (npm test's lint lane runs this)
 *
 * A record whose name or header is malformed, or whose date differs from its file name's, is an error.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'docs', 'decisions');
const indexFile = path.join(dir, 'README.md');

/** The areas in reading order: the public site first, then the member's and the admin's, then the machinery. */
const AREA_ORDER = [
  'Public site and forms',
  'Sign-in, sessions and captcha',
  'API rules and security',
  "The member's app",
  'Offline and an unreachable server',
  'Super-admin area',
  'Signals and approvals',
  'Push notifications',
  'Execution engine',
  'Brokers: Keys and the daily login',
  'Brokers: Live or paper',
  'Brokers: Zerodha (Kite)',
  'Brokers: Fyers',
  'Brokers: Upstox',
  'Brokers: Angel One',
  'Brokers: Dhan',
  'Operations and data',
  'Page loading and performance',
  'Measuring and tests',
  'Code layout',
  'House habits',
];

const NAME = /^(\d{4}-\d{2}-\d{2})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const HEADER = /^# (.+)\n\nDate: (\d{4}-\d{2}-\d{2}) · Area: (.+)\n/;

/** Reads every record's header; throws one error naming every malformed record. */
export function readRecords(folder = dir) {
  const problems = [];
  const records = [];
  for (const file of readdirSync(folder).sort()) {
    if (file === 'README.md' || !file.endsWith('.md')) continue;
    const name = NAME.exec(file);
    if (!name) {
      problems.push(`${file}: the name is not YYYY-MM-DD-short-title.md (lower case, digits and hyphens)`);
      continue;
    }
    const header = HEADER.exec(readFileSync(path.join(folder, file), 'utf8'));
    if (!header) {
      problems.push(`${file}: does not start with "# Title", a blank line, then "Date: YYYY-MM-DD · Area: <area>"`);
      continue;
    }
    const [, title, date, area] = header;
    if (date !== name[1]) problems.push(`${file}: the header's date ${date} is not the file name's ${name[1]}`);
    records.push({ file, title: title.trim(), date, area: area.trim() });
  }
  if (problems.length) throw new Error(`Malformed decision records in docs/decisions/:\n${problems.join('\n')}`);
  return records;
}

export function renderIndex(records) {
  const byArea = new Map();
  for (const record of records) {
    if (!byArea.has(record.area)) byArea.set(record.area, []);
    byArea.get(record.area).push(record);
  }
  const rank = (area) => (AREA_ORDER.includes(area) ? AREA_ORDER.indexOf(area) : AREA_ORDER.length);
  const areas = [...byArea.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const lines = [
    '# Decisions',
    '',
    "<!-- Written by scripts/decisions-index.mjs from the records' headers: do not edit by hand. -->",
    '',
    'Where the product specification is silent or says "not shown", what we decided and why: one',
    'file per decision, named by the date it was taken. Measurements (how fast, how each figure is',
    'taken) are in [../performance.md](../performance.md); the names the spec and the code use are in',
    '[../glossary.md](../glossary.md).',
    '',
    '## Adding a decision',
    '',
    "1. Create `docs/decisions/YYYY-MM-DD-short-title.md` (today's date, a few lower-case words):",
    '',
    '   ```markdown',
    '   # Short title',
    '',
    '   Date: YYYY-MM-DD · Area: <one of the areas below, or a new one>',
    '',
    '   What was decided, why, and the source of any outside rule (page, client-library version).',
    '   ```',
    '',
    '2. Run `npm run decisions:index` (`node scripts/decisions-index.mjs`) to rewrite this index, and commit both.',
    '   `npm test` fails while the index is out of date.',
    '3. A decision that changes is edited in its own file (its date stays the day it was first taken;',
    '   say in the text what changed and when); one that no longer holds is deleted.',
    '',
    `## By area (${records.length} decisions)`,
    '',
  ];
  for (const area of areas) {
    lines.push(`- [${area}](#${anchor(area)})`);
  }
  for (const area of areas) {
    lines.push('', `### ${area}`, '');
    const list = byArea.get(area).sort((a, b) => a.date.localeCompare(b.date) || a.file.localeCompare(b.file));
    for (const record of list) lines.push(`- [${record.title}](${record.file}) (${record.date})`);
  }
  return `${lines.join('\n')}\n`;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading) {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let expected;
  try {
    expected = renderIndex(readRecords());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (process.argv.includes('--check')) {
    const current = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
    if (current !== expected) {
      console.error('docs/decisions/README.md is out of date: run `node scripts/decisions-index.mjs` and commit it.');
      process.exit(1);
    }
  } else {
    writeFileSync(indexFile, expected);
    console.log(
      `docs/decisions/README.md: ${expected.split('\n').filter((l) => l.startsWith('- [') && l.includes('.md)')).length} decisions`,
    );
  }
}
