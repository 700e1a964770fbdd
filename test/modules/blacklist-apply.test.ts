import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { formatDateTime } from '../../src/lib/time.js';
import { visibleEntries } from '../../src/db/blacklist-visibility.js';
import { startServer } from '../../src/server.js';
import { buildTestApp, testConfig, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { BLACKLIST_URL, emailList, listValues, stagingRows, storedEntries, uploadList, waitFor } from '../helpers/blacklist.js';
import { childServers, sharedDatabaseConfig } from '../helpers/child-server.js';
import { blacklistUpload, MULTIPART_TYPE } from '../helpers/multipart.js';
import { createAccount, sharedDatabase } from '../ops/support.js';

// A blacklist apply and a DELETE of a list are short transactions that let other
// requests in, and still no reader ever sees a half-applied upload or a half-emptied list; an apply
// that dies half-way leaves the old list, and what it wrote is deleted later.

const t = await buildTestApp({ config: { workerPollMs: 50 } });
/** Background purges and big uploads share a loaded CI machine: waits for them are generous. */
const PURGE_WAIT_MS = 90_000;

/** Rows written by uploads still applying (generation in state writing), invisible to readers. */
async function rowsBeingWritten(db = t.database.db, accountId = t.accountId): Promise<number> {
  const row = await db
    .selectFrom('blacklist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('generation', 'in', db.selectFrom('blacklist_generations').select('generation').where('state', '=', 'writing'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const total = async (list = 'email') => expectOk(await t.get(`${BLACKLIST_URL}?blacklist=${list}&limit=1`)).total as number;
const listed = async (value: string) => expectOk(await t.get(`${BLACKLIST_URL}/email/${encodeURIComponent(value)}`)).blacklisted as boolean;

async function purgeRequests(status: 'pending' | 'running' | 'done' | 'failed'): Promise<number> {
  const rows = await t.database.db
    .selectFrom('requests')
    .select('id')
    .where('account_id', '=', t.accountId)
    .where('type', '=', 'blacklist.purge')
    .where('status', '=', status)
    .execute();
  return rows.length;
}

describe('applying an upload in steps', () => {
  it('lets readers in while it writes, and they see the old list until the new one is complete', async () => {
    const old = emailList(500, 'old');
    expectOk(await uploadList(t, old.join('\n'), 'email', 'delete-create'));
    const fresh = emailList(60_000, 'fresh');
    let finished = false;
    const pending = uploadList(t, fresh.join('\n'), 'email', 'delete-create').finally(() => (finished = true));
    const totals = new Set<number>();
    let readsDuringApply = 0;
    while (!finished) {
      // app.inject and SQLite answer within microtasks: leave the event loop a turn, as a socket would.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const [seen, hidden] = [await total(), await rowsBeingWritten()];
      totals.add(seen);
      if (hidden > 0) {
        readsDuringApply += 1;
        // The new rows exist but nobody sees them: the list is still exactly the old one.
        assert.equal(seen, old.length, 'a reader saw part of the upload being applied');
      }
    }
    expectOk(await pending);
    assert.ok(readsDuringApply > 0, 'requests were answered while the upload was being written');
    assert.deepEqual([...totals].filter((n) => n !== old.length && n !== fresh.length), [], 'only the whole old or the whole new list was seen');
    assert.equal(await total(), fresh.length);
    assert.equal(await listed('old0@example.com'), false);
    assert.equal(await listed('fresh59999@example.com'), true);
    // The replaced entries are deleted in the background.
    await waitFor(async () => (await storedEntries(t)) === fresh.length, 'the replaced entries to be purged', PURGE_WAIT_MS);
    assert.deepEqual(await stagingRows(t), { uploads: 0, staged: 0 });
    assert.equal(await purgeRequests('pending'), 0);
  });

  it('adds with create in steps too: values already listed keep their place, new ones come after, once', async () => {
    expectOk(await uploadList(t, 'b@example.com\na@example.com\n', 'email', 'delete-create'));
    const file = ['a@example.com', ...emailList(5000, 'more'), 'b@example.com', 'more0@example.com', 'c@example.com'];
    expectOk(await uploadList(t, file.join('\n'), 'email', 'create'));
    const after = await listValues(t, 'email');
    assert.deepEqual(after.slice(0, 3), ['b@example.com', 'a@example.com', 'more0@example.com']);
    assert.equal(after.length, 2 + 5000 + 1);
    assert.equal(after.at(-1), 'c@example.com');
    assert.equal(new Set(after).size, after.length);
  });
});

describe('DELETE /account/blacklist in steps', () => {
  it('empties the list at once; its entries are deleted afterwards by the worker', async () => {
    expectOk(await uploadList(t, emailList(20_000, 'gone').join('\n'), 'email', 'delete-create'));
    expectOk(await uploadList(t, '600111222\n', 'telephone', 'delete-create'));
    await waitFor(async () => (await storedEntries(t)) === 20_001, 'earlier lists purged', PURGE_WAIT_MS);
    assert.equal(expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email`)), null);
    assert.equal(await total(), 0);
    assert.equal(await listed('gone0@example.com'), false);
    assert.deepEqual(await listValues(t, 'telephone'), ['600111222']);
    await waitFor(async () => (await storedEntries(t)) === 1, 'the emptied list to be purged', PURGE_WAIT_MS);
    await waitFor(async () => (await purgeRequests('pending')) + (await purgeRequests('running')) === 0, 'the purge request to end', PURGE_WAIT_MS);
    assert.ok((await purgeRequests('done')) > 0);
    assert.equal(await purgeRequests('failed'), 0);
    // an emptied list takes new entries as before
    expectOk(await uploadList(t, 'back@example.com\n', 'email', 'create'));
    assert.deepEqual(await listValues(t, 'email'), ['back@example.com']);
  });

  it('waits for an upload applying to the same list, then empties it (the later change wins)', async () => {
    expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email`));
    const upload = uploadList(t, emailList(40_000, 'racing').join('\n'), 'email', 'delete-create');
    await waitFor(async () => (await rowsBeingWritten()) > 0, 'the upload to be applying', PURGE_WAIT_MS);
    expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email`));
    expectOk(await upload);
    assert.equal(await total(), 0);
    await waitFor(async () => (await storedEntries(t)) === 1, 'everything but the telephone to be purged', PURGE_WAIT_MS);
  });
});

describe('an apply that never finished', () => {
  /** What a process that died while applying `rows` entries of an upload leaves behind. */
  async function deadApply(options: { touchedAt: string; heldUntil: string; rows: number }) {
    const db = t.database.db;
    const { id } = await db
      .insertInto('blacklist_uploads')
      .values({ account_id: t.accountId, status: 'applying', created_at: options.touchedAt, touched_at: options.touchedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('blacklist_staging')
      .values(emailList(options.rows, 'dead').map((email, i) => ({ upload_id: id, line: i + 1, email, telephone: null })))
      .execute();
    await db
      .insertInto('blacklist_generations')
      .values({ account_id: t.accountId, list: 'email', generation: id, state: 'writing', created_at: options.touchedAt })
      .execute();
    await db
      .insertInto('blacklist_entries')
      .values(emailList(options.rows, 'dead').map((value) => ({ account_id: t.accountId, list: 'email', value, createtime: options.touchedAt, generation: id })))
      .execute();
    await db
      .insertInto('blacklist_locks')
      .values({ account_id: t.accountId, list: 'email', updated_at: options.touchedAt, holder: `upload:${id}`, held_until: options.heldUntil })
      .onConflict((oc) => oc.columns(['account_id', 'list']).doUpdateSet({ holder: `upload:${id}`, held_until: options.heldUntil }))
      .execute();
    return id;
  }

  it('leaves the old list as it was; the next upload sweeps it and the worker deletes what it wrote', async () => {
    t.clock.set('2026-05-01T12:00:00Z');
    expectOk(await uploadList(t, 'keep1@example.com\nkeep2@example.com\n', 'email', 'delete-create'));
    await waitFor(async () => (await storedEntries(t)) === 3, 'earlier lists purged', PURGE_WAIT_MS);
    await deadApply({ touchedAt: '2026-05-01 12:00:00', heldUntil: '2026-05-01 12:01:00', rows: 300 });
    assert.deepEqual(await listValues(t, 'email'), ['keep1@example.com', 'keep2@example.com']);
    assert.equal(await listed('dead1@example.com'), false);
    // U4 reads the lists the same way.
    const user = expectOk(await t.post('/apiv3/users', { service_uid: 'dead-1', email: 'dead1@example.com' }), 201);
    assert.equal(user.mailing_enabled, true);
    // A DELETE waits while the dead apply's lease runs, and proceeds once it has lapsed.
    let answered = false;
    const clearing = t.delete(`${BLACKLIST_URL}?blacklist=email`).finally(() => (answered = true));
    await new Promise((done) => setTimeout(done, 300));
    assert.equal(answered, false, 'the DELETE waits for the list');
    assert.deepEqual(await listValues(t, 'email'), ['keep1@example.com', 'keep2@example.com']);
    t.clock.set('2026-05-01T12:02:00Z');
    expectOk(await clearing);
    assert.deepEqual(await listValues(t, 'email'), []);
    // An hour later the next upload sweeps the dead one: its staging rows go now, its entries later.
    t.clock.set('2026-05-01T13:30:00Z');
    expectOk(await uploadList(t, 'after@example.com\n', 'email', 'create'));
    t.clock.set(null);
    assert.deepEqual(await stagingRows(t), { uploads: 0, staged: 0 });
    assert.deepEqual(await listValues(t, 'email'), ['after@example.com']);
    await waitFor(async () => (await storedEntries(t)) === 2, 'the dead apply\'s entries to be purged', PURGE_WAIT_MS);
    const lock = await t.database.db.selectFrom('blacklist_locks').select('holder').where('account_id', '=', t.accountId).where('list', '=', 'email').executeTakeFirstOrThrow();
    assert.equal(lock.holder, null);
  });

  it('an upload whose hold on the list lapses mid-apply is refused with 503 and changes nothing', async () => {
    expectOk(await uploadList(t, 'stay@example.com\n', 'email', 'delete-create'));
    const db = t.database.db;
    t.clock.set('2026-06-01T08:00:00Z');
    const pending = uploadList(t, emailList(60_000, 'lapsed').join('\n'), 'email', 'delete-create');
    await waitFor(async () => (await rowsBeingWritten()) > 0, 'the upload to be applying', PURGE_WAIT_MS);
    // Another process takes the list after the lease lapsed (this process looked dead to it).
    await db.updateTable('blacklist_locks').set({ holder: 'other-process', held_until: '2026-06-01 09:00:00' }).where('account_id', '=', t.accountId).where('list', '=', 'email').execute();
    expectError(await pending, 503, 'service_unavailable', /stalled/);
    await db.updateTable('blacklist_locks').set({ holder: null, held_until: null }).where('account_id', '=', t.accountId).execute();
    t.clock.set(null);
    assert.deepEqual(await listValues(t, 'email'), ['stay@example.com']);
    await waitFor(async () => (await rowsBeingWritten()) === 0 && (await storedEntries(t)) === 2, 'the abandoned generation to be purged', PURGE_WAIT_MS);
    assert.deepEqual(await stagingRows(t), { uploads: 0, staged: 0 });
  });
});

describe('a process killed while applying', () => {
  const servers = childServers();

  const visible = async (database: Database, accountId: number) =>
    Number((await visibleEntries(database.db, accountId, 'email').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('leaves the old list; the restarted server discards what it wrote and serves uploads again', async () => {
    const shared = await sharedDatabase(1);
    const database = shared.handles[0]!;
    const { accountId, key } = await createAccount(database);
    const config = sharedDatabaseConfig(shared);
    let restarted: FastifyInstance | undefined;
    try {
      const server = await servers.start(config, { workerEnabled: false });
      const post = (body: Buffer) =>
        fetch(`${server.url}${BLACKLIST_URL}`, { method: 'POST', headers: { authorization: `Basic ${key}`, 'content-type': MULTIPART_TYPE }, body });
      assert.equal((await post(blacklistUpload('old1@example.com\nold2@example.com\n', 'email', 'delete-create'))).status, 200);
      const dying = post(blacklistUpload(emailList(150_000, 'killed').join('\n'), 'email', 'delete-create')).catch(() => 'cut');
      await waitFor(async () => (await rowsBeingWritten(database.db, accountId)) > 0, 'the upload to be applying', 60_000);
      await server.kill();
      assert.equal(await dying, 'cut');
      assert.equal(await visible(database, accountId), 2, 'the old list, and only it, is visible');

      if (usingPostgres()) {
        // On PostgreSQL another process may be uploading: the start-up sweep takes only uploads
        // untouched for 5 minutes. Let those minutes pass.
        const past = formatDateTime(new Date(Date.now() - 10 * 60_000));
        await database.db.updateTable('blacklist_uploads').set({ touched_at: past }).execute();
      }
      restarted = await startServer(testConfig({ database: config, host: '127.0.0.1', port: 0, workerEnabled: true, workerPollMs: 50 }));
      assert.deepEqual(await stagingRows({ database }), { uploads: 0, staged: 0 });
      assert.equal(await rowsBeingWritten(database.db, accountId), 0);
      const stored = () => database.db.selectFrom('blacklist_entries').select('value').where('account_id', '=', accountId).orderBy('id').execute();
      await waitFor(async () => (await stored()).length === 2, 'the killed apply\'s rows to be purged', 60_000);
      assert.deepEqual((await stored()).map((row) => row.value), ['old1@example.com', 'old2@example.com']);
      const address = restarted.server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${address.port}${BLACKLIST_URL}`, {
        method: 'POST',
        headers: { authorization: `Basic ${key}`, 'content-type': MULTIPART_TYPE },
        body: blacklistUpload('new@example.com\n', 'email', 'delete-create'),
      });
      assert.equal(response.status, 200, await response.text());
      assert.equal(await visible(database, accountId), 1);
    } finally {
      await restarted?.close();
      await shared.drop();
    }
  });
});

describe("a list's size", () => {
  /** The size as counting every visible entry finds it (what `total` answered before migration 0010). */
  async function counted(list: 'email' | 'telephone'): Promise<number> {
    const row = await visibleEntries(t.database.db, t.accountId, list)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('is what each upload added plus the entries written before generations, without counting the list', async () => {
    const before = await counted('telephone'); // earlier tests of this file may have left entries
    assert.equal(await total('telephone'), before);
    const now = formatDateTime(new Date());
    await t.database.db
      .insertInto('blacklist_entries')
      .values(['5491100000001', '5491100000002', '5491100000003'].map((value) => ({ account_id: t.accountId, list: 'telephone', value, createtime: now })))
      .execute();
    assert.equal(await total('telephone'), before + 3);

    // Two new values and one already listed: the upload's generation records the two it added.
    expectOk(await uploadList(t, '5491100000003\n5491100000004\n5491100000005\n', 'telephone', 'create'));
    assert.equal(await total('telephone'), before + 5);
    const newest = await t.database.db
      .selectFrom('blacklist_generations')
      .select(['state', 'entries'])
      .where('account_id', '=', t.accountId)
      .where('list', '=', 'telephone')
      .orderBy('generation', 'desc')
      .executeTakeFirstOrThrow();
    assert.deepEqual([newest.state, Number(newest.entries)], ['live', 2]);
    // The same file again adds nothing.
    expectOk(await uploadList(t, '5491100000003\n5491100000004\n5491100000005\n', 'telephone', 'create'));
    assert.equal(await total('telephone'), before + 5);
    assert.equal(await counted('telephone'), before + 5);

    // delete-create: only the new file, whatever was live before (generation 0 included).
    expectOk(await uploadList(t, '5491100000007\n5491100000008\n5491100000008\n5491100000009\n5491100000010\n', 'telephone', 'delete-create'));
    assert.equal(await total('telephone'), 4);
    assert.equal(await counted('telephone'), 4);
    assert.equal((await listValues(t, 'telephone')).length, 4);
    const dryRun = expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=telephone&dry_run=true`));
    assert.deepEqual(dryRun.would_delete, { entries: 4 });

    expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=telephone`));
    assert.equal(await total('telephone'), 0);
    assert.equal(await counted('telephone'), 0);
  });
});
