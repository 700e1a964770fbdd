import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitForRequest } from '../helpers/requests.js';

// O8 for DELETE /categories and DELETE /categories/bulk: dry_run=true answers what the background
// request would delete, computed as it would, and changes nothing.

const t: TestApp = await buildTestApp({ config: { workerPollMs: 50 } });

/** root -> a -> a1 -> a1x, root -> b, other (a second root), with products in some of them. */
async function catalogue(key: string) {
  const make = async (code: string, parent_code?: string) =>
    expectOk(await t.post('/apiv3/categories', { code, name: code.toUpperCase(), ...(parent_code ? { parent_code } : {}) }, { key }));
  await make('root');
  await make('a', 'root');
  await make('a1', 'a');
  await make('a1x', 'a1');
  await make('b', 'root');
  await make('other');
  const product = async (sku: string, category: string[]) => expectOk(await t.post('/apiv3/products', { sku, name: sku, category }, { key }));
  await product('in-a1x', ['root', 'a', 'a1', 'a1x']);
  await product('in-a', ['root', 'a']);
  await product('in-a-too', ['root', 'a']);
  await product('in-b', ['root', 'b']);
  await product('in-other', ['other']);
  await product('uncategorised', []);
}

async function state(key: string) {
  const categories = expectOk(await t.get('/apiv3/categories', { key })).map((c: any) => c.code);
  const products = expectOk(await t.get('/apiv3/products?limit=100', { key }));
  const categorised = products.filter((p: any) => p.category.length > 0).map((p: any) => p.sku);
  return { categories, categorised, products: products.length };
}

async function accountIdOf(key: string): Promise<number> {
  const { buildAccounts } = await import('../../src/services.js');
  const id = await buildAccounts(t.database.db, t.clock).authenticate(key);
  assert.ok(id);
  return id;
}

/** Nothing the real call would leave behind: no background request, no e-mail queued. */
async function assertNothingQueued(key: string) {
  const accountId = await accountIdOf(key);
  assert.deepEqual(await t.database.db.selectFrom('requests').select('id').where('account_id', '=', accountId).execute(), []);
  assert.deepEqual(await t.database.db.selectFrom('mail_outbox').select('id').where('account_id', '=', accountId).execute(), []);
}

/** Runs the real call and answers what disappeared. */
async function realDelete(url: string, body: unknown, key: string) {
  const before = await state(key);
  const accepted = expectOk(await t.delete(url, body, { key }));
  const view = await waitForRequest(t, accepted.request_id, { key });
  assert.equal(view.status, 'done');
  const after = await state(key);
  assert.equal(after.products, before.products, 'products are never deleted');
  return {
    result: view.result.deleted,
    categories: before.categories.length - after.categories.length,
    products_uncategorised: before.categorised.length - after.categorised.length,
  };
}

describe('DELETE /categories?dry_run=true', () => {
  it('counts the subtree and its products as the real call then deletes them, changing nothing itself', async () => {
    const { key } = await t.newAccount();
    await catalogue(key);
    // another account with the same codes and products is not counted
    await catalogue((await t.newAccount()).key);
    const before = await state(key);
    const preview = expectOk(await t.delete('/apiv3/categories?dry_run=true', { code: 'a', notify_to: 'ops@example.com' }, { key }));
    assert.deepEqual(preview, { dry_run: true, would_delete: { categories: 3, products_uncategorised: 3 } });
    assert.deepEqual(await state(key), before);
    await assertNothingQueued(key);

    const real = await realDelete('/apiv3/categories', { code: 'a' }, key);
    assert.deepEqual(real, { result: 3, categories: 3, products_uncategorised: 3 });
    assert.deepEqual(real.categories, preview.would_delete.categories);
    assert.deepEqual(real.products_uncategorised, preview.would_delete.products_uncategorised);

    // and again from the root, what is left of the tree
    const rootPreview = expectOk(await t.delete('/apiv3/categories?code=root&dry_run=true', undefined, { key }));
    assert.deepEqual(rootPreview.would_delete, { categories: 2, products_uncategorised: 1 });
    const rootReal = await realDelete('/apiv3/categories?code=root', undefined, key);
    assert.equal(rootReal.categories, 2);
    assert.equal(rootReal.products_uncategorised, 1);
    assert.deepEqual((await state(key)).categories, ['other']);
  });

  it('takes dry_run in the query or in the body; false, absent or empty is the real call', async () => {
    const { key } = await t.newAccount();
    await catalogue(key);
    const expected = { dry_run: true, would_delete: { categories: 1, products_uncategorised: 1 } };
    assert.deepEqual(expectOk(await t.delete('/apiv3/categories?code=b&dry_run=true', undefined, { key })), expected);
    assert.deepEqual(expectOk(await t.delete('/apiv3/categories', { code: 'b', dry_run: true }, { key })), expected);
    assert.deepEqual(expectOk(await t.delete('/apiv3/categories', { code: 'b', dry_run: 'true' }, { key, form: true })), expected);
    // either one saying true is a dry run
    assert.deepEqual(expectOk(await t.delete('/apiv3/categories?dry_run=false', { code: 'b', dry_run: true }, { key })), expected);
    await assertNothingQueued(key);
    for (const [url, body] of [
      ['/apiv3/categories?dry_run=false', { code: 'b' }],
      ['/apiv3/categories?dry_run=', { code: 'other' }],
      ['/apiv3/categories', { code: 'a1x', dry_run: false }],
    ] as const) {
      const accepted = expectOk(await t.delete(url, body, { key }));
      assert.match(accepted.request_id, /^[0-9a-f-]{36}$/, url);
      await waitForRequest(t, accepted.request_id, { key });
    }
    assert.deepEqual((await state(key)).categories, ['root', 'a', 'a1']);
  });

  it('answers 400 naming dry_run for any other value, and accepts nothing', async () => {
    const { key } = await t.newAccount();
    await catalogue(key);
    for (const value of ['yes', '1', '0', 'TRUE', 'True', 'on', 'true&dry_run=false', 'true&dry_run=true']) {
      expectError(await t.delete(`/apiv3/categories?code=a&dry_run=${value}`, undefined, { key }), 400, 'bad_request', /^dry_run: must be boolean/);
    }
    expectError(await t.delete('/apiv3/categories', { code: 'a', dry_run: 'true' }, { key }), 400, 'bad_request', /^dry_run: must be boolean/);
    expectError(await t.delete('/apiv3/categories', { code: 'a', dry_run: 1 }, { key }), 400, 'bad_request', /^dry_run: must be boolean/);
    expectError(await t.delete('/apiv3/categories/bulk?dry_run=maybe', undefined, { key }), 400, 'bad_request', /^dry_run: must be boolean/);
    await assertNothingQueued(key);
    assert.equal((await state(key)).categories.length, 6);
  });

  it('answers every invalid request exactly as the real call does', async () => {
    const mine = await t.newAccount();
    const theirs = await t.newAccount();
    await catalogue(mine.key);
    await catalogue(theirs.key);
    await t.post('/apiv3/categories', { code: 'only-theirs', name: 'X' }, { key: theirs.key });
    const cases: Array<[string, unknown]> = [
      ['', undefined],
      ['', {}],
      ['', { code: '' }],
      ['', { code: '   ' }],
      ['', { code: 'nope' }],
      ['', { code: 'only-theirs' }],
      ['', { code: 'a', notify_to: 'not-an-email' }],
      ['', { code: 42 }],
      ['', { code: 'x'.repeat(1025) }],
      ['&code=nope', undefined],
      ['&notify_to=bad', { code: 'a' }],
    ];
    for (const [query, body] of cases) {
      const real = await t.delete(`/apiv3/categories?${query.slice(1)}`, body, { key: mine.key });
      const dry = await t.delete(`/apiv3/categories?dry_run=true${query}`, body, { key: mine.key });
      assert.ok(real.status >= 400, `${query} ${JSON.stringify(body)} answered ${real.status}`);
      assert.deepEqual([dry.status, dry.body.code, dry.body.message], [real.status, real.body.code, real.body.message], `${query} ${JSON.stringify(body)}`);
    }
    const bulkReal = await t.delete('/apiv3/categories/bulk', { notify_to: 'nope@' }, { key: mine.key });
    const bulkDry = await t.delete('/apiv3/categories/bulk?dry_run=true', { notify_to: 'nope@' }, { key: mine.key });
    expectError(bulkDry, 400, 'bad_request', /notify_to/);
    assert.equal(bulkDry.body.message, bulkReal.body.message);
    await assertNothingQueued(mine.key);
    assert.equal((await state(mine.key)).categories.length, 6);
  });
});

describe('DELETE /categories/bulk?dry_run=true', () => {
  it('counts every category and categorised product of the account only, then matches the real call', async () => {
    const mine = await t.newAccount();
    const theirs = await t.newAccount();
    await catalogue(mine.key);
    await catalogue(theirs.key);
    const before = await state(mine.key);
    for (const body of [undefined, {}, { notify_to: 'ops@example.com' }]) {
      const preview = expectOk(await t.delete('/apiv3/categories/bulk?dry_run=true', body, { key: mine.key }));
      assert.deepEqual(preview, { dry_run: true, would_delete: { categories: 6, products_uncategorised: 5 } });
    }
    const empty = await t.request('DELETE', '/apiv3/categories/bulk?dry_run=true', { key: mine.key, body: '', headers: { 'content-type': 'application/json' } });
    assert.equal(expectOk(empty).would_delete.categories, 6);
    assert.deepEqual(await state(mine.key), before);
    await assertNothingQueued(mine.key);

    const real = await realDelete('/apiv3/categories/bulk', undefined, mine.key);
    assert.deepEqual(real, { result: 6, categories: 6, products_uncategorised: 5 });
    assert.equal((await state(theirs.key)).categories.length, 6);
    assert.equal((await state(theirs.key)).categorised.length, 5);
    // nothing left: the dry run says so
    assert.deepEqual(expectOk(await t.delete('/apiv3/categories/bulk?dry_run=true', undefined, { key: mine.key })).would_delete, {
      categories: 0,
      products_uncategorised: 0,
    });
  });

  it('counts a wide and deep catalogue exactly as the batched deletion removes it', async () => {
    const { key } = await t.newAccount();
    // 3 roots, each with 4 children, each with 3 grandchildren: 3 + 12 + 36 = 51 categories
    for (let r = 0; r < 3; r++) {
      const root = `r${r}`;
      expectOk(await t.post('/apiv3/categories', { code: root, name: root }, { key }));
      for (let c = 0; c < 4; c++) {
        const child = `${root}c${c}`;
        expectOk(await t.post('/apiv3/categories', { code: child, name: child, parent_code: root }, { key }));
        for (let g = 0; g < 3; g++) {
          const grandchild = `${child}g${g}`;
          expectOk(await t.post('/apiv3/categories', { code: grandchild, name: grandchild, parent_code: child }, { key }));
          expectOk(await t.post('/apiv3/products', { sku: `p-${grandchild}`, name: 'P', category: [root, child, grandchild] }, { key }));
        }
      }
    }
    const preview = expectOk(await t.delete('/apiv3/categories/bulk?dry_run=true', undefined, { key }));
    assert.deepEqual(preview.would_delete, { categories: 51, products_uncategorised: 36 });
    const real = await realDelete('/apiv3/categories/bulk', undefined, key);
    assert.deepEqual(real, { result: 51, categories: 51, products_uncategorised: 36 });
  });
});
