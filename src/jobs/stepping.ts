import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { isPostgres } from '../db/schema-helpers.js';

// Long writes (bulk deletes, blacklist applies and purges) run as a sequence of short transactions.
// On SQLite there is one writer and better-sqlite3 runs each statement on the event loop, so a
// step's length is what a concurrent API request may have to wait; the step size adapts so that a
// step lasts about STEP_TARGET_MS, and each step is followed by a pause in which queued requests run.

/** How long one step (one transaction) should last. */
export const STEP_TARGET_MS = 20;
/** Breathing room between steps, so queued API queries run before the next step starts. */
export const DEFAULT_PAUSE_MS = 5;
/**
 * On PostgreSQL a step blocks neither the event loop (the driver is asynchronous) nor readers
 * (MVCC); what each step costs is its commit and round trips (a 20 ms step inserted only 150-200
 * blacklist entries there), so steps that only add or remove rows nobody else writes are longer.
 */
export const POSTGRES_STEP_TARGET_MS = 200;

/** The step length for work whose rows no other request writes (staging, a list's own generation). */
export function privateStepTargetMs(db: Kysely<any>): number {
  return isPostgres(db) ? POSTGRES_STEP_TARGET_MS : STEP_TARGET_MS;
}

export interface StepSizeOptions {
  first?: number;
  min?: number;
  max?: number;
  targetMs?: number;
}

/** Units (rows, lines) per step, adapting to how long the last step took. */
export class StepSizer {
  private current: number;
  private readonly min: number;
  private readonly max: number;
  private readonly targetMs: number;

  constructor(options: StepSizeOptions = {}) {
    this.min = options.min ?? 100;
    this.max = options.max ?? 20_000;
    this.targetMs = options.targetMs ?? STEP_TARGET_MS;
    this.current = options.first ?? 1000;
  }

  get size(): number {
    return this.current;
  }

  /** The last step of `size` units took `elapsedMs`. */
  record(elapsedMs: number): void {
    const proposed = (this.current * this.targetMs) / Math.max(elapsedMs, 0.5);
    // Move halfway towards the proposal, at most doubling: one slow step (a checkpoint) or one fast
    // one does not swing the size.
    const next = Math.min(this.current * 2, Math.round((this.current + proposed) / 2));
    this.current = Math.max(this.min, Math.min(this.max, next));
  }
}

/**
 * Turns for the steps of a process's long writes. On SQLite one step runs at a time and the next
 * step of any long write starts only DEFAULT_PAUSE_MS after the last one ended: each long write
 * pausing between its own steps was not enough, two of them side by side (an upload removing its
 * staged rows while the worker purged the list it replaced) kept the connection busy back to back
 * and reads waited 120-280 ms (bench/long-writes.ts). On PostgreSQL steps block neither the event loop
 * nor readers, and long writes run side by side.
 * A step must not wait for a turn itself (no long write inside a step): it would wait for ever.
 */
export class StepTurns {
  private tail: Promise<void> = Promise.resolve();
  private lastEnd = 0;

  constructor(private readonly oneAtATime: boolean) {}

  async run<T>(step: () => Promise<T>): Promise<T> {
    if (!this.oneAtATime) return step();
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      const wait = this.lastEnd + DEFAULT_PAUSE_MS - performance.now();
      if (wait > 0) await pause(Math.ceil(wait));
      return await step();
    } finally {
      this.lastEnd = performance.now();
      release();
    }
  }

  /** run(), and how long the step itself took (the wait for its turn left out: the step's size adapts to it). */
  async timed<T>(step: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
    let elapsedMs = 0;
    const result = await this.run(async () => {
      const started = performance.now();
      try {
        return await step();
      } finally {
        elapsedMs = performance.now() - started;
      }
    });
    return { result, elapsedMs };
  }
}

const sqliteTurns = new StepTurns(true);
const sideBySide = new StepTurns(false);

/** The turns the long writes on `db` take (one set for every SQLite database of the process). */
export function stepTurns(db: Kysely<any>): StepTurns {
  return isPostgres(db) ? sideBySide : sqliteTurns;
}

export function pause(ms: number = DEFAULT_PAUSE_MS): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

/**
 * Runs `step(size)` until it answers false (nothing left), sizing each step to last about
 * STEP_TARGET_MS and pausing between steps.
 */
export async function runInSteps(
  turns: StepTurns,
  step: (size: number) => Promise<boolean>,
  options: StepSizeOptions & { pauseMs?: number } = {},
): Promise<void> {
  const sizer = new StepSizer(options);
  for (;;) {
    const { result: more, elapsedMs } = await turns.timed(() => step(sizer.size));
    if (!more) return;
    sizer.record(elapsedMs);
    await pause(options.pauseMs);
  }
}
