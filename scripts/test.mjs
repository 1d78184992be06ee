/**
 * `npm test`: the unit and API tests (Vitest's unit, unit-dom, unit-dom-fresh-window and api projects) alongside the three
 * type checks and the lint (those one after another), rather than everything in sequence, so the
 * machine's cores share the work (docs/performance.md, "npm test"). One lane beside Vitest, not
 * five processes at once: tests that wait for a page or a child process get most of the CPU.
 * Each part's output is printed in one block when it ends, then a line per part; the exit code is
 * 1 when any part failed (a failed part does not stop the others). Arguments go to Vitest
 * (`npm test -- --reporter=json --outputFile=x.json --reporter=default`, as .ci/run does).
 * `npm run typecheck`, `npm run lint` and `npm run test:unit` / `test:api` still run one part.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (file) => path.join(root, 'node_modules', file);
const vitestArgs = process.argv.slice(2);

// Vitest's own default is one worker fewer than the cores (one on a 2-core machine), which leaves a
// core idle once the type checks and the lint are done; its main process mostly waits meanwhile.
const workers = vitestArgs.some((arg) => arg.startsWith('--maxWorkers'))
  ? []
  : [`--maxWorkers=${os.availableParallelism()}`];

/** Lanes run at the same time, the parts of a lane one after another. */
const LANES = [
  [
    {
      name: 'vitest (unit, unit-dom, api)',
      args: [
        bin('vitest/vitest.mjs'),
        'run',
        '--project',
        'unit',
        '--project',
        'unit-dom',
        '--project',
        'unit-dom-fresh-window',
        '--project',
        'api',
        ...workers,
        ...vitestArgs,
      ],
    },
  ],
  [
    { name: 'tsc -p tsconfig.json', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'] },
    {
      name: 'tsc -p tsconfig.server.json',
      args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.server.json', '--noEmit'],
    },
    { name: 'tsc -p tsconfig.node.json', args: [bin('typescript/bin/tsc'), '-p', 'tsconfig.node.json', '--noEmit'] },
    { name: 'eslint .', args: [bin('eslint/bin/eslint.js'), '.'] },
    { name: 'prettier --check .', args: [bin('prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'] },
    { name: 'decisions index', args: [path.join(root, 'scripts/decisions-index.mjs'), '--check'] },
  ],
];

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const children = new Set();

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

function run(part) {
  return new Promise((resolve) => {
    const output = [];
    const env = { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) };
    const child = spawn(process.execPath, part.args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (code, error) => {
      children.delete(child);
      const result = { ...part, code, elapsed: performance.now() - started };
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `\n=== ${part.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} at ${seconds(result.elapsed)} ===\n`,
      );
      if (text) process.stdout.write(`${text}\n`);
      if (error) process.stdout.write(`${error.stack ?? error}\n`);
      resolve(result);
    };
    child.on('error', (error) => finish(1, error));
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(parts) {
  const results = [];
  for (const part of parts) results.push(await run(part));
  return results;
}

process.stdout.write(
  `npm test (${os.availableParallelism()} cores): ${LANES.map((lane) => lane.map((part) => part.name).join(', then ')).join('; beside it ')}\n`,
);
const results = (await Promise.all(LANES.map(runLane))).flat();
process.stdout.write('\n=== npm test ===\n');
for (const result of results)
  process.stdout.write(`${result.code === 0 ? 'ok    ' : 'FAILED'} ${result.name} (${seconds(result.elapsed)})\n`);
const failed = results.filter((result) => result.code !== 0);
process.stdout.write(
  failed.length
    ? `${failed.length} of ${results.length} parts failed\n`
    : `all ${results.length} parts passed in ${seconds(performance.now() - started)}\n`,
);
process.exitCode = failed.length ? 1 : 0;
