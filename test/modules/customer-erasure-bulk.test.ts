import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createMailer } from '../../src/jobs/mailer.js';
import { Worker } from '../../src/jobs/worker.js';
import { buildRepositories, requestHandlers } from '../../src/services.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { richCustomer } from '../helpers/customers.js';
import { createUser } from '../helpers/factories.js';
import { waitForRequest } from '../helpers/requests.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

// D4: DELETE /multiusers/bulk {segment_id, notify_to?} erases every member of the segment as of
// acceptance, as D1 does, as a durable background request (K3).

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 50 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

const inCity = (city: string) => ({ all: [{ field: 'city', op: 'eq', value: city }] });
const createSegment = async (app: TestApp, title: string, city: string, key?: string) =>
  expectOk(await app.post('/apiv3/segments', { title, definition: inCity(city) }, { key }), 201);
const exists = async (app: TestApp, user: any, key?: string) => expectOk(await app.get(`/apiv3/users/${user.userapp_id}/exist`, { key })).exist as boolean;
const NO_COUNTS = { users: 0, user_events: 0, purchases: 0, purchase_items: 0, ledger_entries: 0, coupons: 0, family_members: 0, abandoned_carts: 0 };
const sum = (list: Array<Record<string, number>>) =>
  list.reduce((total, counts) => Object.fromEntries(Object.entries(total).map(([k, n]) => [k, n + counts[k]!])), NO_COUNTS as Record<string, number>);

describe('DELETE /multiusers/bulk (D4)', () => {
  it('erases every member in the background, each as D1 does, and tells notify_to the count', async () => {
    const { key } = await t.newAccount();
    const members = [await richCustomer(t, { city: 'Salta' }, { key }), await richCustomer(t, { city: 'salta' }, { key }), await richCustomer(t, { city: 'SALTA' }, { key })];
    const outsider = await richCustomer(t, { city: 'Jujuy' }, { key });
    const segment = await createSegment(t, 'Saltenos', 'Salta', key);
    const outsiderBefore = expectOk(await t.get(`/apiv3/users/${outsider.user.userapp_id}/export`, { key }));
    const dry = expectOk(await t.delete('/apiv3/multiusers/bulk?dry_run=true', { segment_id: segment.id }, { key }));
    assert.deepEqual(dry, { dry_run: true, would_delete: sum(members.map((m) => m.counts)) });
    assert.equal(await exists(t, members[0]!.user, key), true);

    const before = smtp.messages.length;
    const { request_id } = expectOk(await t.delete('/apiv3/multiusers/bulk', { segment_id: segment.id, notify_to: 'privacy@example.com' }, { key }));
    assert.match(request_id, /^[0-9a-f-]{36}$/);
    const view = await waitForRequest(t, request_id, { key, timeoutMs: 30_000 });
    assert.equal(view.status, 'done');
    assert.equal(view.type, 'users.bulk-erase');
    assert.deepEqual(view.result, { deleted: 3 });
    for (const { user } of members) assert.equal(await exists(t, user, key), false);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${outsider.user.userapp_id}/export`, { key })), outsiderBefore);
    // Nothing of the members is left anywhere: their purchases, events, coupons, members, carts.
    assert.deepEqual(expectOk(await t.delete('/apiv3/multiusers/bulk?dry_run=true', { segment_id: segment.id }, { key })).would_delete, sum([]));
    assert.deepEqual(expectOk(await t.get('/apiv3/user-events?limit=100', { key })).length, 3);
    assert.deepEqual(expectOk(await t.get('/apiv3/coupons?limit=100', { key })).length, 1);
    const frozen = await t.database.db.selectFrom('erasure_members').select('user_id').execute();
    assert.deepEqual(frozen, []);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.find((m) => m.raw.includes(request_id))!;
    assert.deepEqual(mail.to, ['privacy@example.com']);
    assert.match(mail.subject, new RegExp(`erase the 3 customers of segment ${segment.id} \\(Saltenos\\) completed \\(3 customers deleted\\)`));
  });

  it('takes the segment by slug, and sums nothing for an empty segment, whose request ends at once with 0', async () => {
    const { key } = await t.newAccount();
    const segment = await createSegment(t, 'Empty Town', 'Nowhere', key);
    assert.equal(segment.slug, 'empty-town');
    assert.deepEqual(expectOk(await t.delete('/apiv3/multiusers/bulk?dry_run=true', { segment_id: 'empty-town' }, { key })).would_delete, sum([]));
    const { request_id } = expectOk(await t.delete('/apiv3/multiusers/bulk', { segment_id: 'empty-town' }, { key }));
    const view = await waitForRequest(t, request_id, { key });
    assert.deepEqual([view.status, view.result], ['done', { deleted: 0 }]);
  });

  it('validates before accepting anything: 400 naming the field, 404 for a segment that is not the account\'s', async () => {
    const { key, accountId } = await t.newAccount();
    const segment = await createSegment(t, 'Valid', 'Tucumán', key);
    const theirs = await createSegment(t, 'Theirs', 'Tucumán');
    const refuse = async (body: unknown, status: number, code: string, message: RegExp, query = '') =>
      expectError(await t.delete(`/apiv3/multiusers/bulk${query}`, body, { key }), status, code, message);
    const cases: Array<[unknown, number, string, RegExp, string?]> = [
      [undefined, 400, 'bad_request', /^segment_id: is required$/],
      [{}, 400, 'bad_request', /^segment_id: is required$/],
      [{ segment_id: '  ' }, 400, 'bad_request', /^segment_id: is required$/],
      [{ segment_id: true }, 400, 'bad_request', /^segment_id: must be integer or string$/],
      [{ segment_id: 0 }, 400, 'bad_request', /^segment_id: must be >= 1$/],
      [{ segment_id: 2 ** 31 }, 400, 'bad_request', /^segment_id: must be <= 2147483647$/],
      [{ segment_id: segment.id, notify_to: 'not-an-address' }, 400, 'bad_request', /^notify_to: must be a valid e-mail address$/],
      [{ segment_id: segment.id }, 400, 'bad_request', /^dry_run: must be boolean$/, '?dry_run=perhaps'],
      [{ segment_id: segment.id, dry_run: 'true' }, 400, 'bad_request', /^dry_run: must be boolean$/],
      [{ segment_id: 'no-such-segment' }, 404, 'not_found', /^segment no-such-segment not found$/],
      [{ segment_id: theirs.id }, 404, 'not_found', new RegExp(`^segment ${theirs.id} not found$`)],
      [{ segment_id: theirs.id }, 404, 'not_found', /not found$/, '?dry_run=true'],
    ];
    for (const [body, status, code, message, query] of cases) await refuse(body, status, code, message, query ?? '');
    expectError(await t.delete('/apiv3/multiusers/bulk', '{"segment_id":', { key }), 400, 'bad_request', /^body: malformed JSON$/);
    const requests = await t.database.db.selectFrom('requests').select('id').where('account_id', '=', accountId).execute();
    assert.deepEqual(requests, []);
    // A form body works as JSON does (G8).
    const accepted = expectOk(await t.delete('/apiv3/multiusers/bulk', { segment_id: String(segment.id), notify_to: '' }, { key, form: true }));
    assert.equal((await waitForRequest(t, accepted.request_id, { key })).status, 'done');
  });
});

describe('a bulk erasure in the background', () => {
  /** An app whose worker the test runs by hand, stepping one customer at a time. */
  async function stepped() {
    const app = await buildTestApp({ config: { workerEnabled: false } });
    const worker = (id: string, afterStep?: () => Promise<void>) =>
      new Worker({ db: app.database.db, repositories: buildRepositories, clock: app.clock, log, handlers: requestHandlers, mailer: createMailer(smtp.url, 'r@test.local'), pollMs: 1000, batchSize: 1, leaseMs: 10_000, id, afterStep });
    return { app, worker };
  }

  it('erases the members as of acceptance: not those who join later, also those who leave, not those erased meanwhile', async () => {
    const { app, worker } = await stepped();
    const members = [];
    for (let i = 0; i < 4; i++) members.push((await createUser(app, { city: 'Neuquén' })) as any);
    const segment = await createSegment(app, 'Neuquinos', 'Neuquén');
    const { request_id } = expectOk(await app.delete('/apiv3/multiusers/bulk', { segment_id: segment.id }));
    const joined = await createUser(app, { city: 'Neuquén' });
    expectOk(await app.put(`/apiv3/users/${members[1].userapp_id}`, { city: 'Elsewhere' }));
    expectOk(await app.delete(`/apiv3/users/${members[2].userapp_id}`));
    await worker('only').runOnce();
    const view = expectOk(await app.get(`/apiv3/requests/${request_id}`));
    assert.deepEqual([view.status, view.result], ['done', { deleted: 3 }]);
    for (const member of members) assert.equal(await exists(app, member), false);
    assert.equal(await exists(app, joined), true);
    await app.close();
  });

  it('resumes after a crash mid-way and counts every customer exactly once', async () => {
    const { app, worker } = await stepped();
    app.clock.set('2026-09-01T00:00:00Z');
    const members = [];
    for (let i = 0; i < 7; i++) members.push((await createUser(app, { city: 'Chubut', points: 5 })) as any);
    const segment = await createSegment(app, 'Chubutenses', 'Chubut');
    const { request_id } = expectOk(await app.delete('/apiv3/multiusers/bulk', { segment_id: segment.id, notify_to: 'resume@example.com' }));
    let steps = 0;
    let unfreeze!: () => void;
    const frozen = new Promise<void>((resolve) => (unfreeze = resolve));
    // This worker stops answering after its third step (its lease runs out): a crashed process.
    const dyingRun = worker('dying', async () => {
      if (++steps === 3) await frozen;
    }).runOnce();
    for (let i = 0; i < 400 && steps < 3; i++) await new Promise((r) => setTimeout(r, 5));
    const midway = expectOk(await app.get(`/apiv3/requests/${request_id}`));
    assert.deepEqual([midway.status, midway.result], ['running', { deleted: 3 }]);
    const left = await Promise.all(members.map((m) => exists(app, m)));
    assert.deepEqual(left, [false, false, false, true, true, true, true]);
    const before = smtp.messages.length;
    app.clock.set('2026-09-01T00:00:11Z');
    await worker('restarted').runOnce();
    unfreeze();
    await dyingRun;
    const view = expectOk(await app.get(`/apiv3/requests/${request_id}`));
    assert.deepEqual([view.status, view.result], ['done', { deleted: 7 }]);
    for (const member of members) assert.equal(await exists(app, member), false);
    await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(smtp.messages.filter((m) => m.to.includes('resume@example.com') && m.raw.includes(request_id)).length, 1);
    assert.match(smtp.messages.at(-1)!.subject, /\(7 customers deleted\)/);
    await app.close();
  });
});
