// A small bounded cache whose entries live for a fixed time. It keeps hot reads (the session
// and user behind every signed-in request) off the database for a moment; writes made through
// this process update it at once, and other instances see them within the time to live. An
// entry's time to live counts from when its value was read (`readAt`), not from when the read
// answered: a read slowed by a busy machine is no fresher for it.
export const now = () => performance.now();

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value`, read at `readAt` (performance.now(), before the read was sent). */
  set(key: K, value: V, readAt = now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, at: readAt });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value `drop` picks (a walk of the whole cache: for rare events). */
  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (drop(entry.value)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
