import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { waitForRequest } from '../helpers/requests.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

// O8 for DELETE /user-events/bulk: dry_run=true answers how many user events the background
// request would delete, computed with the same filter, and changes nothing (no request, no e-mail).

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 50 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());

let sequence = 0;

async function scenario() {
  const account = await t.newAccount();
  sequence += 1;
  const event = `dry-${sequence}`;
  const other = `dry-other-${sequence}`;
  for (const name of [event, other]) {
    const response = await t.post('/apiv3/events', { name }, { key: account.key }); // bare JSON (E2)
    assert.equal(response.status, 200, response.text);
  }
  const user = await createUser(t, {}, { key: account.key });
  const at = async (datetime: string, name = event) =>
    expectOk(await t.post('/apiv3/user-events', { event: name, service_uid: user.service_uid, datetime }, { key: account.key }));
  await at('2026-03-01 00:00:00');
  await at('2026-03-01 23:59:59');
  await at('2026-03-02 12:00:00');
  await at('2026-02-28 23:59:59');
  await at('2026-03-03 00:00:00');
  await at('2026-03-01 12:00:00', other);
  return { ...account, event, other, user };
}

async function userEvents(key: string): Promise<string[]> {
  return expectOk(await t.get('/apiv3/user-events?limit=100', { key })).map((e: any) => `${e.event.name} ${e.datetime}`);
}

async function requestsOf(key: string) {
  const { buildAccounts } = await import('../../src/services.js');
  const accountId = await buildAccounts(t.database.db, t.clock).authenticate(key);
  assert.ok(accountId);
  return {
    requests: await t.database.db.selectFrom('requests').select('id').where('account_id', '=', accountId).execute(),
    mails: await t.database.db.selectFrom('mail_outbox').select('id').where('account_id', '=', accountId).execute(),
  };
}

describe('DELETE /user-events/bulk?dry_run=true', () => {
  it('counts what the real call then deletes, and changes nothing itself', async () => {
    const s = await scenario();
    const before = await userEvents(s.key);
    const mailsBefore = smtp.messages.length;
    const body = { event_name: s.event, from: '2026-03-01', to: '2026-03-02', notify_to: 'owner@example.com' };
    const preview = expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=true', body, { key: s.key }));
    assert.deepEqual(preview, { dry_run: true, would_delete: { user_events: 3 } });
    assert.deepEqual(await userEvents(s.key), before);
    assert.deepEqual(await requestsOf(s.key), { requests: [], mails: [] });

    const accepted = expectOk(await t.delete('/apiv3/user-events/bulk', body, { key: s.key }));
    const view = await waitForRequest(t, accepted.request_id, { key: s.key });
    assert.deepEqual(view.result, { deleted: preview.would_delete.user_events });
    const left = await userEvents(s.key);
    assert.equal(before.length - left.length, preview.would_delete.user_events);
    // the only mail is the real call's
    await smtp.waitFor(mailsBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(smtp.messages.filter((m) => m.to.includes('owner@example.com')).length, 1);
    // nothing left in the range
    assert.deepEqual(expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=true', body, { key: s.key })).would_delete, { user_events: 0 });
  });

  it('reads the range as the real call does: the event-name spelling, ISO offsets, datetimes', async () => {
    const s = await scenario();
    // 02:00+03:00 is 2026-02-28 23:00:00 UTC, so the 28th's 23:59:59 is in too
    const body = { 'event-name': s.event, from: '2026-03-01T02:00:00+03:00', to: '2026-03-01 23:59:59' };
    const preview = expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=true', body, { key: s.key }));
    assert.deepEqual(preview.would_delete, { user_events: 3 });
    const accepted = expectOk(await t.delete('/apiv3/user-events/bulk', body, { key: s.key }));
    assert.deepEqual((await waitForRequest(t, accepted.request_id, { key: s.key })).result, { deleted: 3 });
  });

  it('matches the batched deletion of many rows', async () => {
    const s = await scenario();
    for (let i = 0; i < 60; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      expectOk(await t.post('/apiv3/user-events', { event: s.event, service_uid: s.user.service_uid, datetime: `2026-08-${day} 10:00:00` }, { key: s.key }));
    }
    const body = { event_name: s.event, from: '2026-08-03', to: '2026-08-20' };
    const preview = expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=true', body, { key: s.key }));
    const before = (await userEvents(s.key)).length;
    const accepted = expectOk(await t.delete('/apiv3/user-events/bulk', body, { key: s.key }));
    assert.deepEqual((await waitForRequest(t, accepted.request_id, { key: s.key })).result, { deleted: preview.would_delete.user_events });
    assert.equal(before - (await userEvents(s.key)).length, preview.would_delete.user_events);
    assert.equal(preview.would_delete.user_events, 60 - 2 * 3 - 8 * 2); // days 1, 2 and 21-28 are outside
  });

  it('takes dry_run in the query or the body; false and empty are the real call; other values 400', async () => {
    const s = await scenario();
    const body = { event_name: s.event, from: '2026-03-01', to: '2026-03-01' };
    const expected = { dry_run: true, would_delete: { user_events: 2 } };
    assert.deepEqual(expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=true', body, { key: s.key })), expected);
    assert.deepEqual(expectOk(await t.delete('/apiv3/user-events/bulk', { ...body, dry_run: true }, { key: s.key })), expected);
    assert.deepEqual(expectOk(await t.delete('/apiv3/user-events/bulk', { ...body, dry_run: 'true' }, { key: s.key, form: true })), expected);
    for (const value of ['yes', '1', 'TRUE', 'true&dry_run=false']) {
      expectError(await t.delete(`/apiv3/user-events/bulk?dry_run=${value}`, body, { key: s.key }), 400, 'bad_request', /^dry_run: must be boolean/);
    }
    expectError(await t.delete('/apiv3/user-events/bulk', { ...body, dry_run: 'true' }, { key: s.key }), 400, 'bad_request', /^dry_run: must be boolean/);
    assert.deepEqual(await requestsOf(s.key), { requests: [], mails: [] });
    assert.equal((await userEvents(s.key)).length, 6);

    const falseRun = expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=false', body, { key: s.key }));
    assert.deepEqual((await waitForRequest(t, falseRun.request_id, { key: s.key })).result, { deleted: 2 });
    const emptyRun = expectOk(await t.delete('/apiv3/user-events/bulk?dry_run=', { ...body, to: '2026-03-02' }, { key: s.key }));
    assert.deepEqual((await waitForRequest(t, emptyRun.request_id, { key: s.key })).result, { deleted: 1 });
  });

  it('answers every invalid request exactly as the real call does, and accepts nothing', async () => {
    const s = await scenario();
    const theirs = await scenario();
    const body = { event_name: s.event, from: '2026-03-01', to: '2026-03-02' };
    const cases: unknown[] = [
      undefined,
      {},
      { ...body, event_name: undefined },
      { ...body, event_name: '' },
      { ...body, from: undefined },
      { ...body, to: undefined },
      { ...body, from: '01/03/2026' },
      { ...body, to: '2026-13-01' },
      { ...body, from: '2026-03-03' },
      { ...body, notify_to: 'nope' },
      { ...body, event_name: 'missing-event' },
      { ...body, event_name: theirs.event },
      { ...body, from: 20260301 },
      { ...body, event_name: 'x'.repeat(256) },
    ];
    for (const caseBody of cases) {
      const real = await t.delete('/apiv3/user-events/bulk', caseBody, { key: s.key });
      const dry = await t.delete('/apiv3/user-events/bulk?dry_run=true', caseBody, { key: s.key });
      assert.ok(real.status >= 400, `${JSON.stringify(caseBody)} answered ${real.status}`);
      assert.deepEqual([dry.status, dry.body.code, dry.body.message], [real.status, real.body.code, real.body.message], JSON.stringify(caseBody));
    }
    expectError(await t.delete('/apiv3/user-events/bulk?dry_run=true', body), 404, 'not_found', /event .* not found/);
    assert.deepEqual(await requestsOf(s.key), { requests: [], mails: [] });
    assert.equal((await userEvents(s.key)).length, 6);
    assert.equal((await userEvents(theirs.key)).length, 6);
  });
});
