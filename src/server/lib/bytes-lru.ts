/**
 * An in-memory cache of byte strings bounded by their total size, least recently used out first
 * (lru-cache). A missing value is built once however many requests ask for it at the same time;
 * a value larger than the bound, or a failed build, is not kept.
 */
import { LRUCache } from 'lru-cache';

type Build = () => Promise<Buffer>;

export class BytesLru {
  private readonly cache: LRUCache<string, Buffer, Build>;

  constructor(maxBytes: number) {
    this.cache = new LRUCache<string, Buffer, Build>({
      maxSize: maxBytes,
      sizeCalculation: (value) => Math.max(1, value.length),
      // Each caller says how to build its value; concurrent fetches of one key share one build.
      fetchMethod: (_key, _stale, { context: build }) => build(),
    });
  }

  get usedBytes(): number {
    return this.cache.calculatedSize;
  }

  has(key: string): boolean {
    return this.cache.has(key);
  }

  async get(key: string, build: Build): Promise<Buffer> {
    const value = await this.cache.fetch(key, { context: build });
    // A value larger than the bound is not stored, but fetch still answers it.
    if (value === undefined) throw new Error(`BytesLru: no value built for ${key}`);
    return value;
  }
}
