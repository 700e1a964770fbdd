import assert from 'node:assert/strict';
import type { RequestOptions, TestApp } from './app.js';
import { expectOk } from './assertions.js';
import { MULTIPART_TYPE, blacklistUpload } from './multipart.js';

// What the blacklist test files share: the upload through the API, the list as the API shows it, and
// counts of the rows behind it (staging, generations, requests) to check that nothing was left.

export const BLACKLIST_URL = '/apiv3/account/blacklist';

export function postMultipart(app: TestApp, body: Buffer, options: RequestOptions = {}, query = '') {
  return app.post(`${BLACKLIST_URL}${query}`, body, { ...options, headers: { 'content-type': MULTIPART_TYPE, ...(options.headers ?? {}) } });
}

export function uploadList(app: TestApp, content: string | Buffer, blacklist: string, type: string, options: RequestOptions = {}, query = '') {
  return postMultipart(app, blacklistUpload(content, blacklist, type), options, query);
}

/** Every value of a list through GET /account/blacklist, in order; checks `total` against them. */
export async function listValues(app: TestApp, list: string, options: RequestOptions = {}): Promise<string[]> {
  const out: string[] = [];
  for (let page = 0; ; page++) {
    const payload = expectOk(await app.get(`${BLACKLIST_URL}?blacklist=${list}&limit=100&page=${page}`, options));
    out.push(...payload.entries.map((entry: { value: string }) => entry.value));
    if (payload.entries.length < 100) {
      assert.equal(payload.total, out.length);
      return out;
    }
  }
}

export async function stagingRows(app: Pick<TestApp, 'database'>): Promise<{ uploads: number; staged: number }> {
  const db = app.database.db;
  const uploads = await db.selectFrom('blacklist_uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const staged = await db.selectFrom('blacklist_staging').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { uploads: Number(uploads.n), staged: Number(staged.n) };
}

/** Rows of blacklist_entries, visible or not (writing, retired), of one account. */
export async function storedEntries(app: TestApp, accountId = app.accountId): Promise<number> {
  const row = await app.database.db
    .selectFrom('blacklist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function requestRows(app: Pick<TestApp, 'database'>): Promise<number> {
  const row = await app.database.db.selectFrom('requests').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const emailList = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
