import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDateTime } from '../../src/lib/time.js';
import { sql } from 'kysely';
import { ValueGroupsRepository } from '../../src/modules/value-groups/repository.js';
import { buildTestApp, openAgain, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { liveMembershipSettled } from '../helpers/segments-live.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';
import { waitForRequest } from '../helpers/requests.js';

// U14: value groups (RFM quintiles) computed in the database, on a small data set whose scores are
// worked out by hand below, on SQLite and on PostgreSQL.

const t = await buildTestApp({ config: { workerPollMs: 20, segmentPollMs: 20 } });
const DAY = 86_400_000;
const NOW = Date.parse('2026-06-15T12:00:00Z');
const at = (time: number) => formatDateTime(new Date(time));
const ago = (days: number, hour = 12) => at(NOW - days * DAY + (hour - 12) * 3_600_000);

t.clock.set(new Date(NOW));
// The daily check looks at the clock on its first tick after the clock moved: let it find nothing yet.
await new Promise((resolve) => setTimeout(resolve, 1200));

/**
 * Ten scored customers (n = 10, so a score is 1 + floor((r − 1) / 2)): their purchases' days ago,
 * count and total, and the expected scores.
 * Frequency ascending: H,I,J 1 (r 1 → 1), G 2 (r 4 → 2), E,F 3 (r 5 → 3), D 4 (r 7 → 4), C 5 (r 8 → 4), A,B 6 (r 9 → 5).
 * Recency worst first (days): C,J 300 (r 1 → 1), E 200 (r 3 → 2), I 100 (r 4 → 2), B 60 (r 5 → 3),
 * H 50 (r 6 → 3), D 30 (r 7 → 4), F 20 (r 8 → 4), A,G 5 (r 9 → 5: the same UTC day, at 08:00 and 20:00).
 * Monetary ascending: I,J 10 (r 1 → 1), H 20 (r 3 → 2), G 30 (r 4 → 2), F 40 (r 5 → 3), E 50 (r 6 → 3),
 * D 60 (r 7 → 4), C 70 (r 8 → 4), A,B 80 (r 9 → 5).
 */
const DATA = {
  A: { lastDaysAgo: 5, hour: 8, count: 6, total: 80, expect: [5, 5, 5, 'champions'] },
  B: { lastDaysAgo: 60, hour: 12, count: 6, total: 80, expect: [3, 5, 5, 'loyal'] },
  C: { lastDaysAgo: 300, hour: 12, count: 5, total: 70, expect: [1, 4, 4, 'loyal'] },
  D: { lastDaysAgo: 30, hour: 12, count: 4, total: 60, expect: [4, 4, 4, 'champions'] },
  E: { lastDaysAgo: 200, hour: 12, count: 3, total: 50, expect: [2, 3, 3, 'at_risk'] },
  F: { lastDaysAgo: 20, hour: 12, count: 3, total: 40, expect: [4, 3, 3, 'regular'] },
  G: { lastDaysAgo: 5, hour: 20, count: 2, total: 30, expect: [5, 2, 2, 'promising'] },
  H: { lastDaysAgo: 50, hour: 12, count: 1, total: 20, expect: [3, 1, 2, 'regular'] },
  I: { lastDaysAgo: 100, hour: 12, count: 1, total: 10, expect: [2, 1, 1, 'hibernating'] },
  J: { lastDaysAgo: 300, hour: 12, count: 1, total: 10, expect: [1, 1, 1, 'hibernating'] },
} as const;
type Name = keyof typeof DATA;

const users = {} as Record<Name, any>;
for (const [name, row] of Object.entries(DATA) as Array<[Name, (typeof DATA)[Name]]>) {
  users[name] = await createUser(t);
  // The last purchase carries the rest of the total; the earlier ones 1 each, a day apart.
  await createPurchase(t, users[name], { createtime: ago(row.lastDaysAgo, row.hour), prices: { total: row.total - (row.count - 1) } });
  for (let i = 1; i < row.count; i += 1) await createPurchase(t, users[name], { createtime: ago(row.lastDaysAgo + i), prices: { total: 1 } });
}
// Bought only before the window (365 days and one second ago), and never: neither is scored.
const lapsed = await createUser(t);
await createPurchase(t, lapsed, { createtime: at(NOW - 365 * DAY - 1000), prices: { total: 1000 } });
const never = await createUser(t);

const value = async (user: any, key?: string) => expectOk(await t.get(`/apiv3/users/${user.userapp_id}/value`, key ? { key } : {}));
const overview = async (key?: string) => expectOk(await t.get('/apiv3/account/value-groups', key ? { key } : {}));

async function refresh(key?: string): Promise<any> {
  const { request_id } = expectOk(await t.post('/apiv3/account/value-groups/refresh', undefined, key ? { key } : {}));
  const view = await waitForRequest(t, request_id, key ? { key } : {});
  assert.equal(view.status, 'done', JSON.stringify(view));
  return view;
}

const EMPTY_GROUPS = ['champions', 'loyal', 'promising', 'at_risk', 'hibernating', 'regular'].map((value_group) => ({ value_group, customers: 0, revenue: 0 }));
const UNSCORED = { recency: null, frequency: null, monetary: null, value_group: null };

describe('value groups (U14)', () => {
  it('before the first refresh: no scores, every group empty, computed_at null', async () => {
    assert.deepEqual(await value(users.A), { ...UNSCORED, computed_at: null });
    assert.deepEqual(await overview(), { computed_at: null, groups: EMPTY_GROUPS });
  });

  it('a refresh is a background request (K3) that scores every customer with purchases in the last 365 days', async () => {
    const view = await refresh();
    assert.equal(view.type, 'value-groups.refresh');
    assert.deepEqual(view.result, { deleted: 10 });
    for (const [name, row] of Object.entries(DATA) as Array<[Name, (typeof DATA)[Name]]>) {
      const [recency, frequency, monetary, value_group] = row.expect;
      assert.deepEqual(await value(users[name]), { recency, frequency, monetary, value_group, computed_at: at(NOW) }, `customer ${name}`);
    }
    assert.deepEqual(await value(lapsed), { ...UNSCORED, computed_at: at(NOW) });
    assert.deepEqual(await value(never), { ...UNSCORED, computed_at: at(NOW) });
  });

  it('the overview: all six groups in order, with customers and revenue (365-day totals)', async () => {
    assert.deepEqual(await overview(), {
      computed_at: at(NOW),
      groups: [
        { value_group: 'champions', customers: 2, revenue: 140 },
        { value_group: 'loyal', customers: 2, revenue: 150 },
        { value_group: 'promising', customers: 1, revenue: 30 },
        { value_group: 'at_risk', customers: 1, revenue: 50 },
        { value_group: 'hibernating', customers: 2, revenue: 20 },
        { value_group: 'regular', customers: 2, revenue: 60 },
      ],
    });
  });

  it('the exports carry the scores: SG6 as rfm.* fields, D3 as the customer\'s value', async () => {
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Export', definition: { any: [{ field: 'rfm.value_group', op: 'in', value: ['champions', 'hibernating'] }, { field: 'points', op: 'lt', value: 0 }] } }), 201);
    const csv = await t.get(`/apiv3/segments/${segment.id}/export?fields=userapp_id,rfm.recency,rfm.frequency,rfm.monetary,rfm.value_group`);
    assert.equal(csv.status, 200, csv.text);
    const line = (name: Name) => [users[name].userapp_id, ...DATA[name].expect].join(',');
    assert.equal(csv.text, ['userapp_id,rfm.recency,rfm.frequency,rfm.monetary,rfm.value_group', line('A'), line('D'), line('I'), line('J'), ''].join('\r\n'));
    const everyone = expectOk(await t.post('/apiv3/segments', { title: 'Everyone', definition: { all: [{ field: 'points', op: 'gte', value: 0 }] } }), 201);
    const ndjson = await t.get(`/apiv3/segments/${everyone.id}/export?format=ndjson&fields=userapp_id,rfm.value_group,rfm.recency`);
    const rows = ndjson.text.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(rows.find((r: any) => r.userapp_id === never.userapp_id), { userapp_id: never.userapp_id, 'rfm.value_group': null, 'rfm.recency': null });
    assert.deepEqual(rows.find((r: any) => r.userapp_id === users.G.userapp_id), { userapp_id: users.G.userapp_id, 'rfm.value_group': 'promising', 'rfm.recency': 5 });
    expectError(await t.get(`/apiv3/segments/${everyone.id}/export?fields=rfm.nothing`), 400, 'bad_request', /rfm\.nothing/);
    const exported = expectOk(await t.get(`/apiv3/users/${users.E.userapp_id}/export`));
    assert.deepEqual(exported.value, { recency: 2, frequency: 3, monetary: 3, value_group: 'at_risk', computed_at: at(NOW) });
    for (const id of [segment.id, everyone.id]) expectOk(await t.delete(`/apiv3/segments/${id}`));
  });

  it('users are named as the other /users/{id} routes name them (U3); an unknown one is 404', async () => {
    const byUid = expectOk(await t.get(`/apiv3/users/${encodeURIComponent(Buffer.from(users.A.service_uid).toString('base64'))}/value`));
    assert.equal(byUid.value_group, 'champions');
    expectError(await t.get('/apiv3/users/999999/value'), 404, 'not_found');
    expectError(await t.get('/apiv3/users/bm8tc3VjaA==/value'), 404, 'not_found');
  });

  it('another account sees none of it, and its own snapshot only', async () => {
    const other = await t.newAccount('value-other');
    expectError(await t.get(`/apiv3/users/${users.A.userapp_id}/value`, { key: other.key }), 404, 'not_found');
    assert.deepEqual(await overview(other.key), { computed_at: null, groups: EMPTY_GROUPS });
  });

  it('the 365-day edge: a purchase exactly 365 days before now counts, one a second older does not', async () => {
    const other = await t.newAccount('value-edge');
    const opts = { key: other.key };
    const edge = await createUser(t, {}, opts);
    const older = await createUser(t, {}, opts);
    const recent = await createUser(t, {}, opts);
    await createPurchase(t, edge, { createtime: at(NOW - 365 * DAY), prices: { total: 5 } }, opts);
    await createPurchase(t, older, { createtime: at(NOW - 365 * DAY - 1000), prices: { total: 5 } }, opts);
    await createPurchase(t, recent, { createtime: at(NOW), prices: { total: 7.5 } }, opts);
    assert.deepEqual((await refresh(other.key)).result, { deleted: 2 });
    // n = 2: the worse is 1 + floor(0) = 1, the better 1 + floor(5 / 2) = 3; frequency ties at 1.
    assert.deepEqual(await value(edge, other.key), { recency: 1, frequency: 1, monetary: 1, value_group: 'hibernating', computed_at: at(NOW) });
    assert.deepEqual(await value(recent, other.key), { recency: 3, frequency: 1, monetary: 3, value_group: 'regular', computed_at: at(NOW) });
    assert.deepEqual(await value(older, other.key), { ...UNSCORED, computed_at: at(NOW) });
    const groups = (await overview(other.key)).groups;
    assert.deepEqual(groups.find((g: any) => g.value_group === 'regular'), { value_group: 'regular', customers: 1, revenue: 7.5 });
  });

  it('the refresh route\'s errors: notify_to not an e-mail or not a string, no key', async () => {
    expectError(await t.post('/apiv3/account/value-groups/refresh', { notify_to: 'nope' }), 400, 'bad_request', /notify_to/);
    expectError(await t.post('/apiv3/account/value-groups/refresh', { notify_to: ['a@example.com'] }), 400, 'bad_request', /notify_to/);
    expectError(await t.post('/apiv3/account/value-groups/refresh', {}, { key: null }), 403, 'forbidden');
    expectError(await t.get('/apiv3/account/value-groups', { key: null }), 403, 'forbidden');
  });

  const groupSegments = new Map<string, number>();
  const groupOf = new Map<number, string | null>();
  const db = t.database.db;
  const settled = () => liveMembershipSettled(db);
  const storedMembers = async (segment: number) =>
    (await db.selectFrom('segment_members').select('user_id').where('segment_id', '=', segment).orderBy('user_id').execute()).map((row) => Number(row.user_id));
  const scoredAs = (group: string) => [...groupOf].filter(([, g]) => g === group).map(([id]) => id).sort((a, b) => a - b);

  it('segments take rfm.* fields (SG2): one segment per group holds exactly that group', async () => {
    for (const group of ['champions', 'loyal', 'promising', 'at_risk', 'hibernating', 'regular']) {
      const created = expectOk(await t.post('/apiv3/segments', { title: `RFM ${group}`, definition: { all: [{ field: 'rfm.value_group', op: 'eq', value: group.toUpperCase() }] } }), 201);
      groupSegments.set(group, created.id);
      // SG4's count, computed when asked, from the same compiled condition.
      assert.equal(expectOk(await t.get(`/apiv3/segments/${created.id}/count`)).count, (await overview()).groups.find((g: any) => g.value_group === group).customers);
    }
    for (const user of Object.values(users)) groupOf.set(user.userapp_id, (await value(user)).value_group);
    await settled();
    for (const [group, id] of groupSegments) assert.deepEqual(await storedMembers(id), scoredAs(group), group);
    const scored = expectOk(await t.post('/apiv3/segments/preview', { definition: { all: [{ field: 'rfm.recency', op: 'gte', value: 4 }, { field: 'rfm.frequency', op: 'is_set' }] } }));
    assert.equal(scored.count, 4); // A, D, F, G
    const unscored = expectOk(await t.post('/apiv3/segments/preview', { definition: { all: [{ field: 'rfm.monetary', op: 'is_not_set' }] } }));
    assert.deepEqual(unscored.users.map((u: any) => u.userapp_id), [lapsed.userapp_id, never.userapp_id]);
    expectError(await t.post('/apiv3/segments/preview', { definition: { all: [{ field: 'rfm.recency', op: 'contains', value: 'x' }] } }), 400, 'bad_request', /definition\.all\[0\]\.op/);
  });

  it('readers see the old snapshot or the new one, never a mix', async () => {
    const before = await overview();
    // A second purchase for every customer of the lowest recency: the next snapshot differs.
    await createPurchase(t, users.J, { createtime: ago(1), prices: { total: 500 } });
    await createPurchase(t, users.C, { createtime: ago(1), prices: { total: 500 } });
    t.clock.set(new Date(NOW + 60_000));
    const { request_id } = expectOk(await t.post('/apiv3/account/value-groups/refresh'));
    const seen: any[] = [];
    let finished = false;
    const reading = (async () => {
      while (!finished) {
        seen.push(await overview());
        // A read answered from memory never leaves the microtask queue: let the worker's timers run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await waitForRequest(t, request_id);
    finished = true;
    await reading;
    const after = await overview();
    assert.notDeepEqual(after.groups, before.groups);
    assert.equal(after.computed_at, at(NOW + 60_000));
    for (const answer of seen) {
      const expected = answer.computed_at === before.computed_at ? before : after;
      assert.deepEqual(answer, expected);
    }
    assert.deepEqual(await value(users.J), { recency: 5, frequency: 2, monetary: 5, value_group: 'promising', computed_at: at(NOW + 60_000) });
  });

  it('live segments on rfm fields follow a refresh, also for customers nobody wrote to', async () => {
    const before = new Map(groupOf);
    for (const user of Object.values(users)) groupOf.set(user.userapp_id, (await value(user)).value_group);
    const moved = [...groupOf].filter(([id, group]) => group !== before.get(id) && id !== users.J.userapp_id && id !== users.C.userapp_id);
    assert.ok(moved.length > 0, 'the refresh moves a customer without a write of their own');
    await settled();
    for (const [group, id] of groupSegments) assert.deepEqual(await storedMembers(id), scoredAs(group), group);
  });

  it('the daily refresh runs on the app\'s clock, without a request', async () => {
    const later = NOW + DAY;
    t.clock.set(new Date(later));
    const deadline = Date.now() + 15_000;
    while ((await overview()).computed_at !== at(later)) {
      assert.ok(Date.now() < deadline, 'the daily refresh did not run');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const requests = expectOk(await t.get('/apiv3/requests?type=value-groups.refresh&limit=100'));
    assert.ok(requests.every((request: any) => request.created < at(later)));
  });

  it('erasing a customer deletes their scores', async () => {
    const before = await overview();
    const total = (o: any) => o.groups.reduce((sum: number, g: any) => sum + g.customers, 0);
    expectOk(await t.delete(`/apiv3/users/${users.A.userapp_id}`));
    expectError(await t.get(`/apiv3/users/${users.A.userapp_id}/value`), 404, 'not_found');
    const after = await overview();
    assert.equal(total(after), total(before) - 1);
    const rows = await t.database.db.selectFrom('value_scores').select('user_id').where('user_id', '=', users.A.userapp_id).execute();
    assert.deepEqual(rows, []);
  });

  it('an erasure during a refresh waits for it: no score of the erased customer is left (PostgreSQL; SQLite has one writer)', { skip: !usingPostgres() && 'one connection writes at a time on SQLite: a refresh and an erasure cannot interleave' }, async () => {
    // No foreign key holds the scores to the customer (migration 0031). A refresh stands open in
    // another process's transaction, its scores inserted (B's among them) but not committed.
    const other = openAgain(t.database);
    try {
      let commit!: () => void;
      let scored!: () => void;
      const released = new Promise<void>((resolve) => (commit = resolve));
      const inserted = new Promise<void>((resolve) => (scored = resolve));
      const refreshing = other.db.transaction().execute(async (trx) => {
        await new ValueGroupsRepository(trx).recompute(t.accountId, { since: ago(365), until: at(NOW), computedAt: at(NOW), run: 'race', nextDue: at(NOW + DAY) });
        scored();
        await released;
      });
      await inserted;
      const erasing = t.delete(`/apiv3/users/${users.B.userapp_id}`);
      // The erasure waits for the refresh (a lock wait, seen from a third connection).
      await waitFor(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
        return rows[0]!.n > 0;
      }, 'the erasure to wait for the refresh');
      commit();
      await refreshing;
      expectOk(await erasing);
      assert.deepEqual(await t.database.db.selectFrom('value_scores').select('user_id').where('user_id', '=', users.B.userapp_id).execute(), []);
      expectError(await t.get(`/apiv3/users/${users.B.userapp_id}/value`), 404, 'not_found');
    } finally {
      await other.close();
    }
  });
});
