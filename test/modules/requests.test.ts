import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { Worker } from '../../src/jobs/worker.js';
import { buildRepositories, requestHandlers } from '../../src/services.js';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';

// O11: GET /requests lists the account's background requests (K3), newest first, as
// GET /requests/{id} shows each. The app's own worker is off, so a request stays pending until a
// test runs a worker; each test uses an account of its own.

const t = await buildTestApp({ config: { workerEnabled: false } });

/** Runs every pending request once; types left out of `handlers` fail ("no handler"). */
async function runWorker(handlers = requestHandlers): Promise<void> {
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  await new Worker({ db: t.database.db, repositories: buildRepositories, clock: t.clock, log, handlers, mailer: null, pollMs: 1000 }).runOnce();
}

async function account() {
  const { key } = await t.newAccount();
  /** Accepts a background request at `at` (the clock's time then) and returns its id. */
  const accept = async (at: string, kind: 'categories.bulk-delete' | 'categories.delete' | 'user-events.bulk-delete') => {
    t.clock.set(at);
    try {
      let response;
      if (kind === 'categories.bulk-delete') response = await t.delete('/apiv3/categories/bulk', {}, { key });
      else if (kind === 'categories.delete') {
        const code = `c-${Math.random().toString(36).slice(2)}`;
        expectOk(await t.post('/apiv3/categories', { code, name: code }, { key }));
        response = await t.delete('/apiv3/categories', { code }, { key });
      } else {
        const name = `e-${Math.random().toString(36).slice(2, 10)}`;
        assert.equal((await t.post('/apiv3/events', { name }, { key })).status, 200);
        response = await t.delete('/apiv3/user-events/bulk', { event_name: name, from: '2026-01-01', to: '2026-01-31' }, { key });
      }
      return expectOk(response).request_id as string;
    } finally {
      t.clock.set(null);
    }
  };
  const list = async (query = '') => expectOk(await t.get(`/apiv3/requests${query}`, { key }));
  const ids = async (query = '') => (await list(query)).map((request: any) => request.request_id);
  const one = async (id: string) => expectOk(await t.get(`/apiv3/requests/${id}`, { key }));
  return { key, accept, list, ids, one };
}

describe('GET /requests', () => {
  it('lists the account\'s requests newest created first, ties by id descending, each as GET /requests/{id} shows it', async () => {
    const a = await account();
    const first = await a.accept('2026-04-01T10:00:00Z', 'categories.bulk-delete');
    const tied = [await a.accept('2026-04-01T10:00:05Z', 'user-events.bulk-delete'), await a.accept('2026-04-01T10:00:05Z', 'categories.delete')];
    const last = await a.accept('2026-04-01T10:01:00Z', 'categories.bulk-delete');

    const listed = await a.list();
    assert.deepEqual(
      listed.map((request: any) => request.request_id),
      [last, ...tied.sort().reverse(), first],
    );
    for (const request of listed) assert.deepEqual(request, await a.one(request.request_id));
    assert.deepEqual(listed[0], {
      request_id: last,
      type: 'categories.bulk-delete',
      status: 'pending',
      result: null,
      created: '2026-04-01 10:01:00',
      finished: null,
    });
  });

  it('filters by status and by type; an empty filter is absent and an unknown type matches nothing', async () => {
    const a = await account();
    const done = await a.accept('2026-04-02T10:00:00Z', 'categories.bulk-delete');
    const failed = await a.accept('2026-04-02T10:00:01Z', 'user-events.bulk-delete');
    await runWorker(requestHandlers.filter((handler) => handler.type !== 'user-events.bulk-delete'));
    const pending = await a.accept('2026-04-02T10:00:02Z', 'categories.bulk-delete');

    assert.deepEqual(await a.ids('?status=done'), [done]);
    assert.deepEqual(await a.ids('?status=failed'), [failed]);
    assert.deepEqual(await a.ids('?status=pending'), [pending]);
    assert.deepEqual(await a.ids('?status=running'), []);
    assert.deepEqual(await a.ids('?type=categories.bulk-delete'), [pending, done]);
    assert.deepEqual(await a.ids('?type=categories.bulk-delete&status=done'), [done]);
    assert.deepEqual(await a.ids('?type=user-events.bulk-delete&status=done'), []);
    assert.deepEqual(await a.ids('?type=no.such-type'), []);
    assert.deepEqual(await a.ids('?status=&type='), [pending, failed, done]);

    const [failedView] = await a.list('?status=failed');
    assert.deepEqual(failedView, await a.one(failed));
    assert.match(failedView.result.error, /no handler for request type user-events\.bulk-delete/);
    assert.match(failedView.finished, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [doneView] = await a.list('?status=done');
    assert.deepEqual(doneView.result, { deleted: 0 });
  });

  it('pages with page and limit (G6) and refuses anything else naming the parameter', async () => {
    const a = await account();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await a.accept(`2026-04-03T10:00:0${i}Z`, 'categories.bulk-delete'));
    const newestFirst = [...made].reverse();
    assert.deepEqual(await a.ids(), newestFirst);
    assert.deepEqual(await a.ids('?limit=2'), newestFirst.slice(0, 2));
    assert.deepEqual(await a.ids('?limit=2&page=1'), newestFirst.slice(2, 4));
    assert.deepEqual(await a.ids('?limit=2&page=2'), newestFirst.slice(4));
    assert.deepEqual(await a.ids('?limit=2&page=3'), []);

    const cases: Array<[string, RegExp]> = [
      ['?limit=0', /^limit: /],
      ['?limit=101', /^limit: /],
      ['?limit=2.5', /^limit: /],
      ['?page=-1', /^page: /],
      ['?page=x', /^page: /],
      ['?status=finished', /^status: must be one of "pending", "running", "done", "failed"/],
      [`?type=${'t'.repeat(101)}`, /^type: /],
    ];
    for (const [query, message] of cases) expectError(await t.get(`/apiv3/requests${query}`, { key: a.key }), 400, 'bad_request', message);
  });

  it('never shows another account\'s requests', async () => {
    const a = await account();
    const b = await account();
    const mine = await a.accept('2026-04-04T10:00:00Z', 'categories.bulk-delete');
    const theirs = await b.accept('2026-04-04T10:00:01Z', 'categories.bulk-delete');
    assert.deepEqual(await a.ids(), [mine]);
    assert.deepEqual(await b.ids(), [theirs]);
    assert.deepEqual(await a.ids('?status=pending&type=categories.bulk-delete'), [mine]);
    expectError(await t.get(`/apiv3/requests/${theirs}`, { key: a.key }), 404, 'not_found');
    const fresh = await account();
    assert.deepEqual(await fresh.list(), []);
  });

  it('needs a key', async () => {
    expectError(await t.get('/apiv3/requests', { key: null }), 403, 'forbidden');
    expectError(await t.get('/apiv3/requests/', { key: null }), 403, 'forbidden');
  });
});
