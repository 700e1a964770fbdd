import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LoopPacing } from '../../src/jobs/webhooks/pacing.js';

const options = { targetMs: 3, windowMs: 60, minRate: 2, step: 5, initialRate: 20 };

/** Holds the loop in turns of `ms` for about `totalMs`, as a busy process would. */
async function busyLoop(ms: number, totalMs: number): Promise<void> {
  const end = performance.now() + totalMs;
  while (performance.now() < end) {
    const turn = performance.now() + ms;
    while (performance.now() < turn);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Until a new window has begun (the first call of `available` after it). */
async function nextWindow(): Promise<void> {
  await sleep(options.windowMs + 5);
}

describe('LoopPacing (webhook delivery yields to the API)', () => {
  it('allows the initial rate per window, and no more once it is spent', () => {
    const pacing = new LoopPacing(options);
    try {
      assert.equal(pacing.available(), 20);
      pacing.spend(15);
      assert.equal(pacing.available(), 5);
      pacing.spend(10);
      assert.equal(pacing.available(), 0);
      assert.ok(pacing.untilNextWindow() > 0 && pacing.untilNextWindow() <= options.windowMs);
    } finally {
      pacing.stop();
    }
  });

  it('adds a step after a calm window that used its rate; keeps the rate after a calm window that did not', async () => {
    // A target no busy test machine reaches by itself: only the use of the window decides here.
    const pacing = new LoopPacing({ ...options, targetMs: 200 });
    try {
      pacing.spend(pacing.available());
      await nextWindow();
      assert.equal(pacing.available(), 25, 'calm and fully used: +5');
      pacing.spend(3);
      await nextWindow();
      assert.equal(pacing.available(), 25, 'calm but not used up: a quiet outbox says nothing of the loop');
    } finally {
      pacing.stop();
    }
  });

  it('halves the rate after a window with the loop slower than the target, down to the minimum', async () => {
    const pacing = new LoopPacing(options);
    try {
      // The delay monitor's timer starts with the loop's next turn: let it take a first sample.
      await sleep(15);
      pacing.available();
      await busyLoop(40, options.windowMs + 40);
      assert.equal(pacing.available(), 10);
      for (let i = 0; i < 4; i++) {
        await busyLoop(40, options.windowMs + 40);
        pacing.available();
      }
      assert.equal(pacing.available(), 2, 'never below minRate: delivery slows, it never stops');
    } finally {
      pacing.stop();
    }
  });
});
