// Console first page (budget: first page interactive in < 1 s on this machine against a
// local server). The server runs as `rapport serve` does, on SQLite seeded with the demo data of the
// screenshots (scripts/console-demo.ts); Debian's chromium (headless, playwright-core) opens the
// console in a fresh context each run (empty cache and storage) and records, from the navigation's
// start, in the page's own clock:
//   - first contentful paint;
//   - interactive: the page's heading and the navigation are rendered by React, so every control
//     on them answers input (a client-rendered page has no later hydration step);
//   - data shown: no loading status and no busy figure is left on the page.
// Three cases: the sign-in page (a first visit), the overview signed in with a cold cache, and the
// overview reloaded with a warm cache. BENCH_RUNS (default 10) runs each; loopback only; files under
// .bench/console. Never part of npm test: a timing is a measurement here, not a pass/fail check.
// It serves packages/console/dist as built: rebuilding the console while it runs breaks the runs
// in flight (their lazy chunks are gone), which then show as "not within 30 s".
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { seedDemo, serveDemo } from '../scripts/console-demo.js';
import { CHROMIUM, CHROMIUM_ARGS, type InPage } from '../test/console/browser.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

interface Timing {
  fcp: number;
  interactive: number;
  data: number;
}

/**
 * In the page: the first contentful paint, when the page became interactive and when its data was
 * shown (each checked once a frame). Plain JavaScript in a string: tsx would wrap named functions
 * of a TypeScript callback in a helper the page does not have.
 */
const MEASURE = `async (kind) => {
  const interactive = () => kind === 'sign-in'
    ? document.querySelector('form[aria-label="Sign in"] input[type="password"]') !== null
    : document.querySelector('main h1') !== null && document.querySelector('nav[aria-label="Main"] a') !== null;
  const settled = () => document.querySelector('main [role="status"]') === null && document.querySelector('main [aria-busy="true"]') === null;
  let interactiveAt = NaN;
  let dataAt = NaN;
  while (performance.now() < 30000) {
    if (Number.isNaN(interactiveAt) && interactive()) interactiveAt = performance.now();
    if (!Number.isNaN(interactiveAt) && settled()) {
      dataAt = performance.now();
      break;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  // The paint entry is recorded once the frame is presented: wait for it, two frames at most.
  for (let i = 0; i < 2 && performance.getEntriesByName('first-contentful-paint').length === 0; i += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return { fcp: paint ? paint.startTime : NaN, interactive: interactiveAt, data: dataAt };
}`;

function timings(page: Page, which: 'sign-in' | 'overview'): Promise<Timing> {
  return page.evaluate(`(${MEASURE})(${JSON.stringify(which)})`) as Promise<Timing>;
}

async function visit(browser: Browser, url: string, key: string | null, which: 'sign-in' | 'overview', reload: boolean): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (key) await context.addInitScript((apiKey) => (globalThis as unknown as InPage).sessionStorage.setItem('rapport.apiKey', apiKey), key);
    const page = await context.newPage();
    // The page's clock starts at the navigation; timings() runs as soon as the document exists.
    await page.goto(url, { waitUntil: 'commit' });
    if (!reload) return await timings(page, which);
    await timings(page, which);
    await page.reload({ waitUntil: 'commit' });
    return await timings(page, which);
  } finally {
    await context.close();
  }
}

/** Median, min and max of the runs that got there; a run that did not within 30 s is counted apart. */
const show = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const missed = values.length - sorted.length;
  if (sorted.length === 0) return `never, in ${values.length} runs`;
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)})${missed > 0 ? `, ${missed} of ${values.length} runs not within 30 s` : ''}`;
};

const server = await serveDemo(join(process.cwd(), '.bench', 'console'));
let browser: Browser | undefined;
try {
  const seeded = await seedDemo(server.api);
  console.log(`console first page: ${seeded.customers} customers, ${seeded.purchases} purchases, ${RUNS} runs per case, chromium ${CHROMIUM}, load average ${loadavg()[0]!.toFixed(1)}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const url = `${server.baseUrl}/console/`;
  await visit(browser, url, server.key, 'overview', false); // the server's first answers (schemas compiled on first use) are not the page's
  const cases: [string, () => Promise<Timing>][] = [
    ['sign-in page, first visit (cold cache)', () => visit(browser!, url, null, 'sign-in', false)],
    ['overview signed in, cold cache', () => visit(browser!, url, server.key, 'overview', false)],
    ['overview signed in, reload (warm cache)', () => visit(browser!, url, server.key, 'overview', true)],
  ];
  for (const [name, run] of cases) {
    const results: Timing[] = [];
    for (let i = 0; i < RUNS; i += 1) results.push(await run());
    console.log(`${name}:`);
    console.log(`  first contentful paint ${show(results.map((r) => r.fcp))}`);
    console.log(`  interactive            ${show(results.map((r) => r.interactive))}`);
    console.log(`  data shown             ${show(results.map((r) => r.data))}`);
  }
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)} (2 cores)`);
} finally {
  await browser?.close();
  await server.stop();
}
