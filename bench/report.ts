/** The bench's output: a plain-text table on stdout and bench/results/latest.json. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { meetsPostgresBudget, POSTGRES_BUDGET, type EndpointLoad } from './api-load';
import type { BundleResult } from './bundle';
import { ENGINE_BUDGET, engineVerdict, type EngineFigures } from './engine';
import type { LighthouseResult } from './lighthouse';
import { TAKEOVER_BUDGET_MS, type TakeoverTimings } from './takeover';
import type { LiveBrokerFigures } from './live-broker';
import type { PnlFigures } from './pnl';
import { UI_BUDGET, type UiTimings } from './ui-timings';
import type { PushFigures } from './push';

export interface BenchResults {
  push?: PushFigures[];
  liveBroker?: LiveBrokerFigures[];
  /** Computed from the limiters (bench/order-limits.ts): one signal for 1,000 Zerodha accounts. */
  orderLimits?: import('./order-limits').OrderLimitsFigure;
  pnl?: PnlFigures[];
  at: string;
  machine: { cpus: number; cpuModel: string; loadAverage1m: number; memoryGb: number; node: string };
  bundle?: BundleResult;
  lighthouse?: LighthouseResult[];
  takeover?: TakeoverTimings[];
  ui?: UiTimings;
  api: ApiRun[];
  engine?: EngineFigures[];
}

export interface ApiRun {
  database: 'pglite' | 'postgres';
  endpoints: EndpointLoad[];
}

export function machineInfo(): BenchResults['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)),
    memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
    )
    .join('\n');
}

export function bundleTable(bundle: BundleResult): string {
  const { declared, fetched, budgetBytes, pass } = bundle.firstVisit;
  const head = table([
    ['First visit to / (gzip -9)', 'JS', 'CSS', 'files'],
    ['named by index.html', kb(declared.jsGzip), kb(declared.cssGzip), String(declared.files.length)],
    ['fetched by Chromium', kb(fetched.jsGzip), kb(fetched.cssGzip), String(fetched.files.length)],
  ]);
  const verdict = `Budget: JS under ${kb(budgetBytes)} -> ${pass ? 'PASS' : 'FAIL'} (${kb(fetched.jsGzip)})`;
  const chunks = table([
    ['Other chunks (largest first)', 'gzip', 'raw'],
    ...bundle.chunks.map((c) => [c.file, kb(c.gzip), kb(c.raw)]),
  ]);
  return [head, verdict, '', chunks].join('\n');
}

export function apiTable(runs: ApiRun[]): string {
  const rows = [
    ['API, 50 connections', 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'ceiling req/s', 'share', 'budget'],
  ];
  for (const run of runs) {
    for (const load of run.endpoints) {
      const budget = run.database === 'postgres' ? (meetsPostgresBudget(load) ? 'PASS' : 'FAIL') : '-';
      rows.push([
        `${run.database} ${load.endpoint}`,
        String(load.ours.requestsPerSecond),
        `${load.ours.p50Ms} ms`,
        `${load.ours.p99Ms} ms`,
        String(load.ours.errors),
        String(load.ours.non2xx),
        String(load.ceiling.requestsPerSecond),
        `${(load.ceilingShare * 100).toFixed(1)} %`,
        budget,
      ]);
    }
  }
  const note = `Budget on PostgreSQL: p99 under ${POSTGRES_BUDGET.p99Ms} ms, at least ${POSTGRES_BUDGET.ceilingShare * 100} % of the ceiling, no errors.`;
  return `${table(rows)}\n${note}`;
}

export function lighthouseTable(results: LighthouseResult[]): string {
  const times = (r: number | null) => (r === null ? '' : ` (${r.toFixed(2)}x)`);
  const budgetText = ({ budget }: LighthouseResult) =>
    [
      budget.tbtRatio === undefined ? '' : `TBT <= ${budget.tbtRatio}x`,
      budget.lcpRatio === undefined ? '' : `LCP <= ${budget.lcpRatio}x`,
      budget.lcpMs === undefined ? '' : `LCP <= ${budget.lcpMs} ms`,
    ]
      .filter(Boolean)
      .join(', ');
  return [
    table([
      [
        'Lighthouse 12, mobile',
        'perf',
        'a11y / BP / SEO',
        'LCP (x peer)',
        'TBT (x peer)',
        'rounds LCP / TBT (ms)',
        'CLS',
        'budget',
      ],
      ...results.map((r) => [
        r.site === 'trabot' ? `${r.page}${r.loggedIn ? ' (logged in)' : ''}` : `peer: ${r.site} ${r.page}`,
        String(r.scores.performance ?? '-'),
        [r.scores.accessibility, r.scores['best-practices'], r.scores.seo].map((s) => s ?? '-').join(' / '),
        `${r.lcpMs} ms${times(r.lcpRatio)}`,
        `${r.tbtMs} ms${times(r.tbtRatio)}`,
        r.runs.map((run) => `${run.lcpMs}/${run.tbtMs}`).join(', '),
        r.cls === null ? '-' : r.cls.toFixed(3),
        r.pass === null ? 'the peer' : `${budgetText(r)}, others 100: ${r.pass ? 'PASS' : 'FAIL'}`,
      ]),
    ]),
    "Medians of the interleaved rounds; ratios are to the peer's medians of the same run.",
  ].join('\n');
}

export function takeoverTable(pages: TakeoverTimings[]): string {
  const perRun = (runs: TakeoverTimings['runs']) =>
    runs.map((run) => `${run.startMs}-${run.liveMs}: ${run.longTasksMs.join(' ') || '-'}`).join('; ');
  return [
    table([
      [
        'Takeover of a prerendered page, phone, CPU 4x slower',
        'longest task',
        'with DevTools',
        'per run: start-live, long tasks (ms)',
        'budget',
      ],
      ...pages.map((p) => [
        p.page,
        `${p.longestMs} ms`,
        `${p.devToolsLongestMs} ms`,
        `${perRun(p.runs)} | with DevTools ${perRun(p.devToolsRuns)}`,
        `<= ${TAKEOVER_BUDGET_MS} ms (median run): ${p.pass ? 'PASS' : 'FAIL'}`,
      ]),
    ]),
    "Judged as a phone runs the page (no DevTools domain enabled); 'with DevTools': the Runtime domain enabled, as in Playwright and Lighthouse.",
  ].join('\n');
}

export function uiTable(ui: UiTimings): string {
  const ms = (n: number) => `${n} ms`;
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const { trades, picker } = ui;
  return [
    table([
      [`Phone ${ui.viewport}, CPU ${ui.cpuSlowdown}x slower`, 'median', 'max', 'budget', ''],
      [`trades page (${trades.trades}): first render from navigation`, ms(trades.renderFromNavigationMs), '', '', ''],
      ['trades page: first render after the data arrived', ms(trades.renderFromDataMs), '', '', ''],
      [
        'trades page: status filter switch',
        ms(trades.medianSwitchMs),
        ms(Math.max(...trades.filterSwitchMs)),
        ms(UI_BUDGET.filterSwitchMs),
        verdict(trades.pass),
      ],
      [
        `instrument picker (${picker.instruments}): keystroke to result`,
        ms(picker.medianMs),
        ms(picker.maxMs),
        ms(UI_BUDGET.keystrokeMs),
        verdict(picker.pass),
      ],
    ]),
    `Filter switches: ${trades.filterSwitchMs.join(', ')} ms; keystrokes: ${picker.keystrokes.map((k) => `"${k.typed}" ${k.ms}`).join(', ')} ms`,
  ].join('\n');
}

export function engineTable(figures: EngineFigures[]): string {
  const ms = (n: number) => `${n} ms`;
  const rows = [
    [
      'Engine',
      'accounts',
      'fan-out',
      'statements',
      'tick median',
      'tick max',
      'tick statements',
      'exit delay',
      'API p99 fan-out',
      'API p99 ticks',
      'budget',
    ],
  ];
  for (const f of figures) {
    rows.push([
      f.database,
      f.accounts.toLocaleString('en-IN'),
      `${f.fanOutS.toFixed(2)} s`,
      String(f.fanOutStatements),
      ms(f.tickMedianMs),
      ms(f.tickMaxMs),
      String(f.tickStatements),
      ms(f.exitDelayMs),
      ms(f.apiP99FanOutMs),
      ms(f.apiP99TicksMs),
      engineVerdict(f),
    ]);
  }
  const budget = (db: keyof typeof ENGINE_BUDGET) =>
    `${db}: fan-out under ${ENGINE_BUDGET[db].fanOutS} s, tick under ${ENGINE_BUDGET[db].tickMs} ms, check-session p99 under ${ENGINE_BUDGET[db].apiP99Ms} ms`;
  const probe = (p: EngineFigures['probeFanOut']) => `${p.p50Ms} / ${p.p99Ms} / ${p.maxMs} ms (${p.requests})`;
  const probeRows = [
    [
      'check-session, one request at a time',
      'accounts',
      'fan-out',
      'p50 / p99 / max during fan-out (calls)',
      'p50 / p99 / max during ticks (calls)',
      'budget',
    ],
    ...figures.map((f) => [
      f.database,
      f.accounts.toLocaleString('en-IN'),
      `${f.probeFanOutS.toFixed(2)} s`,
      probe(f.probeFanOut),
      probe(f.probeTicks),
      f.accounts !== 1000
        ? '-'
        : f.probeFanOut.p99Ms < ENGINE_BUDGET[f.database].apiP99Ms &&
            f.probeTicks.p99Ms < ENGINE_BUDGET[f.database].apiP99Ms
          ? 'PASS'
          : 'FAIL',
    ]),
  ];
  return [
    table(rows),
    '',
    table(probeRows),
    `Budgets at 1,000 accounts: ${budget('postgres')}; ${budget('pglite')}. Exit delay: from a tick's prices to the last exit booked when the price gaps through every trade's stop resting at the paper broker (a crossing waits up to one tick interval, 3 s, to be sampled). One request at a time: a second signal fanned out to the same accounts, then ten ticks with its trades running, while another process calls check-session, the next call when the previous answered, and nothing else loads the server; p99 under 100 ms on both databases.`,
  ].join('\n');
}

export function writeResults(root: string, results: BenchResults): string {
  const file = path.join(root, 'bench', 'results', 'latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
