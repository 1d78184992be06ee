/**
 * `npm run bench`: builds the client when dist/client is missing (`--build` forces it), starts the
 * real server with bench data on PGlite (bundle, Lighthouse side by side with a peer unless
 * --no-lighthouse, the takeover of the prerendered pages; then with 1,000 trades, the trades page
 * and instrument picker timings in Chromium and the API load),
 * then on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (API load), then the
 * engine section on both (bench/engine.ts; `--engine` runs it alone), webhook-to-push delays
 * (bench/push.ts; `--push` alone), the fan-out to a live broker under its rate limits
 * (bench/live-broker.ts; `--live` alone), prints tables and writes
 * bench/results/latest.json. `--pages` stops after the bundle, Lighthouse and the takeover,
 * `--lighthouse` after the bundle and Lighthouse; `--takeover` measures the takeover alone.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { measureApiLoad } from './api-load';
import { measureBundle } from './bundle';
import { measureLighthouse } from './lighthouse';
import { PEER_PAGE, startPeerServer } from './peer';
import { benchLiveBrokers, liveBrokerTable } from './live-broker';
import { kiteFanOutFigure, orderLimitsLine } from './order-limits';
import { benchPnl, pnlTable } from './pnl';
import { benchEngine, ENGINE_SIZES } from './engine';
import { benchPush, pushTable } from './push';
import {
  apiTable,
  bundleTable,
  engineTable,
  lighthouseTable,
  machineInfo,
  takeoverTable,
  uiTable,
  writeResults,
  type BenchResults,
} from './report';
import { ROOT } from '../tests/support/child-processes';
import { startBenchServer } from './server';
import { measureTakeover } from './takeover';
import { measureUiTimings } from './ui-timings';

// CLIENT_DIR (also read by the server) lets a run measure a private build instead of dist/client.
const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR ?? path.join(ROOT, 'dist', 'client'));

function buildClientIfNeeded() {
  if (!process.argv.includes('--build') && fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    console.log(
      `Using the client build of ${fs.statSync(path.join(CLIENT_DIR, 'index.html')).mtime.toISOString()} (--build to rebuild)`,
    );
    return;
  }
  const built = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', CLIENT_DIR], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('vite build failed');
}

/** The engine's sizes: all of ENGINE_SIZES, or those given as `--accounts=1000,5000`. */
function engineSizes(): number[] {
  const flag = process.argv.find((a) => a.startsWith('--accounts='));
  if (!flag) return ENGINE_SIZES;
  const sizes = flag.slice('--accounts='.length).split(',').map(Number);
  if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`bad ${flag}`);
  return sizes;
}

/** The engine section: fan-out, ticks and the API meanwhile, for each size on each database. */
async function measureEngine(postgresUrl: string | undefined): Promise<NonNullable<BenchResults['engine']>> {
  const figures: NonNullable<BenchResults['engine']> = [];
  for (const kind of postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    for (const n of engineSizes()) figures.push(await benchEngine(kind, n, postgresUrl));
  }
  if (!postgresUrl)
    console.log('Engine on PostgreSQL skipped: set BENCH_DATABASE_URL (or run under scripts/with-postgres.sh)');
  return figures;
}

/** From a webhook signal to its push notification, on each database. */
async function measurePush(postgresUrl: string | undefined): Promise<NonNullable<BenchResults['push']>> {
  const figures: NonNullable<BenchResults['push']> = [await benchPush('pglite')];
  if (postgresUrl) figures.push(await benchPush('postgres', postgresUrl));
  return figures;
}

/** The P&L summary over 10,000 trades, on each database. */
async function measurePnl(postgresUrl: string | undefined): Promise<NonNullable<BenchResults['pnl']>> {
  const figures: NonNullable<BenchResults['pnl']> = [await benchPnl('pglite')];
  if (postgresUrl) figures.push(await benchPnl('postgres', postgresUrl));
  return figures;
}

async function main() {
  const results: BenchResults = { at: new Date().toISOString(), machine: machineInfo(), api: [] };
  console.log(
    `Machine: ${results.machine.cpus} x ${results.machine.cpuModel}, load ${results.machine.loadAverage1m}, Node ${results.machine.node}\n`,
  );
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // Computed, not measured (bench/order-limits.ts): printed on every run; --order-limits alone.
  results.orderLimits = kiteFanOutFigure();
  console.log(`${orderLimitsLine(results.orderLimits)}\n`);
  if (process.argv.includes('--order-limits')) return;
  // --engine: the engine section alone (no client build, no browser).
  if (process.argv.includes('--push')) {
    results.push = await measurePush(postgresUrl);
    console.log(`${pushTable(results.push)}\n`);
    console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
    return;
  }
  // --pnl: the member's P&L summary over 10,000 trades alone.
  if (process.argv.includes('--pnl')) {
    results.pnl = await measurePnl(postgresUrl);
    console.log(`${pnlTable(results.pnl)}\n`);
    console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
    return;
  }
  // --live: the fan-out to a live broker under its rate limits alone.
  if (process.argv.includes('--live')) {
    results.liveBroker = await benchLiveBrokers();
    console.log(`${liveBrokerTable(results.liveBroker)}\n`);
    console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
    return;
  }
  if (process.argv.includes('--engine')) {
    results.engine = await measureEngine(postgresUrl);
    console.log(`${engineTable(results.engine)}\n`);
    console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
    return;
  }
  buildClientIfNeeded();

  // The pages as a member sees them (the demo's own trades, 14), beside the peer (bench/peer.ts).
  const pages = await startBenchServer(undefined, { trades: 0 });
  const takeoverOnly = process.argv.includes('--takeover');
  try {
    if (!takeoverOnly) {
      results.bundle = await measureBundle(CLIENT_DIR, pages.url);
      console.log(`${bundleTable(results.bundle)}\n`);
    }
    if (!takeoverOnly && !process.argv.includes('--no-lighthouse')) {
      const peer = await startPeerServer();
      try {
        results.lighthouse = await measureLighthouse(pages.url, pages.cookie, {
          name: 'OpenAlgo',
          url: peer.url,
          path: PEER_PAGE,
        });
      } finally {
        await peer.stop();
      }
      console.log(`${lighthouseTable(results.lighthouse)}\n`);
    }
    // --lighthouse: the bundle and Lighthouse alone.
    if (process.argv.includes('--lighthouse')) {
      console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
      return;
    }
    results.takeover = await measureTakeover(pages.url);
    console.log(`${takeoverTable(results.takeover)}\n`);
  } finally {
    await pages.stop();
  }
  // --pages: the first-visit bundle, Lighthouse and the takeover alone; --takeover: the takeover alone.
  if (process.argv.includes('--pages') || takeoverOnly) {
    console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
    return;
  }

  // The API and the trades page's timings with 1,000 trades on the member's account.
  const pglite = await startBenchServer(undefined);
  try {
    results.ui = await measureUiTimings(pglite);
    console.log(`${uiTable(results.ui)}\n`);
    results.api.push({ database: 'pglite', endpoints: await measureApiLoad(pglite) });
  } finally {
    await pglite.stop();
  }

  if (postgresUrl) {
    const postgres = await startBenchServer(postgresUrl);
    try {
      results.api.push({ database: 'postgres', endpoints: await measureApiLoad(postgres) });
    } finally {
      await postgres.stop();
    }
  } else {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or run under scripts/with-postgres.sh)\n');
  }
  console.log(`${apiTable(results.api)}\n`);
  results.engine = await measureEngine(postgresUrl);
  console.log(`${engineTable(results.engine)}\n`);
  results.push = await measurePush(postgresUrl);
  console.log(`${pushTable(results.push)}\n`);
  results.liveBroker = await benchLiveBrokers();
  console.log(`${liveBrokerTable(results.liveBroker)}\n`);
  results.pnl = await measurePnl(postgresUrl);
  console.log(`${pnlTable(results.pnl)}\n`);
  console.log(`Results written to ${path.relative(ROOT, writeResults(ROOT, results))}`);
}

/** A failed query's message holds the whole statement and its parameters: megabytes for a batch. */
const MAX_ERROR_CHARS = 2_000;

main().catch((err: unknown) => {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  console.error(
    text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}... (${text.length} characters)` : text,
  );
  if (err instanceof Error && err.cause) console.error('Caused by:', String(err.cause).slice(0, MAX_ERROR_CHARS));
  process.exit(1);
});
