import { performance } from 'node:perf_hooks';

/**
 * What a lookup answered for a key, remembered for a short time so that most requests skip the
 * lookup (the API key's holder, an account's webhook endpoints). What bounds it:
 * - time: an entry lives at most `ttlMs` from the moment its lookup *started*, so a change made
 *   in another process is seen by every process at most `ttlMs` after it committed;
 * - this process: a change made here clears the cache at once (`clear`), and a lookup that was in
 *   flight during it is not remembered;
 * - size: at most `maxEntries` keys; past that the oldest entry goes first.
 * Only defined answers are remembered: a lookup answering undefined runs again on every request.
 */
export class TtlCache<T = unknown> {
  private readonly entries = new Map<string, { holder: T; until: number }>();
  /** Lookups in flight, shared by the requests presenting the same key meanwhile. */
  private readonly pending = new Map<string, Promise<T | undefined>>();
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
  ) {}

  /** The holder of a fresh entry, or undefined (unknown, expired, or never looked up). */
  get(hash: string): T | undefined {
    const entry = this.entries.get(hash);
    if (entry === undefined) return undefined;
    if (entry.until > performance.now()) return entry.holder;
    this.entries.delete(hash);
    return undefined;
  }

  /** The holder of the key, from a fresh entry or else from `lookUp` (whose live answer is remembered). */
  resolve(hash: string, lookUp: () => Promise<T | undefined>): T | Promise<T | undefined> {
    const known = this.get(hash);
    if (known !== undefined) return known;
    let running = this.pending.get(hash);
    if (running) return running;
    const started = performance.now();
    const generation = this.generation;
    running = lookUp().finally(() => {
      if (this.pending.get(hash) === running) this.pending.delete(hash);
    });
    this.pending.set(hash, running);
    return running.then((holder) => {
      if (holder !== undefined && generation === this.generation) this.remember(hash, holder, started + this.ttlMs);
      return holder;
    });
  }

  /** Forgets every key (a key of this database was revoked). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(hash: string, holder: T, until: number): void {
    if (until <= performance.now()) return;
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { holder, until });
  }
}
