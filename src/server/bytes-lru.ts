/**
 * An in-memory cache of byte strings bounded by their total size, least recently used out first.
 * A missing value is built once however many requests ask for it at the same time.
 */
export class BytesLru {
  private readonly entries = new Map<string, Buffer>();
  private readonly building = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get usedBytes(): number {
    return this.bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return Promise.resolve(hit);
    }
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((value) => {
          this.store(key, value);
          return value;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private store(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }
}
