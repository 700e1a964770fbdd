import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitForRequest } from '../helpers/requests.js';

const t = await buildTestApp();

async function tree(prefix: string, key?: string) {
  // prefix-root -> prefix-a -> prefix-a1 -> prefix-a1x ; prefix-root -> prefix-b ; prefix-other (separate root)
  const make = async (code: string, parent_code?: string) =>
    expectOk(
      await t.post('/apiv3/categories', { code: `${prefix}-${code}`, name: code.toUpperCase(), ...(parent_code ? { parent_code: `${prefix}-${parent_code}` } : {}) }, { key }),
    );
  await make('root');
  await make('a', 'root');
  await make('a1', 'a');
  await make('a1x', 'a1');
  await make('b', 'root');
  await make('other');
}

const codes = async (key?: string) => expectOk(await t.get('/apiv3/categories', { key })).map((c: any) => c.code);

describe('POST /categories', () => {
  it('creates roots and children and answers the category with its path', async () => {
    const root = expectOk(await t.post('/apiv3/categories', { code: 'shoes', name: 'Shoes' }));
    assert.deepEqual(Object.keys(root).sort(), ['code', 'id', 'name', 'parent_code', 'path']);
    assert.equal(root.parent_code, null);
    assert.equal(root.path, 'shoes');
    const child = expectOk(await t.post('/apiv3/categories', { code: 'boots', name: 'Boots', parent_code: 'shoes' }));
    assert.equal(child.parent_code, 'shoes');
    assert.equal(child.path, 'shoes/boots');
    const grandchild = expectOk(await t.post('/apiv3/categories', { code: 'hiking', name: 'Hiking', parent_code: 'boots' }));
    assert.equal(grandchild.path, 'shoes/boots/hiking');
  });

  it('rejects duplicates, unknown parents, / in codes and missing fields', async () => {
    await t.post('/apiv3/categories', { code: 'dup', name: 'Dup' });
    expectError(await t.post('/apiv3/categories', { code: 'dup', name: 'Again' }), 400, 'bad_request', /code: .*already exists/);
    expectError(await t.post('/apiv3/categories', { code: 'x', name: 'X', parent_code: 'nope' }), 400, 'bad_request', /parent_code: .*nope/);
    expectError(await t.post('/apiv3/categories', { code: 'a/b', name: 'AB' }), 400, 'bad_request', /code: must not contain \//);
    expectError(await t.post('/apiv3/categories', { name: 'X' }), 400, 'bad_request', /code: is required/);
    expectError(await t.post('/apiv3/categories', { code: 'y' }), 400, 'bad_request', /name: is required/);
    expectError(await t.post('/apiv3/categories', { code: '', name: 'Y' }), 400, 'bad_request', /code/);
  });

  it('does not accept another account\'s category as parent', async () => {
    const other = await t.newAccount();
    await t.post('/apiv3/categories', { code: 'theirs', name: 'Theirs' }, { key: other.key });
    expectError(await t.post('/apiv3/categories', { code: 'mine', name: 'Mine', parent_code: 'theirs' }), 400, 'bad_request', /parent_code/);
  });
});

describe('GET /categories and /categories/{code}', () => {
  it('lists every category flat with paths', async () => {
    const other = await t.newAccount();
    await tree('p', other.key);
    const list = expectOk(await t.get('/apiv3/categories', { key: other.key }));
    assert.deepEqual(
      list.map((c: any) => [c.code, c.parent_code, c.path]),
      [
        ['p-root', null, 'p-root'],
        ['p-a', 'p-root', 'p-root/p-a'],
        ['p-a1', 'p-a', 'p-root/p-a/p-a1'],
        ['p-a1x', 'p-a1', 'p-root/p-a/p-a1/p-a1x'],
        ['p-b', 'p-root', 'p-root/p-b'],
        ['p-other', null, 'p-other'],
      ],
    );
    assert.equal(list[0].name, 'ROOT');
  });

  it('gets one by code, 404 for unknown or foreign', async () => {
    const other = await t.newAccount();
    await tree('g', other.key);
    const one = expectOk(await t.get('/apiv3/categories/g-a1x', { key: other.key }));
    assert.equal(one.path, 'g-root/g-a/g-a1/g-a1x');
    assert.equal(one.parent_code, 'g-a1');
    expectError(await t.get('/apiv3/categories/nope', { key: other.key }), 404, 'not_found', /category nope/);
    expectError(await t.get('/apiv3/categories/g-root'), 404, 'not_found');
  });
});

describe('DELETE /categories', () => {
  it('deletes the parent and every descendant at any depth in the background', async () => {
    const { key } = await t.newAccount();
    await tree('d', key);
    const accepted = expectOk(await t.delete('/apiv3/categories', { code: 'd-root' }, { key }));
    assert.match(accepted.request_id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const view = await waitForRequest(t, accepted.request_id, { key });
    assert.equal(view.status, 'done');
    assert.equal(view.type, 'categories.delete');
    assert.deepEqual(view.result, { deleted: 5 });
    assert.match(view.finished, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(await codes(key), ['d-other']);
  });

  it('deletes a middle node with its subtree only', async () => {
    const { key } = await t.newAccount();
    await tree('m', key);
    const accepted = expectOk(await t.delete('/apiv3/categories', { code: 'm-a' }, { key }));
    assert.deepEqual((await waitForRequest(t, accepted.request_id, { key })).result, { deleted: 3 });
    assert.deepEqual(await codes(key), ['m-root', 'm-b', 'm-other']);
  });

  it('accepts the code in the query string', async () => {
    const { key } = await t.newAccount();
    await tree('q', key);
    const accepted = expectOk(await t.delete('/apiv3/categories?code=q-b', undefined, { key }));
    assert.deepEqual((await waitForRequest(t, accepted.request_id, { key })).result, { deleted: 1 });
  });

  it('validates synchronously: code required, unknown code 404, notify_to must be an e-mail', async () => {
    const { key } = await t.newAccount();
    await tree('v', key);
    expectError(await t.delete('/apiv3/categories', {}, { key }), 400, 'bad_request', /code: is required/);
    expectError(await t.delete('/apiv3/categories', undefined, { key }), 400, 'bad_request', /code: is required/);
    expectError(await t.delete('/apiv3/categories', { code: 'nope' }, { key }), 404, 'not_found', /category nope/);
    expectError(await t.delete('/apiv3/categories', { code: 'v-root', notify_to: 'not-an-email' }, { key }), 400, 'bad_request', /notify_to/);
    // nothing was accepted by the failures
    assert.equal((await codes(key)).length, 6);
    const rows = await t.database.db.selectFrom('requests').selectAll().where('account_id', '=', (await accountOf(key))).execute();
    assert.equal(rows.length, 0);
  });

  it('cannot delete another account\'s category', async () => {
    const other = await t.newAccount();
    await tree('f', other.key);
    expectError(await t.delete('/apiv3/categories', { code: 'f-root' }), 404, 'not_found');
    assert.equal((await codes(other.key)).length, 6);
  });
});

describe('DELETE /categories/bulk', () => {
  it('deletes all categories of the account only, with no body, {} or notify_to', async () => {
    for (const body of [undefined, {}, { notify_to: 'ops@example.com' }]) {
      const mine = await t.newAccount();
      const theirs = await t.newAccount();
      await tree('k', mine.key);
      await tree('k', theirs.key);
      const accepted = expectOk(await t.delete('/apiv3/categories/bulk', body, { key: mine.key }));
      const view = await waitForRequest(t, accepted.request_id, { key: mine.key });
      assert.equal(view.type, 'categories.bulk-delete');
      assert.deepEqual(view.result, { deleted: 6 });
      assert.deepEqual(await codes(mine.key), []);
      assert.equal((await codes(theirs.key)).length, 6);
    }
  });

  it('also accepts an empty body sent as application/json', async () => {
    const mine = await t.newAccount();
    const response = await t.request('DELETE', '/apiv3/categories/bulk', { key: mine.key, body: '', headers: { 'content-type': 'application/json' } });
    expectOk(response);
  });

  it('rejects an invalid notify_to', async () => {
    expectError(await t.delete('/apiv3/categories/bulk', { notify_to: 'nope@' }), 400, 'bad_request', /notify_to: must be a valid e-mail/);
  });
});

describe('GET /requests/{request_id}', () => {
  it('is tenant-scoped and 404 for unknown ids', async () => {
    const mine = await t.newAccount();
    const accepted = expectOk(await t.delete('/apiv3/categories/bulk', {}, { key: mine.key }));
    await waitForRequest(t, accepted.request_id, { key: mine.key });
    expectError(await t.get(`/apiv3/requests/${accepted.request_id}`), 404, 'not_found');
    expectError(await t.get('/apiv3/requests/00000000-0000-4000-8000-000000000000'), 404, 'not_found', /request/);
    expectError(await t.get('/apiv3/requests/not-a-uuid'), 404, 'not_found');
  });
});

async function accountOf(key: string): Promise<number> {
  const { buildAccounts } = await import('../../src/services.js');
  const id = await buildAccounts(t.database.db, t.clock).authenticate(key);
  assert.ok(id);
  return id;
}
