// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_CHUNK_BYTES, tailMatching } from '@server/services/logs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-logs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let files = 0;
function write(content: string | Buffer): string {
  const file = path.join(dir, `trabot-${++files}.log`);
  fs.writeFileSync(file, content);
  return file;
}

/** What the tail must equal: the whole file read at once. */
function naive(file: string, search: string, limit: number): string[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l !== '' && l.toLowerCase().includes(search.toLowerCase()));
  return lines.slice(Math.max(0, lines.length - limit));
}

const logLine = (i: number, msg: string) =>
  JSON.stringify({ level: 30, time: 1795300000000 + i, method: 'GET', path: `/api/algos/${i % 7}/signals`, msg });

describe('tailMatching', () => {
  it('equals a whole-file read for any search and line count across chunk boundaries, multi-byte text and long lines', async () => {
    const words = ['request', 'signal added', 'Zerodha ₹ réglé', 'warning: ΔΣ skipped', 'ok'];
    const lines: string[] = [];
    for (let i = 0; i < 9000; i++) {
      // Every 997th line is longer than a chunk, so one line spans several reads.
      lines.push(
        i % 997 === 0
          ? `${logLine(i, 'big')}${'é'.repeat(LOG_CHUNK_BYTES / 2 + 13)}`
          : logLine(i, words[i % words.length]!),
      );
    }
    const file = write(`${lines.join('\n')}\n`);
    expect(fs.statSync(file).size).toBeGreaterThan(4 * LOG_CHUNK_BYTES);
    for (const search of ['', 'SIGNAL ADDED', '₹ RÉGLÉ', 'δσ', 'big', '/api/algos/3/', 'nothing like this']) {
      for (const limit of [1, 50, 500]) {
        expect(await tailMatching(file, search, limit), `${search} x ${limit}`).toEqual(naive(file, search, limit));
      }
    }
    // 21 whole-file comparisons: correctness, not speed (a loaded machine takes over 5 s).
  }, 60_000);

  it('takes the search literally and case-insensitively (no regular expressions)', async () => {
    const file = write(
      ['{"msg":"price 10.5 * qty"}', '{"msg":"price 1055 qty"}', '{"msg":"PRICE 10.5 * QTY"}', ''].join('\n'),
    );
    expect(await tailMatching(file, 'price 10.5 * qty', 50)).toEqual([
      '{"msg":"price 10.5 * qty"}',
      '{"msg":"PRICE 10.5 * QTY"}',
    ]);
    expect(await tailMatching(file, '.*', 50)).toEqual([]);
  });

  it('returns the newest lines last, handles CRLF, a last line without newline, an empty and a missing file', async () => {
    expect(await tailMatching(write('a\r\nb\r\nc'), '', 2)).toEqual(['b', 'c']);
    expect(await tailMatching(write(''), '', 50)).toEqual([]);
    expect(await tailMatching(path.join(dir, 'never-written.log'), '', 50)).toEqual([]);
  });

  it('stays fast on a 200 MB log: reads only from the end until N matches are found', async () => {
    const file = path.join(dir, 'big.log');
    const block = Buffer.from(Array.from({ length: 5000 }, (_, i) => logLine(i, 'request')).join('\n') + '\n');
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, `${logLine(0, 'FIRST-LINE-MARKER')}\n`);
    let size = 0;
    while (size < 200 * 1024 * 1024) size += fs.writeSync(fd, block);
    fs.writeSync(fd, `${logLine(1, 'user 42 logged in')}\n`);
    fs.closeSync(fd);
    expect(fs.statSync(file).size).toBeGreaterThan(200 * 1024 * 1024);

    const timed = async (search: string, limit: number) => {
      const started = performance.now();
      const lines = await tailMatching(file, search, limit);
      return { lines, ms: Math.round(performance.now() - started) };
    };
    const tail = await timed('', 500);
    const recent = await timed('user 42', 1);
    const everywhere = await timed('/API/ALGOS/3/', 500);
    // A match only at the very start costs a read of the whole file: the worst case.
    const oldest = await timed('first-line-marker', 50);
    console.info(
      `200 MB log: last 500 lines ${tail.ms} ms, newest match ${recent.ms} ms, 500 common matches ${everywhere.ms} ms, full scan ${oldest.ms} ms`,
    );

    expect(tail.lines).toHaveLength(500);
    expect(tail.lines.at(-1)).toContain('user 42 logged in');
    expect(recent.lines).toEqual([logLine(1, 'user 42 logged in')]);
    expect(everywhere.lines).toHaveLength(500);
    expect(everywhere.lines.every((l) => l.includes('/api/algos/3/'))).toBe(true);
    expect(oldest.lines).toEqual([logLine(0, 'FIRST-LINE-MARKER')]);
    // Generous bounds for a loaded CI machine; the numbers printed above are what to watch.
    expect(tail.ms).toBeLessThan(1000);
    expect(recent.ms).toBeLessThan(1000);
    expect(everywhere.ms).toBeLessThan(1000);
    expect(oldest.ms).toBeLessThan(20_000);
  }, 120_000);
});
