import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { CONSOLE_DIST, consoleBuilt } from '../../src/http/console.js';
import type { Config } from '../../src/config.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';

// The console's browser tests: a real server (the test helpers' app on its own fresh database,
// SQLite or PostgreSQL, listening on a free loopback port) and Debian's chromium driven by
// playwright-core (no browser is ever downloaded). One browser per test file, a fresh context
// (storage, cache) per test. Without chromium or a console build the tests are skipped with a
// notice; in CI (CI=true) they fail instead: .ci/run installs chromium and `npm ci` builds the console.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The page's globals the tests use (the root tsconfig has no DOM types). */
export interface InPage {
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** Where the console keeps the key (src/api/session.tsx). */
const KEY_ITEM = 'rapport.apiKey';

/** The API key the page keeps for its tab, or null when signed out. */
export function storedKey(page: Page): Promise<string | null> {
  return page.evaluate((item) => (globalThis as unknown as InPage).sessionStorage.getItem(item), KEY_ITEM);
}

/**
 * Retries `check` (assertions about the page) until it passes, up to `timeoutMs`: for what the page
 * shows after a refetch (a list keeps its previous rows while the new ones load). Never a fixed sleep.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Why the browser tests cannot run here, or undefined when they can. */
function missing(): string | undefined {
  if (!existsSync(CHROMIUM)) return `chromium is not installed at ${CHROMIUM} (apt-get install chromium; .ci/run does)`;
  if (!consoleBuilt()) return `the console is not built in ${CONSOLE_DIST} (npm run build -w @rapport/console)`;
  return undefined;
}

/**
 * The `skip` option for a file's describe: a reason (printed as a notice) when chromium or the
 * console build is missing outside CI; false otherwise. In CI a missing piece is not skipped:
 * startConsole fails with the reason.
 */
export function skipWithoutBrowser(): string | false {
  const reason = missing();
  if (!reason) return false;
  if (process.env.CI === 'true') return false;
  const notice = `NOTICE: browser tests SKIPPED: ${reason}`;
  console.log(notice);
  return notice;
}

export interface ConsoleHarness {
  t: TestApp;
  browser: Browser;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** The console's address for a console path (`/customers`). */
  url(path?: string): string;
  /**
   * A page in a fresh context (its own storage and cache), `width` CSS pixels wide, signed in with
   * `key` (default: the file's account key) unless `key` is null. Uncaught page errors fail the test
   * at `done()`.
   */
  open(options?: { key?: string | null; width?: number; path?: string }): Promise<OpenPage>;
  close(): Promise<void>;
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors and console errors the page reported (failed loads of 4xx answers aside). */
  errors: string[];
  /** Asserts the page reported no error, and closes its context. */
  done(): Promise<void>;
}

/** Starts the server (with `config` over the test defaults) and the browser for one test file; close() ends both. */
export async function startConsole(options: { config?: Partial<Config> } = {}): Promise<ConsoleHarness> {
  const reason = missing();
  if (reason) throw new Error(`browser tests cannot run (CI=true): ${reason}`);
  const t = await buildTestApp({ config: options.config, autoClose: false });
  let browser: Browser | undefined;
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
    const opened = browser;
    const url = (path = '/') => `${baseUrl}/console${path}`;
    return {
      t,
      browser: opened,
      baseUrl,
      url,
      async open({ key = t.key, width = 1280, path = '/' } = {}) {
        const context = await opened.newContext({ viewport: { width, height: 800 }, locale: 'en-GB', timezoneId: 'UTC' });
        // A loaded 2-core CI machine runs several files at once: generous waits, never fixed sleeps.
        context.setDefaultTimeout(30_000);
        if (key !== null) {
          // Before the console's script, on every load of the context's pages: a test that signs out
          // and loads a page again opens its page with key: null and signs in through the form.
          // It runs in every frame too: a sandboxed frame without same-origin (the mailing preview)
          // has no storage to reach, and needs none.
          await context.addInitScript(
            ({ item, apiKey }) => {
              try {
                (globalThis as unknown as InPage).sessionStorage.setItem(item, apiKey);
              } catch {
                // a sandboxed frame
              }
            },
            { item: KEY_ITEM, apiKey: key },
          );
        }
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
        page.on('console', (message) => {
          // Chromium logs every 4xx answer as a failed resource load; the tests assert those themselves.
          if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
            errors.push(`console: ${message.text()}`);
          }
        });
        await page.goto(url(path));
        return {
          page,
          context,
          errors,
          async done() {
            await context.close();
            assert.deepEqual(errors, [], 'the page reported errors');
          },
        };
      },
      async close() {
        await opened.close().catch(() => {});
        await t.close();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => {});
    await t.close();
    throw error;
  }
}

// How the console writes dates for an account in the default locale (`en`, month first, 12 h) and
// zone (UTC), worked out here from the API's values by hand, not with the console's Intl code.

/** 'YYYY-MM-DD' (or the start of an API datetime) as the console shows a day in `en`: "03/01/2026". */
export function enDay(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

/** 'YYYY-MM' as the console shows a month: "03/2026". */
export function enMonth(value: string): string {
  const [year, month] = value.slice(0, 7).split('-');
  return `${month}/${year}`;
}

/** An API datetime ('YYYY-MM-DD hh:mm[:ss]', UTC) as the console shows a moment in `en` and UTC: "03/01/2026 09:30 PM UTC". */
export function enMoment(value: string): string {
  const hour = Number(value.slice(11, 13));
  const twelve = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${enDay(value)} ${twelve}:${value.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'} UTC`;
}

/** The pattern of a moment as the console shows one in `en` and UTC. */
export const EN_MOMENT = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M UTC$/;

/** GET /account/settings as T5 answers it, for this page only (the account's own settings stay for the other tests), and the page reloaded with them. */
export async function withSettings(page: Page, settings: { currency: string; timezone: string; locale: string }): Promise<void> {
  await page.route('**/apiv3/account/settings', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ payload: { name: 'Shop', ...settings }, message: 'ok', code: 'ok', time: '1ms' }) }),
  );
  await page.reload();
}
