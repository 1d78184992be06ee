/**
 * A broker's instruments file (the keys or tokens its orders name instruments by): read at most
 * once a day in India, gzip or not, kept while the day lasts; a failed read is tried again on the
 * next call.
 */
import { gunzipSync } from 'node:zlib';
import { istDay } from '@shared/ist';

export async function fetchTextFile(url: string, timeoutMs = 30_000): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const raw = Buffer.from(await res.arrayBuffer());
  return (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
}

export const fetchJsonFile = async (url: string): Promise<unknown> => JSON.parse(await fetchTextFile(url)) as unknown;

export class DailyFile<T> {
  private value: Promise<T> | null = null;
  private day = '';

  constructor(
    private readonly what: string,
    private readonly load: () => Promise<T>,
    private readonly now: () => Date,
  ) {}

  get(): Promise<T> {
    const today = istDay(this.now());
    if (!this.value || this.day !== today) {
      this.day = today;
      this.value = this.load().catch((err: unknown) => {
        this.value = null;
        throw new Error(`${this.what} could not be read: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
    return this.value;
  }
}
