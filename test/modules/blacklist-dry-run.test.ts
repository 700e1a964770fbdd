import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import {
  BLACKLIST_URL,
  emailList,
  listValues,
  postMultipart,
  requestRows,
  stagingRows,
  storedEntries,
  uploadList,
  waitFor,
} from '../helpers/blacklist.js';
import { multipartBody } from '../helpers/multipart.js';

// O8 for the blacklist: DELETE /account/blacklist and uploads with dry_run=true answer what the
// real call would do and change nothing: no entry, no staged row, no background request, no mail.

const t = await buildTestApp({ config: { workerPollMs: 50 } });

async function mailRows(): Promise<number> {
  const row = await t.database.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function generationRows(): Promise<number> {
  const row = await t.database.db.selectFrom('blacklist_generations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everything a dry run must leave as it was. */
async function snapshot() {
  return {
    email: await listValues(t, 'email'),
    telephone: await listValues(t, 'telephone'),
    stored: await storedEntries(t),
    staging: await stagingRows(t),
    requests: await requestRows(t),
    generations: await generationRows(),
    mail: await mailRows(),
  };
}

/** A known starting point: the e-mail list holds `emails`, the telephone list one entry, nothing pending. */
async function lists(emails: string[]) {
  expectOk(await uploadList(t, emails.join('\n'), 'email', 'delete-create'));
  expectOk(await uploadList(t, '600111222\n', 'telephone', 'delete-create'));
  await waitFor(async () => (await storedEntries(t)) === emails.length + 1, 'replaced entries purged');
  await waitFor(async () => {
    const busy = await t.database.db.selectFrom('requests').select('id').where('status', 'in', ['pending', 'running']).execute();
    return busy.length === 0;
  }, 'background requests to end');
}

describe('DELETE /account/blacklist?dry_run=true', () => {
  it('says how many entries would go and changes nothing (query or body, JSON or form)', async () => {
    await lists(emailList(1200, 'dry'));
    const before = await snapshot();
    const ways: Array<[string, unknown, { form?: boolean }]> = [
      [`${BLACKLIST_URL}?blacklist=email&dry_run=true`, undefined, {}],
      [`${BLACKLIST_URL}?dry_run=true`, { blacklist: 'email' }, {}],
      [BLACKLIST_URL, { blacklist: 'email', dry_run: true }, {}],
      [BLACKLIST_URL, { type: 'email', dry_run: 'true' }, { form: true }],
      [`${BLACKLIST_URL}?type=email&dry_run=false`, { dry_run: true }, {}],
    ];
    for (const [url, body, options] of ways) {
      const response = await t.delete(url, body, options);
      assert.deepEqual(expectOk(response), { dry_run: true, would_delete: { entries: 1200 } }, `${url} ${JSON.stringify(body)}`);
    }
    assert.deepEqual(expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=telephone&dry_run=true`)), { dry_run: true, would_delete: { entries: 1 } });
    assert.deepEqual(await snapshot(), before);
  });

  it('counts what the list shows: an emptied list would lose nothing', async () => {
    await lists(['a@example.com']);
    expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email`));
    assert.deepEqual(expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email&dry_run=true`)), { dry_run: true, would_delete: { entries: 0 } });
  });

  it('with dry_run=false, empty or absent is the real call', async () => {
    for (const query of ['&dry_run=false', '&dry_run=', '']) {
      await lists(['real@example.com']);
      assert.equal(expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email${query}`)), null);
      assert.deepEqual(await listValues(t, 'email'), [], query);
    }
  });

  it('answers 400 naming dry_run when it is neither true nor false, and for a missing list as the real call', async () => {
    await lists(['stays@example.com']);
    const before = await snapshot();
    expectError(await t.delete(`${BLACKLIST_URL}?blacklist=email&dry_run=yes`), 400, 'bad_request', /^dry_run: /);
    expectError(await t.delete(BLACKLIST_URL, { blacklist: 'email', dry_run: 1 }), 400, 'bad_request', /^dry_run: /);
    expectError(await t.delete(`${BLACKLIST_URL}?dry_run=true`), 400, 'bad_request', /^blacklist: is required/);
    expectError(await t.delete(`${BLACKLIST_URL}?blacklist=sms&dry_run=true`), 400, 'bad_request', /^blacklist: must be one of/);
    assert.deepEqual(await snapshot(), before);
  });
});

describe('POST /account/blacklist?dry_run=true', () => {
  it('delete-create: would delete the whole list and add the file\'s distinct values; nothing changes', async () => {
    await lists(emailList(700, 'cur'));
    const before = await snapshot();
    // 5,000 lines: 4,000 new values, 600 already listed, 400 repeats; header and blank lines.
    const file = ['email', ...emailList(4000, 'new'), '', ...emailList(600, 'cur'), ...emailList(400, 'new')];
    const payload = expectOk(await uploadList(t, file.join('\r\n'), 'email', 'delete-create', {}, '?dry_run=true'));
    assert.deepEqual(payload, {
      dry_run: true,
      blacklist: 'email',
      type: 'delete-create',
      lines: file.length,
      would_delete: { entries: 700 },
      would_add: { entries: 4600 },
      invalid_lines: { count: 0, first: [] },
      rejection: null,
    });
    assert.deepEqual(await snapshot(), before);
    // the real call does what the dry run said
    expectOk(await uploadList(t, file.join('\r\n'), 'email', 'delete-create'));
    assert.equal((await listValues(t, 'email')).length, 4600);
  });

  it('create: would delete nothing and add only values not yet listed', async () => {
    await lists(['a@example.com', 'b@example.com']);
    const before = await snapshot();
    const file = 'B@example.com\nc@example.com\nd@example.com\nc@example.com\na@example.com\n';
    const payload = expectOk(await uploadList(t, file, 'email', 'create', {}, '?dry_run=true'));
    assert.deepEqual(
      { would_delete: payload.would_delete, would_add: payload.would_add, lines: payload.lines, rejection: payload.rejection },
      { would_delete: { entries: 0 }, would_add: { entries: 2 }, lines: 5, rejection: null },
    );
    assert.deepEqual(await snapshot(), before);
    expectOk(await uploadList(t, file, 'email', 'create'));
    assert.deepEqual(await listValues(t, 'email'), ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
  });

  it('reports the invalid lines and the 400 the real upload would answer, writing nothing', async () => {
    await lists(['keep@example.com']);
    const before = await snapshot();
    const lines = ['email', 'ok@example.com', ...Array.from({ length: 22 }, (_, i) => `bad${i}`), '"open', ''];
    const real = expectError(await uploadList(t, lines.join('\n'), 'email', 'delete-create'), 400, 'bad_request', /23 invalid lines/);
    const payload = expectOk(await uploadList(t, lines.join('\n'), 'email', 'delete-create', {}, '?dry_run=true'));
    assert.equal(payload.rejection, real);
    assert.deepEqual(payload.would_delete, { entries: 0 });
    assert.deepEqual(payload.would_add, { entries: 0 });
    assert.equal(payload.invalid_lines.count, 23);
    assert.equal(payload.invalid_lines.first.length, 20);
    assert.deepEqual(payload.invalid_lines.first.slice(0, 2), [
      { line: 3, value: 'bad0' },
      { line: 4, value: 'bad1' },
    ]);
    const unreadable = expectOk(await uploadList(t, 'x@example.com\n"open\n', 'email', 'create', {}, '?dry_run=true'));
    assert.deepEqual(unreadable.invalid_lines, { count: 1, first: [{ line: 2, value: '', problem: 'a quote opened here is never closed' }] });
    const long = expectOk(await uploadList(t, `${'y'.repeat(200)}\n`, 'email', 'create', {}, '?dry_run=true'));
    assert.equal(long.invalid_lines.first[0].value, `${'y'.repeat(80)}…`);
    const empty = expectOk(await uploadList(t, 'email\n\n', 'email', 'delete-create', {}, '?dry_run=true'));
    assert.match(empty.rejection, /^file: holds no entry/);
    assert.deepEqual([empty.would_delete, empty.would_add, empty.invalid_lines.count], [{ entries: 0 }, { entries: 0 }, 0]);
    assert.deepEqual(await snapshot(), before);
  });

  it('takes dry_run as a multipart part too; a part or parameter that is not true or false is 400', async () => {
    await lists(['keep@example.com']);
    const before = await snapshot();
    const parts = (dryRun: string) =>
      multipartBody([
        { name: 'file', filename: 'a.csv', content: 'n1@example.com\nn2@example.com\n' },
        { name: 'blacklist', value: 'email' },
        { name: 'type', value: 'delete-create' },
        { name: 'dry_run', value: dryRun },
      ]);
    const payload = expectOk(await postMultipart(t, parts('true')));
    assert.deepEqual([payload.dry_run, payload.would_delete, payload.would_add], [true, { entries: 1 }, { entries: 2 }]);
    expectError(await postMultipart(t, parts('maybe')), 400, 'bad_request', /^dry_run: must be true or false$/);
    expectError(await uploadList(t, 'n@example.com\n', 'email', 'delete-create', {}, '?dry_run=maybe'), 400, 'bad_request', /^dry_run: /);
    // the request's own errors come first, as for the real call
    expectError(await postMultipart(t, multipartBody([{ name: 'file', filename: 'a.csv', content: 'x@example.com\n' }]), {}, '?dry_run=true'), 400, 'bad_request', /^blacklist: is required$/);
    assert.deepEqual(await snapshot(), before);
    // dry_run=false (or an empty one) is the real upload
    expectOk(await postMultipart(t, parts('false')));
    assert.deepEqual(await listValues(t, 'email'), ['n1@example.com', 'n2@example.com']);
    expectOk(await uploadList(t, 'n3@example.com\n', 'email', 'create', {}, '?dry_run='));
    assert.deepEqual(await listValues(t, 'email'), ['n1@example.com', 'n2@example.com', 'n3@example.com']);
  });

  it('answers 413 beyond the upload limit, as the real call, and changes nothing', async () => {
    const small = await buildTestApp({ config: { uploadLimitBytes: 1024 } });
    expectOk(await uploadList(small, 'keep@example.com\n', 'email', 'delete-create'));
    expectError(await uploadList(small, emailList(200, 'big').join('\n'), 'email', 'delete-create', {}, '?dry_run=true'), 413, 'payload_too_large');
    assert.deepEqual(await listValues(small, 'email'), ['keep@example.com']);
    assert.deepEqual(await stagingRows(small), { uploads: 0, staged: 0 });
  });

  it('keeps to the account of the key', async () => {
    await lists(emailList(30, 'mine'));
    const other = await t.newAccount('dry-other');
    assert.deepEqual(expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email&dry_run=true`, undefined, { key: other.key })), {
      dry_run: true,
      would_delete: { entries: 0 },
    });
    const payload = expectOk(await uploadList(t, 'mine0@example.com\n', 'email', 'create', { key: other.key }, '?dry_run=true'));
    assert.deepEqual(payload.would_add, { entries: 1 });
  });
});
