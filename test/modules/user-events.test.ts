import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildRepositories, requestHandlers } from '../../src/services.js';
import { createMailer } from '../../src/jobs/mailer.js';
import { Worker } from '../../src/jobs/worker.js';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { waitForRequest } from '../helpers/requests.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 50 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());

let sequence = 0;
async function newEvent(key?: string): Promise<{ id: number; name: string }> {
  sequence += 1;
  const response = await t.post('/apiv3/events', { name: `ev-${sequence}` }, { key });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

async function record(fields: Record<string, unknown>, key?: string) {
  return expectOk(await t.post('/apiv3/user-events', fields, { key }));
}

describe('POST /user-events', () => {
  it('records an event for a user found by service_uid and answers the listing shape', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    const created = await record({ event: event.name, service_uid: user.service_uid, datetime: '2026-02-03 04:05:06', metadata: { plan: 'gold', n: 3 } });
    assert.deepEqual(Object.keys(created).sort(), ['datetime', 'event', 'id', 'metadata', 'user']);
    assert.ok(Number.isInteger(created.id));
    assert.deepEqual(created.event, { id: event.id, name: event.name, createtime: (event as any).createtime });
    assert.deepEqual(created.user, { userapp_id: user.userapp_id, user_id: user.userapp_id, service_uid: user.service_uid, email: user.email });
    assert.equal(created.datetime, '2026-02-03 04:05:06');
    assert.deepEqual(created.metadata, { plan: 'gold', n: 3 });
    const listed = expectOk(await t.get(`/apiv3/user-events?service_uid=${user.service_uid}`));
    assert.deepEqual(listed, [created]);
  });

  it('finds the user by email (any case) or document when no service_uid is given', async () => {
    const event = await newEvent();
    const user = await createUser(t, { document: `DOC-${Date.now()}` });
    const byEmail = await record({ event: event.name, email: user.email.toUpperCase() });
    assert.equal(byEmail.user.userapp_id, user.userapp_id);
    const byDocument = await record({ event: event.name, document: user.document });
    assert.equal(byDocument.user.userapp_id, user.userapp_id);
    const emptyUid = await record({ event: event.name, service_uid: '', email: user.email });
    assert.equal(emptyUid.user.userapp_id, user.userapp_id);
  });

  it('converts ISO 8601 input to UTC and defaults the datetime to now', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    assert.equal((await record({ event: event.name, service_uid: user.service_uid, datetime: '2026-01-02T03:04:05+02:00' })).datetime, '2026-01-02 01:04:05');
    assert.equal((await record({ event: event.name, service_uid: user.service_uid, datetime: '2026-01-02T03:04:05.123Z' })).datetime, '2026-01-02 03:04:05');
    t.clock.set('2026-07-08T09:10:11Z');
    const now = await record({ event: event.name, service_uid: user.service_uid });
    t.clock.set(null);
    assert.equal(now.datetime, '2026-07-08 09:10:11');
    assert.equal(now.metadata, null);
  });

  it('rejects datetimes that are not G7 forms', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    for (const datetime of ['2026-01-02', '02/01/2026', '2026-02-30 00:00:00', '2026-01-02T03:04:05', 'yesterday']) {
      expectError(await t.post('/apiv3/user-events', { event: event.name, service_uid: user.service_uid, datetime }), 400, 'bad_request', /^datetime: /);
    }
  });

  it('accepts metadata up to 16 KiB of JSON and refuses more', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    const overhead = JSON.stringify({ k: '' }).length;
    const fits = { k: 'x'.repeat(16_384 - overhead) };
    assert.deepEqual((await record({ event: event.name, service_uid: user.service_uid, metadata: fits })).metadata, fits);
    const tooBig = { k: 'x'.repeat(16_384 - overhead + 1) };
    expectError(await t.post('/apiv3/user-events', { event: event.name, service_uid: user.service_uid, metadata: tooBig }), 400, 'bad_request', /metadata: must be at most 16384 bytes/);
    // multi-byte characters count as bytes
    const accents = { k: 'é'.repeat(9000) };
    expectError(await t.post('/apiv3/user-events', { event: event.name, service_uid: user.service_uid, metadata: accents }), 400, 'bad_request', /metadata/);
    for (const metadata of [[1, 2], 'text', 5]) {
      expectError(await t.post('/apiv3/user-events', { event: event.name, service_uid: user.service_uid, metadata }), 400, 'bad_request', /metadata/);
    }
    // null means "not given"
    assert.equal((await record({ event: event.name, service_uid: user.service_uid, metadata: null })).metadata, null);
  });

  it('ignores unknown properties such as the client\'s cleanser', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    const created = await record({ event: event.name, service_uid: user.service_uid, cleanser: { x: 1 }, extra: 2 });
    assert.equal(created.cleanser, undefined);
  });

  it('answers 400 without event or user identity, 404 for unknown event or user', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    expectError(await t.post('/apiv3/user-events', { service_uid: user.service_uid }), 400, 'bad_request', /event: is required/);
    expectError(await t.post('/apiv3/user-events', { event: event.name }), 400, 'bad_request', /service_uid: is required/);
    expectError(await t.post('/apiv3/user-events', { event: 'no-such-event', service_uid: user.service_uid }), 404, 'not_found', /event no-such-event not found/);
    expectError(await t.post('/apiv3/user-events', { event: event.name, service_uid: 'nobody' }), 404, 'not_found', /no user matches/);
    expectError(await t.post('/apiv3/user-events', { event: event.name, email: 'nobody@example.com' }), 404, 'not_found', /user/);
  });

  it('never reaches another account\'s events or users', async () => {
    const other = await t.newAccount();
    const foreignEvent = await newEvent(other.key);
    const foreignUser = await createUser(t, {}, { key: other.key });
    const myEvent = await newEvent();
    const myUser = await createUser(t);
    expectError(await t.post('/apiv3/user-events', { event: foreignEvent.name, service_uid: myUser.service_uid }), 404, 'not_found');
    expectError(await t.post('/apiv3/user-events', { event: myEvent.name, service_uid: foreignUser.service_uid }), 404, 'not_found');
  });
});

describe('GET /user-events', () => {
  it('lists newest datetime first, then id, with filters and pagination', async () => {
    const { key } = await t.newAccount();
    const login = await newEvent(key);
    const buy = await newEvent(key);
    const ann = await createUser(t, {}, { key });
    const bob = await createUser(t, {}, { key });
    const a = await record({ event: login.name, service_uid: ann.service_uid, datetime: '2026-01-01 10:00:00' }, key);
    const b = await record({ event: buy.name, service_uid: ann.service_uid, datetime: '2026-01-03 10:00:00' }, key);
    const c = await record({ event: login.name, service_uid: bob.service_uid, datetime: '2026-01-02 10:00:00' }, key);
    const d = await record({ event: login.name, service_uid: bob.service_uid, datetime: '2026-01-02 10:00:00' }, key);
    const ids = async (query: string) => expectOk(await t.get(`/apiv3/user-events${query}`, { key })).map((e: any) => e.id);
    assert.deepEqual(await ids(''), [b.id, d.id, c.id, a.id]);
    assert.deepEqual(await ids(`?service_uid=${ann.service_uid}`), [b.id, a.id]);
    assert.deepEqual(await ids(`?event=${login.name}`), [d.id, c.id, a.id]);
    assert.deepEqual(await ids(`?event=${login.name}&service_uid=${bob.service_uid}`), [d.id, c.id]);
    assert.deepEqual(await ids('?from=2026-01-02&to=2026-01-02'), [d.id, c.id]);
    assert.deepEqual(await ids('?from=2026-01-02%2010:00:00'), [b.id, d.id, c.id]);
    assert.deepEqual(await ids('?to=2026-01-01T23:59:59Z'), [a.id]);
    assert.deepEqual(await ids('?limit=2'), [b.id, d.id]);
    assert.deepEqual(await ids('?limit=2&page=1'), [c.id, a.id]);
    assert.deepEqual(await ids('?event=unknown-event'), []);
    assert.deepEqual(await ids('?service_uid=unknown-user'), []);
    const other = await t.newAccount();
    assert.deepEqual(expectOk(await t.get('/apiv3/user-events', { key: other.key })), []);
  });

  it('defaults to 25 per page', async () => {
    const { key } = await t.newAccount();
    const event = await newEvent(key);
    const user = await createUser(t, {}, { key });
    for (let i = 0; i < 26; i++) await record({ event: event.name, service_uid: user.service_uid }, key);
    assert.equal(expectOk(await t.get('/apiv3/user-events', { key })).length, 25);
  });

  it('rejects invalid parameters with 400', async () => {
    expectError(await t.get('/apiv3/user-events?limit=101'), 400, 'bad_request', /limit/);
    expectError(await t.get('/apiv3/user-events?page=-1'), 400, 'bad_request', /page/);
    expectError(await t.get('/apiv3/user-events?from=nope'), 400, 'bad_request', /^from: /);
    expectError(await t.get('/apiv3/user-events?from=2026-02-01&to=2026-01-01'), 400, 'bad_request', /from: must not be after to/);
  });
});

describe('DELETE /events/{id} with user events', () => {
  it('deletes the event\'s user events too', async () => {
    const { key } = await t.newAccount();
    const gone = await newEvent(key);
    const kept = await newEvent(key);
    const user = await createUser(t, {}, { key });
    await record({ event: gone.name, service_uid: user.service_uid }, key);
    await record({ event: gone.name, service_uid: user.service_uid }, key);
    const keptRecord = await record({ event: kept.name, service_uid: user.service_uid }, key);
    const response = await t.delete(`/apiv3/events/${gone.id}`, undefined, { key });
    assert.deepEqual(response.body.payload, []);
    assert.deepEqual(expectOk(await t.get('/apiv3/user-events', { key })).map((e: any) => e.id), [keptRecord.id]);
    const rows = await t.database.db.selectFrom('user_events').select('id').where('event_id', '=', gone.id).execute();
    assert.equal(rows.length, 0);
  });
});

describe('DELETE /user-events/bulk', () => {
  async function scenario() {
    const account = await t.newAccount();
    const target = await newEvent(account.key);
    const other = await newEvent(account.key);
    const user = await createUser(t, {}, { key: account.key });
    const at = (datetime: string, event = target) => record({ event: event.name, service_uid: user.service_uid, datetime }, account.key);
    await at('2026-03-01 00:00:00');
    await at('2026-03-01 23:59:59');
    await at('2026-03-02 12:00:00');
    await at('2026-02-28 23:59:59');
    await at('2026-03-03 00:00:00');
    await at('2026-03-01 12:00:00', other);
    return { ...account, target, other, user };
  }

  it('deletes one event\'s user events within the range (bare dates are whole days) and mails the counts', async () => {
    const s = await scenario();
    const before = smtp.messages.length;
    const accepted = expectOk(await t.delete('/apiv3/user-events/bulk', { event_name: s.target.name, from: '2026-03-01', to: '2026-03-02', notify_to: 'owner@example.com' }, { key: s.key }));
    const view = await waitForRequest(t, accepted.request_id, { key: s.key });
    assert.equal(view.status, 'done');
    assert.equal(view.type, 'user-events.bulk-delete');
    assert.deepEqual(view.result, { deleted: 3 });
    const left = expectOk(await t.get('/apiv3/user-events', { key: s.key })).map((e: any) => `${e.event.name} ${e.datetime}`);
    assert.deepEqual(left, [`${s.target.name} 2026-03-03 00:00:00`, `${s.other.name} 2026-03-01 12:00:00`, `${s.target.name} 2026-02-28 23:59:59`]);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before]!;
    assert.deepEqual(mail.to, ['owner@example.com']);
    assert.match(mail.subject, new RegExp(`delete user events of ${s.target.name} from 2026-03-01 00:00:00 to 2026-03-02 23:59:59 completed \\(3 user events deleted\\)`));
    assert.match(mail.raw, /Deleted: 3 user events/);
  });

  it('accepts the event-name spelling, datetimes and ISO forms', async () => {
    const s = await scenario();
    const accepted = expectOk(await t.delete('/apiv3/user-events/bulk', { 'event-name': s.target.name, from: '2026-03-01T02:00:00+03:00', to: '2026-03-01 23:59:59' }, { key: s.key }));
    // 02:00+03:00 is 2026-02-28 23:00:00 UTC: the 23:59:59 of the 28th is inside the range too.
    assert.deepEqual((await waitForRequest(t, accepted.request_id, { key: s.key })).result, { deleted: 3 });
  });

  it('validates synchronously and accepts nothing on failure', async () => {
    const s = await scenario();
    const body = { event_name: s.target.name, from: '2026-03-01', to: '2026-03-02' };
    expectError(await t.delete('/apiv3/user-events/bulk', undefined, { key: s.key }), 400, 'bad_request', /event_name: is required/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, event_name: undefined }, { key: s.key }), 400, 'bad_request', /event_name: is required/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, from: undefined }, { key: s.key }), 400, 'bad_request', /from: is required/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, to: undefined }, { key: s.key }), 400, 'bad_request', /to: is required/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, from: '01/03/2026' }, { key: s.key }), 400, 'bad_request', /^from: must be a datetime/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, to: '2026-13-01' }, { key: s.key }), 400, 'bad_request', /^to: /);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, from: '2026-03-03' }, { key: s.key }), 400, 'bad_request', /from: must not be after to/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, notify_to: 'nope' }, { key: s.key }), 400, 'bad_request', /notify_to/);
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, event_name: 'missing-event' }, { key: s.key }), 404, 'not_found', /event missing-event not found/);
    expectError(await t.delete('/apiv3/user-events/bulk', body), 404, 'not_found');
    const accountId = (await t.database.db.selectFrom('events').select('account_id').where('id', '=', s.target.id).executeTakeFirstOrThrow()).account_id;
    assert.equal((await t.database.db.selectFrom('requests').select('id').where('account_id', '=', accountId).execute()).length, 0);
    assert.equal(expectOk(await t.get('/apiv3/user-events', { key: s.key })).length, 6);
  });

  it('is resumed after a crash mid-way and counts exactly once', async () => {
    const app = await buildTestApp({ config: { workerEnabled: false } });
    app.clock.set('2026-09-01T00:00:00Z');
    const event = (await app.post('/apiv3/events', { name: 'bulk' })).body;
    const user = await createUser(app);
    for (let i = 0; i < 25; i++) {
      expectOk(await app.post('/apiv3/user-events', { event: 'bulk', service_uid: user.service_uid, datetime: `2026-08-${String(1 + (i % 28)).padStart(2, '0')} 10:00:00` }));
    }
    const { request_id } = expectOk(await app.delete('/apiv3/user-events/bulk', { event_name: 'bulk', from: '2026-08-01', to: '2026-08-31', notify_to: 'crash@example.com' }));
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const make = (id: string, afterStep?: () => Promise<void>) =>
      new Worker({ db: app.database.db, repositories: buildRepositories, clock: app.clock, log, handlers: requestHandlers, mailer: createMailer(smtp.url, 'r@test.local'), pollMs: 1000, batchSize: 4, leaseMs: 10_000, id, afterStep });
    let steps = 0;
    let unfreeze!: () => void;
    const frozen = new Promise<void>((resolve) => (unfreeze = resolve));
    const dying = make('dying', async () => {
      if (++steps === 3) await frozen;
    });
    const dyingRun = dying.runOnce();
    for (let i = 0; i < 200 && steps < 3; i++) await new Promise((r) => setTimeout(r, 5));
    const midway = expectOk(await app.get(`/apiv3/requests/${request_id}`));
    assert.equal(midway.status, 'running');
    assert.deepEqual(midway.result, { deleted: 12 });
    assert.equal(expectOk(await app.get('/apiv3/user-events?limit=100')).length, 13);
    const before = smtp.messages.length;
    app.clock.set('2026-09-01T00:00:11Z');
    await make('restarted').runOnce();
    unfreeze();
    await dyingRun;
    const view = expectOk(await app.get(`/apiv3/requests/${request_id}`));
    assert.equal(view.status, 'done');
    assert.deepEqual(view.result, { deleted: 25 });
    assert.equal(expectOk(await app.get('/apiv3/user-events?limit=100')).length, 0);
    assert.equal(event.name, 'bulk');
    await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(smtp.messages.filter((m) => m.to.includes('crash@example.com') && m.raw.includes(request_id)).length, 1);
    assert.match(smtp.messages.at(-1)!.subject, /25 user events deleted/);
  });
});

describe('POST /user-events under concurrency', () => {
  it('answers every concurrent request with its own committed row', async () => {
    const { key } = await t.newAccount();
    const event = await newEvent(key);
    const user = await createUser(t, {}, { key });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post('/apiv3/user-events', { event: event.name, service_uid: user.service_uid, metadata: { i } }, { key }),
      ),
    );
    const created = responses.map((r) => expectOk(r));
    assert.equal(new Set(created.map((c: any) => c.id)).size, 30);
    const listed = expectOk(await t.get('/apiv3/user-events?limit=100', { key }));
    assert.equal(listed.length, 30);
    for (const c of created) assert.deepEqual(listed.find((l: any) => l.id === c.id).metadata, c.metadata);
  });
});
