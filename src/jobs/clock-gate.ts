import type { Clock } from '../lib/time.js';

/** How often (real time) a clock-gated housekeeping task looks at the clock. */
export const CLOCK_GATE_TICK_MS = 1000;

/**
 * Upkeep whose period is counted on the app's clock, not on timers: `run` is called at most once
 * per `periodMs` of clock time (and whenever the clock went back), however often the returned
 * function is. Registered as a housekeeping task ticking every CLOCK_GATE_TICK_MS, a daily job runs
 * daily in production and at once in a test that moves its clock a day on. `soon()` lets the next
 * tick run whatever the clock says (settings that changed).
 */
export function clockGated(clock: Clock, periodMs: number, run: (first: boolean) => Promise<unknown>) {
  let last: number | undefined;
  const gated = async (first: boolean): Promise<unknown> => {
    const now = clock.now().getTime();
    if (last !== undefined && now >= last && now - last < periodMs) return undefined;
    last = now;
    return run(first);
  };
  gated.soon = () => {
    last = undefined;
  };
  return gated;
}
