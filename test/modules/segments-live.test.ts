import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { uploadList, waitFor } from '../helpers/blacklist.js';
import { liveMembershipSettled } from '../helpers/segments-live.js';
import { createUser } from '../helpers/factories.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// SG7–SG8 and U11's belongsToSegment: the stored membership follows the customers' writes within
// moments (the live segments loop polls every 20 ms here), each transition is one row of
// GET /segments/{id}/changes and one webhook message; a new segment's first members are silent.

const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerPollMs: 20, segmentPollMs: 20 } });

type Change = { type: 'entered' | 'exited'; userapp_id: number; at: string };

const db = t.database.db;
const changes = async (segment: number | string, query = '') => expectOk(await t.get(`/apiv3/segments/${segment}/changes?limit=100${query}`)) as Change[];
const stored = async (segment: number) =>
  (await db.selectFrom('segment_members').select('user_id').where('segment_id', '=', segment).orderBy('user_id').execute()).map((row) => Number(row.user_id));
const membersNow = async (segment: number) => (expectOk(await t.get(`/apiv3/users?segment_id=${segment}&limit=100`)) as Array<{ userapp_id: number }>).map((u) => u.userapp_id);
const settled = () => liveMembershipSettled(db);
async function segment(title: string, definition: unknown, extra: Record<string, unknown> = {}): Promise<number> {
  const created = expectOk(await t.post('/apiv3/segments', { title, definition, ...extra }), 201);
  await settled();
  return created.id as number;
}
const points = (value: number) => ({ all: [{ field: 'points', op: 'gte', value }] });
const setPoints = async (id: number, value: number) => expectOk(await t.put(`/apiv3/users/${id}`, { points: value }));

describe('stored membership (SG7)', () => {
  it("takes a new segment's members silently, then follows each customer's writes with one transition each", async () => {
    const rich = await createUser(t, { service_uid: 'live-1', email: 'live1@example.com', points: 500 });
    const poor = await createUser(t, { service_uid: 'live-2', email: 'live2@example.com', points: 5 });
    const id = await segment('Live rich', points(100));
    assert.deepEqual(await stored(id), [rich.userapp_id]);
    assert.deepEqual(await changes(id), [], 'the first members are not announced');

    await setPoints(poor.userapp_id, 150);
    await settled();
    assert.deepEqual(await stored(id), [rich.userapp_id, poor.userapp_id]);
    await setPoints(rich.userapp_id, 1);
    await settled();
    assert.deepEqual(await stored(id), [poor.userapp_id]);
    const listed = await changes(id);
    assert.deepEqual(
      listed.map((c) => [c.type, c.userapp_id]),
      [
        ['exited', rich.userapp_id],
        ['entered', poor.userapp_id],
      ],
    );
    assert.match(listed[0]!.at, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.deepEqual(await stored(id), await membersNow(id), 'stored members equal the members computed now');
  });

  it('announces the first members of a segment created with announce: true', async () => {
    const member = await createUser(t, { service_uid: 'live-3', points: 7000 });
    const id = await segment('Live announced', points(6000), { announce: true });
    assert.deepEqual((await changes(id)).map((c) => [c.type, c.userapp_id]), [['entered', member.userapp_id]]);
  });

  it('announces the differences of a redefinition, and none with announce: false', async () => {
    const a = await createUser(t, { service_uid: 'live-4', points: 8100 });
    const b = await createUser(t, { service_uid: 'live-5', points: 8200 });
    const id = await segment('Live redefined', points(8150));
    assert.deepEqual(await stored(id), [b.userapp_id]);
    expectOk(await t.put(`/apiv3/segments/${id}`, { definition: points(8050) }));
    await settled();
    assert.deepEqual((await changes(id)).map((c) => [c.type, c.userapp_id]), [['entered', a.userapp_id]]);
    expectOk(await t.put(`/apiv3/segments/${id}`, { definition: points(8300), announce: false }));
    await settled();
    assert.deepEqual(await stored(id), []);
    assert.equal((await changes(id)).length, 1, 'the silent redefinition recorded no exit');
  });

  it('follows a blacklist upload: customers whose e-mail goes on the list leave a "mailing enabled" segment', async () => {
    const c = await createUser(t, { service_uid: 'live-6', email: 'listed@example.com', points: 9100 });
    const id = await segment('Live mailable', { all: [{ field: 'mailing_enabled', op: 'eq', value: true }, { field: 'points', op: 'gte', value: 9000 }] });
    assert.deepEqual(await stored(id), [c.userapp_id]);
    expectOk(await uploadList(t, 'listed@example.com\n', 'email', 'create'));
    await waitFor(async () => (await stored(id)).length === 0, 'the listed customer left');
    await settled();
    assert.deepEqual((await changes(id)).map((x) => [x.type, x.userapp_id]), [['exited', c.userapp_id]]);
  });
});

describe('mailing activity (SG9) in a live segment', () => {
  it("lets a customer in when a mailing's recipient row records the activity", async () => {
    const c = await createUser(t, { service_uid: 'live-13', email: 'reader@example.com', points: 0 });
    const audience = await segment('Live mailing audience', points(0));
    const mailing = expectOk(await t.post('/apiv3/mailings', { name: 'Live news', subject: 's', body: '<p>b</p>', segment_id: audience }), 201);
    const readers = await segment('Live received news', { all: [{ mailing: mailing.id, activity: 'received', op: 'has' }] });
    assert.deepEqual(await stored(readers), []);
    // As the sender records a message accepted (the row written as a freeze would, then sent).
    const { id: row } = await db
      .insertInto('mailing_recipients')
      .values({ account_id: t.accountId, mailing_id: mailing.id, user_id: c.userapp_id, email: 'reader@example.com', status: 'pending', reason: null, next_attempt_at: '2026-01-01 00:00:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('mailing_recipients').set({ status: 'sent', sent_at: '2026-01-01 00:00:05' }).where('id', '=', row).execute();
    await waitFor(async () => (await stored(readers)).includes(c.userapp_id), 'the reader let in by the customer path');
  });
});

describe('the periodic refresh (SG7) and the changes kept 90 days (SG8)', () => {
  it('lets a customer out as a time window passes, then forgets the change after 90 days', async () => {
    assert.equal((await t.post('/apiv3/events', { name: 'live-visit' })).status, 200);
    t.clock.set('2026-05-01T12:00:00Z');
    const visitor = await createUser(t, { service_uid: 'live-11', points: 0 });
    const id = await segment('Live recent visitors', { all: [{ event: 'live-visit', within_last_days: 1, op: 'gte', value: 1 }] }, { announce: true });
    expectOk(await t.post('/apiv3/user-events', { event: 'live-visit', service_uid: 'live-11', datetime: '2026-05-01 11:00:00' }));
    await settled();
    assert.deepEqual(await stored(id), [visitor.userapp_id]);
    // Two days on, nothing was written: the refresh every SEGMENT_REFRESH_MINUTES lets the visitor out.
    t.clock.set('2026-05-03T12:00:00Z');
    await waitFor(async () => (await stored(id)).length === 0, 'the visitor let out by the periodic refresh');
    await settled();
    assert.deepEqual(
      (await changes(id)).map((c) => [c.type, c.userapp_id, c.at]),
      [
        ['exited', visitor.userapp_id, '2026-05-03 12:00:00'],
        ['entered', visitor.userapp_id, '2026-05-01 12:00:00'],
      ],
    );
    // 90 days after the exit, and 91 after the entry: the entry is swept, the exit kept.
    t.clock.set('2026-07-31T13:00:00Z');
    await waitFor(async () => (await changes(id)).length === 1, 'the entry swept');
    assert.deepEqual((await changes(id)).map((c) => c.type), ['exited']);
    t.clock.set(null);
  });
});

describe('GET /segments/{id}/changes (SG8)', () => {
  it('filters by type and time, by id or slug; 404 for an unknown segment, 400 naming a bad bound', async () => {
    t.clock.set('2026-03-01T10:00:00Z');
    const u = await createUser(t, { service_uid: 'live-7', points: 0 });
    const id = await segment('Live changes', points(10_000));
    await setPoints(u.userapp_id, 10_001);
    await settled();
    t.clock.set('2026-03-02T10:00:00Z');
    await setPoints(u.userapp_id, 0);
    await settled();
    t.clock.set(null);
    const slug = expectOk(await t.get(`/apiv3/segments/${id}`)).slug;
    assert.deepEqual(await changes(slug), [
      { type: 'exited', userapp_id: u.userapp_id, at: '2026-03-02 10:00:00' },
      { type: 'entered', userapp_id: u.userapp_id, at: '2026-03-01 10:00:00' },
    ]);
    assert.deepEqual((await changes(id, '&type=entered')).map((c) => c.type), ['entered']);
    assert.deepEqual((await changes(id, '&from=2026-03-02')).map((c) => c.type), ['exited']);
    assert.deepEqual((await changes(id, '&to=2026-03-01')).map((c) => c.type), ['entered']);
    assert.deepEqual((await changes(id, '&type=')).length, 2, 'an empty type is no filter');
    expectError(await t.get('/apiv3/segments/999999/changes'), 404, 'not_found');
    expectError(await t.get(`/apiv3/segments/${id}/changes?from=yesterday`), 400, 'bad_request', /from/);
    expectError(await t.get(`/apiv3/segments/${id}/changes?type=left`), 400, 'bad_request', /type/);
  });
});

describe('GET /user/{id}/belongsToSegment (U11)', () => {
  it('answers true or false by id or slug; 400 without segment_id; 404 for an unknown user or segment', async () => {
    const inside = await createUser(t, { service_uid: 'live-8', points: 12_000 });
    const outside = await createUser(t, { service_uid: 'live-9', points: 1 });
    const id = await segment('Live belongs', points(11_000));
    const slug = expectOk(await t.get(`/apiv3/segments/${id}`)).slug;
    assert.deepEqual(expectOk(await t.get(`/apiv3/user/${inside.userapp_id}/belongsToSegment?segment_id=${id}`)), { belongsToSegment: true });
    assert.deepEqual(expectOk(await t.get(`/apiv3/user/${outside.userapp_id}/belongsToSegment?segment_id=${slug}`)), { belongsToSegment: false });
    const base64 = Buffer.from('live-8').toString('base64');
    assert.deepEqual(expectOk(await t.get(`/apiv3/user/${base64}/belongsToSegment?segment_id=${id}`)), { belongsToSegment: true });
    expectError(await t.get(`/apiv3/user/${inside.userapp_id}/belongsToSegment`), 400, 'bad_request', /segment_id/);
    expectError(await t.get(`/apiv3/user/${inside.userapp_id}/belongsToSegment?segment_id=`), 400, 'bad_request', /segment_id/);
    expectError(await t.get(`/apiv3/user/999999/belongsToSegment?segment_id=${id}`), 404, 'not_found');
    expectError(await t.get(`/apiv3/user/${inside.userapp_id}/belongsToSegment?segment_id=999999`), 404, 'not_found');
    const other = await t.newAccount('belongs-other');
    expectError(await t.get(`/apiv3/user/${inside.userapp_id}/belongsToSegment?segment_id=${id}`, { key: other.key }), 404, 'not_found');
  });
});

describe('segment.entered and segment.exited (SG8, W2)', () => {
  it('sends one message per transition with the segment and the customer; an erasure exit has no e-mail', async () => {
    const receiver = await startReceiver();
    const endpoint = expectOk(await t.post('/apiv3/webhooks', { url: receiver.url, events: ['segment.entered', 'segment.exited'] }), 201);
    try {
      const c = await createUser(t, { service_uid: 'live-12', email: 'hooked@example.com', points: 0 });
      const id = await segment('Live hooked', points(14_000));
      const { slug } = expectOk(await t.get(`/apiv3/segments/${id}`));
      await setPoints(c.userapp_id, 14_001);
      await settled();
      // The customer's points let it into other segments of this file too: only this one's messages.
      const mine = () => receiver.received.filter((r) => r.json.data.segment.id === id);
      await waitFor(async () => mine().length === 1, 'the entry delivered');
      const user = { userapp_id: c.userapp_id, user_id: c.userapp_id, service_uid: 'live-12' };
      assert.deepEqual(
        mine().map((r) => [r.json.type, r.json.data]),
        [['segment.entered', { segment: { id, slug, title: 'Live hooked' }, user: { ...user, email: 'hooked@example.com' } }]],
      );
      expectOk(await t.delete(`/apiv3/users/${c.userapp_id}`));
      await waitFor(async () => mine().length === 2, 'the exit delivered');
      const exit = mine()[1]!.json;
      assert.deepEqual([exit.type, exit.data], ['segment.exited', { segment: { id, slug, title: 'Live hooked' }, user }]);
      assert.ok(!('email' in exit.data.user), 'no e-mail key for an erased customer');
    } finally {
      expectOk(await t.delete(`/apiv3/webhooks/${endpoint.id}`));
      await receiver.close();
    }
  });
});

describe('erasure (SG8, D1)', () => {
  it('announces the exits of an erased customer without the e-mail and removes its changes', async () => {
    const gone = await createUser(t, { service_uid: 'live-10', email: 'gone@example.com', points: 0 });
    const id = await segment('Live erased', points(13_000));
    await setPoints(gone.userapp_id, 13_001);
    await settled();
    assert.equal((await changes(id)).length, 1);
    expectOk(await t.delete(`/apiv3/users/${gone.userapp_id}`));
    await settled();
    assert.deepEqual(await stored(id), []);
    assert.deepEqual(await changes(id), [], 'the erased customer left no change behind');
  });
});
