// Screenshots of every console page for docs/console.md: npx tsx scripts/console-screenshots.ts
// Starts the server (`rapport serve` from the sources, SQLite under .bench/console-screenshots),
// seeds it with the demo data through the API (scripts/console-demo.ts), and has Debian's chromium
// (headless, playwright-core) photograph each page at 1280 px, and a few at 360 px, into
// docs/console/*.png. Needs a console build (npm run build -w @rapport/console). Not part of the
// suite. A page still showing the "not built yet" placeholder is left out, with a notice.
//   CONSOLE_SCREENSHOTS_ONLY=purchases.png,benefits.png   re-take only these files
//   CONSOLE_SCREENSHOTS_WIDTH=360 CONSOLE_SCREENSHOTS_DIR=/tmp/at-360   every page at that width, whole
//     page, into that folder (a check, not for docs/); prints the elements wider than the window
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, type InPage } from '../test/console/browser.js';
import { seedDemo, serveDemo } from './console-demo.js';

const ROOT = join(import.meta.dirname, '..');
const OUT = process.env.CONSOLE_SCREENSHOTS_DIR ?? join(ROOT, 'docs', 'console');
const ONLY = process.env.CONSOLE_SCREENSHOTS_ONLY?.split(',').filter(Boolean);
const CHECK_WIDTH = process.env.CONSOLE_SCREENSHOTS_WIDTH ? Number(process.env.CONSOLE_SCREENSHOTS_WIDTH) : undefined;

interface Shot {
  file: string;
  path: string;
  width?: number;
  signedIn?: boolean;
  /** Something to do once the page has settled (open a dialog, …). */
  then?: (page: Page) => Promise<void>;
}

/** Until the page shows no loading status, no busy figure and no pending chart. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
    return doc.querySelector('main [role="status"].state-loading') === null && doc.querySelector('main [aria-busy="true"]') === null;
  });
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
}

/** Prints the page's elements that reach past the window's right edge (the page then scrolls sideways). */
async function reportOverflow(page: Page, file: string): Promise<void> {
  const wide = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { documentElement: { clientWidth: number }; querySelectorAll(selector: string): Iterable<{ tagName: string; className: unknown; textContent: string | null; scrollWidth: number; getBoundingClientRect(): { left: number; right: number }; closest(selector: string): unknown }> } }).document;
    const limit = doc.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of doc.querySelectorAll('body *')) {
      // Inside a horizontally scrolling box (wide tables) is by design.
      if (element.closest('.table-wrap')) continue;
      // An element past the edge, or one whose content (a long word) spills out of it; a form
      // control scrolls its own text.
      const box = element.getBoundingClientRect();
      const right = /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName) ? box.right : Math.max(box.right, box.left + element.scrollWidth);
      if (right <= limit + 0.5) continue;
      found.push(`${element.tagName.toLowerCase()}.${String(element.className)} "${(element.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(right)}`);
    }
    return { limit, found };
  });
  if (wide.found.length > 0) console.log(`OVERFLOW ${file} (window ${wide.limit} px):\n  ${wide.found.slice(0, 12).join('\n  ')}`);
}

async function shoot(browser: Browser, baseUrl: string, key: string, shot: Shot): Promise<boolean> {
  const width = shot.width ?? 1280;
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 760 : 860 }, locale: 'en-GB', timezoneId: 'UTC', colorScheme: 'light' });
  // A machine busy with other work can take longer than playwright's 30 s to settle a page.
  context.setDefaultTimeout(120_000);
  try {
    if (shot.signedIn !== false) {
      await context.addInitScript((apiKey) => (globalThis as unknown as InPage).sessionStorage.setItem('rapport.apiKey', apiKey), key);
    }
    const page = await context.newPage();
    await page.goto(`${baseUrl}/console${shot.path}`);
    await settled(page);
    if ((await page.getByText('This page is not built yet.').count()) > 0) {
      console.log(`NOTICE: ${shot.path} is not built yet: ${shot.file} left out`);
      return false;
    }
    await shot.then?.(page);
    if (CHECK_WIDTH !== undefined) await reportOverflow(page, shot.file);
    await page.screenshot({ path: join(OUT, shot.file), animations: 'disabled', caret: 'hide', fullPage: CHECK_WIDTH !== undefined });
    console.log(`${shot.file}  ${shot.path} at ${width} px`);
    return true;
  } finally {
    await context.close();
  }
}

const server = await serveDemo(join(ROOT, '.bench', 'console-screenshots'));
let browser: Browser | undefined;
try {
  const demo = await seedDemo(server.api);
  const api = server.api;
  const [purchase] = await api.GET('/purchases', { params: { query: { limit: 1 } } });
  const [branch] = await api.GET('/branches', { params: { query: { limit: 1 } } });
  const [benefit] = await api.GET('/benefits/all', { params: { query: { limit: 1 } } });
  // A finished background request for the requests page: the user events of one event, last year.
  const accepted = await api.DELETE('/user-events/bulk', { body: { event_name: 'app-login', from: '2000-01-01', to: '2000-12-31' } });
  const requestId = 'request_id' in accepted ? accepted.request_id : undefined;
  if (requestId) await api.waitForRequest(requestId, { timeoutMs: 60_000 });

  let shots: Shot[] = [
    { file: 'sign-in.png', path: '/', signedIn: false },
    { file: 'overview.png', path: '/' },
    { file: 'customers.png', path: '/customers' },
    { file: 'customer.png', path: `/customers/${demo.featuredCustomer}` },
    { file: 'catalogue.png', path: '/catalogue' },
    { file: 'product.png', path: `/catalogue/products/${encodeURIComponent('TRL-100')}` }, // the console's product route takes the SKU itself
    { file: 'branches.png', path: '/catalogue/branches' },
    ...(branch ? [{ file: 'branch.png', path: `/catalogue/branches/${branch.id}` }] : []),
    { file: 'purchases.png', path: '/purchases' },
    ...(purchase ? [{ file: 'purchase.png', path: `/purchases/${purchase.id}` }] : []),
    { file: 'events.png', path: '/events' },
    { file: 'user-events.png', path: '/events/user-events' },
    { file: 'benefits.png', path: '/benefits' },
    ...(benefit ? [{ file: 'benefit.png', path: `/benefits/${benefit.id}` }] : []),
    { file: 'coupons.png', path: '/benefits/coupons' },
    { file: 'categories.png', path: '/categories' },
    {
      file: 'categories-dry-run.png',
      path: '/categories',
      then: async (page) => {
        await page.getByRole('button', { name: 'Delete all categories' }).click();
        await page.getByTestId('would-delete').waitFor();
      },
    },
    { file: 'custom-attributes.png', path: '/custom-attributes' },
    { file: 'blacklists.png', path: '/blacklists' },
    { file: 'requests.png', path: requestId ? `/requests?id=${requestId}` : '/requests' },
    { file: 'overview-360.png', path: '/', width: 360 },
    { file: 'customer-360.png', path: `/customers/${demo.featuredCustomer}`, width: 360 },
  ];

  if (CHECK_WIDTH !== undefined) {
    shots = shots.filter((shot) => shot.width === undefined).map((shot) => ({ ...shot, width: CHECK_WIDTH }));
  }
  if (ONLY) shots = shots.filter((shot) => ONLY.includes(shot.file));
  mkdirSync(OUT, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let taken = 0;
  for (const shot of shots) if (await shoot(browser, server.baseUrl, server.key, shot)) taken += 1;
  console.log(`${taken} of ${shots.length} screenshots in ${OUT}`);
} finally {
  await browser?.close();
  await server.stop();
}
