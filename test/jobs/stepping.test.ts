import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_PAUSE_MS, runInSteps, stepTurns } from '../../src/jobs/stepping.js';
import { createTestDatabase, usingPostgres } from '../helpers/app.js';

const database = await createTestDatabase();
after(() => database.drop());

interface Step {
  loop: string;
  start: number;
  end: number;
}

/** Two long writes at once, `steps` steps each; every step holds the loop (SQLite) or awaits (PostgreSQL) for `ms`. */
async function twoLongWrites(steps: number, ms: number, blocking: boolean): Promise<Step[]> {
  const turns = stepTurns(database.database.db);
  const done: Step[] = [];
  const write = (loop: string) => {
    let left = steps;
    return runInSteps(turns, async () => {
      const start = performance.now();
      if (blocking) while (performance.now() - start < ms);
      else await sleep(ms);
      done.push({ loop, start, end: performance.now() });
      return --left > 0;
    });
  };
  await Promise.all([write('a'), write('b')]);
  return done.sort((x, y) => x.start - y.start);
}

describe('long writes side by side', () => {
  if (!usingPostgres()) {
    it('on SQLite take turns: one step at a time, and a pause after every step before the next of either write', async () => {
      const steps = await twoLongWrites(6, 8, true);
      assert.equal(steps.length, 12);
      assert.deepEqual(new Set(steps.map((step) => step.loop)), new Set(['a', 'b']));
      for (let i = 1; i < steps.length; i++) {
        const gap = steps[i]!.start - steps[i - 1]!.end;
        // Timers count whole milliseconds: a pause can end up to 1 ms before performance.now() says.
        assert.ok(gap >= DEFAULT_PAUSE_MS - 1, `step ${i} (${steps[i]!.loop}) began ${gap.toFixed(2)} ms after the one before ended`);
      }
    });
  } else {
    it('on PostgreSQL run side by side (steps block neither the event loop nor readers)', async () => {
      const steps = await twoLongWrites(3, 30, false);
      const overlapping = steps.some((step, i) => i > 0 && step.start < steps[i - 1]!.end);
      assert.ok(overlapping, 'the two writes never stepped at the same time');
    });
  }
});

describe('a long write whose step fails', () => {
  it('gives its turn back: the next write steps at once after the pause', async () => {
    const turns = stepTurns(database.database.db);
    await assert.rejects(
      runInSteps(turns, async () => {
        throw new Error('step failed');
      }),
      /step failed/,
    );
    let steps = 0;
    await runInSteps(turns, async () => ++steps < 3);
    assert.equal(steps, 3);
  });
});
