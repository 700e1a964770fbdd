import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { formatDateTime } from '../../src/lib/time.js';
import { buildTestApp, openAgain, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// D5: retention of user events, by default and per event name, applied by the worker in steps on
// the app's clock (the test moves it), with last_run and deleted_last_run.

const t = await buildTestApp();
const URL = '/apiv3/account/retention';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (time: number) => formatDateTime(new Date(time));

t.clock.set(new Date(T0));
for (const name of ['view', 'purchase', 'login', 'other']) assert.equal((await t.post('/apiv3/events', { name })).status, 200);
const user = await createUser(t);

async function record(event: string, daysBeforeT0: number, key?: string, serviceUid = user.service_uid): Promise<string> {
  const datetime = at(T0 - daysBeforeT0 * DAY);
  expectOk(await t.post('/apiv3/user-events', { event, service_uid: serviceUid, datetime }, key ? { key } : {}));
  return `${event} ${datetime}`;
}

async function stored(key?: string): Promise<string[]> {
  const rows = expectOk(await t.get('/apiv3/user-events?limit=100', key ? { key } : {}));
  return rows.map((row: { event: { name: string }; datetime: string }) => `${row.event.name} ${row.datetime}`).sort();
}

/** GET /account/retention once its last_run is `lastRun` (the worker runs in the background). */
async function afterRun(lastRun: string): Promise<any> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const retention = expectOk(await t.get(URL));
    if (retention.last_run === lastRun) return retention;
    assert.ok(Date.now() < deadline, `no run finished at ${lastRun}: ${JSON.stringify(retention)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function retentionRuns(): Promise<any[]> {
  return expectOk(await t.get('/apiv3/requests?type=user-events.retention&limit=100'));
}

describe('GET|PUT /account/retention (D5)', () => {
  it('keeps everything until settings are given', async () => {
    assert.deepEqual(expectOk(await t.get(URL)), { user_events_days: null, by_event: {}, last_run: null, deleted_last_run: null });
  });

  it('deletes user events older than their retention: by_event wins, null keeps forever, other accounts untouched', async () => {
    const other = await t.newAccount('retention-other');
    assert.equal((await t.post('/apiv3/events', { name: 'view' }, { key: other.key })).status, 200);
    const stranger = await createUser(t, {}, { key: other.key });
    const theirs = await record('view', 1000, other.key, stranger.service_uid);

    const gone = [await record('view', 40), await record('purchase', 400), await record('other', 31)];
    const kept = [await record('view', 10), await record('purchase', 100), await record('login', 1000), await record('other', 29)];
    const settings = expectOk(await t.put(URL, { user_events_days: 30, by_event: { purchase: 365, login: null } }));
    assert.equal(settings.user_events_days, 30);
    assert.deepEqual(settings.by_event, { purchase: 365, login: null });

    const run = await afterRun(at(T0));
    assert.equal(run.deleted_last_run, gone.length);
    assert.deepEqual(await stored(), kept.sort());
    assert.deepEqual(await stored(other.key), [theirs]);
    const [request] = await retentionRuns();
    assert.equal(request.status, 'done');
    assert.deepEqual(request.result, { deleted: 3 });
  });

  it('runs again a day later, in each of several processes at most once', async () => {
    // On PostgreSQL a second process with its own worker races this one for the run.
    if (usingPostgres()) {
      const database = openAgain(t.database);
      const second = await buildApp({ config: { ...t.config, workerEnabled: true }, database, clock: t.clock, logger: false });
      await second.ready();
      after(async () => {
        await second.close();
        await database.close();
      });
    }
    // 30.5 and 365.5 days old a day after T0; 29.5 days old stays.
    const expiring = [await record('view', 29.5), await record('purchase', 364.5)];
    const staying = await record('view', 28.5);
    const before = await stored();
    t.clock.set(new Date(T0 + DAY));
    const run = await afterRun(at(T0 + DAY));
    assert.equal(run.deleted_last_run, 2);
    assert.deepEqual(await stored(), before.filter((row) => !expiring.includes(row)).sort());
    assert.ok((await stored()).includes(staying));
    // Still the same day: nothing more is scheduled, whichever process looks.
    t.clock.set(new Date(T0 + DAY + 3_600_000));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const runs = await retentionRuns();
    assert.equal(runs.length, 2, JSON.stringify(runs));
    assert.ok(runs.every((r) => r.status === 'done'));
  });

  it('PUT is partial: a given user_events_days replaces the default, a given by_event the whole map', async () => {
    const third = await t.newAccount('retention-partial');
    for (const name of ['view', 'purchase']) assert.equal((await t.post('/apiv3/events', { name }, { key: third.key })).status, 200);
    const put = async (body: unknown, form = false) => expectOk(await t.put(URL, body, { key: third.key, form }));
    assert.deepEqual(await put({ user_events_days: 30, by_event: { view: 7, purchase: null } }), {
      user_events_days: 30,
      by_event: { view: 7, purchase: null },
      last_run: null,
      deleted_last_run: null,
    });
    const changed = await put({ by_event: { purchase: 90 } });
    assert.equal(changed.user_events_days, 30);
    assert.deepEqual(changed.by_event, { purchase: 90 });
    const forever = await put({ user_events_days: null });
    assert.equal(forever.user_events_days, null);
    assert.deepEqual(forever.by_event, { purchase: 90 });
    assert.deepEqual(await put({}), forever, 'an empty body changes nothing');
    assert.deepEqual((await put({ by_event: null })).by_event, { purchase: 90 }, 'a null by_event is "not given" (G8)');
    assert.equal((await put({ user_events_days: '45' }, true)).user_events_days, 45, 'a form body');
    assert.deepEqual(expectOk(await t.get(URL, { key: third.key })).by_event, { purchase: 90 });
  });

  it('a change makes a run due now; settings that delete nothing start none', async () => {
    t.clock.set(new Date(T0 + 2 * DAY));
    // Left now: view 10 and 28.5 days before T0, purchase 100, login 1000, other 29.
    const settings = expectOk(await t.put(URL, { user_events_days: 45, by_event: { view: 7 } }));
    assert.equal(settings.last_run, at(T0 + DAY), 'the last run is reported until the next one ends');
    const run = await afterRun(at(T0 + 2 * DAY));
    assert.equal(run.deleted_last_run, 4);
    assert.deepEqual(await stored(), [`other ${at(T0 - 29 * DAY)}`]);
    expectOk(await t.put(URL, { user_events_days: null, by_event: { view: null } }));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    t.clock.set(new Date(T0 + 5 * DAY));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.equal((await retentionRuns()).length, 3);
    assert.equal(expectOk(await t.get(URL)).last_run, at(T0 + 2 * DAY));
    assert.deepEqual(await stored(), [`other ${at(T0 - 29 * DAY)}`]);
  });

  it('answers 400 naming the field for bad values and unknown event names; nothing changes', async () => {
    const current = expectOk(await t.get(URL));
    for (const [body, message] of [
      [{ user_events_days: 0 }, /^user_events_days: must be >= 1$/],
      [{ user_events_days: 3651 }, /^user_events_days: must be <= 3650$/],
      [{ user_events_days: 1.5 }, /^user_events_days: must be integer or null$/],
      [{ user_events_days: '30' }, /^user_events_days: must be integer or null$/],
      [{ by_event: { view: 0 } }, /^by_event\.view: must be >= 1$/],
      [{ by_event: { view: 'forever' } }, /^by_event\.view: must be integer or null$/],
      [{ by_event: [] }, /^by_event: must be object$/],
      [{ by_event: { view: 5, nosuch: 5 } }, /^by_event\.nosuch: no event has that name/],
      [{ user_events_days: 10, by_event: { [`${'x'.repeat(256)}`]: 5 } }, /^by_event: event names are at most 255 characters$/],
      [[1], /^body: must be a JSON object$/],
    ] as const) {
      expectError(await t.put(URL, body), 400, 'bad_request', message);
    }
    assert.deepEqual(expectOk(await t.get(URL)), current);
  });

  it('is recorded in the audit log (D7)', async () => {
    const [entry] = expectOk(await t.get('/apiv3/account/audit-log?path=/account/retention'));
    assert.equal(entry.method, 'PUT');
    assert.match(entry.summary, /^PUT \/apiv3\/account\/retention → 400: refused \(bad_request\)$/);
    const changes = expectOk(await t.get('/apiv3/account/audit-log?path=/account/retention&limit=100')).filter((e: { status: number }) => e.status === 200);
    assert.equal(changes.length, 3);
    assert.equal(changes[0].summary, 'PUT /apiv3/account/retention → 200: changed the retention settings');
  });
});
