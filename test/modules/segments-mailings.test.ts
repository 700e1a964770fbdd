import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { decoded, startSmtpReceiver, tokenIn } from '../helpers/smtp.js';

// SG9 through HTTP: segments on mailing activity, saved (and refused with the path and rule), and
// their members after a real mailing went through a real SMTP server and its public routes (M8)
// recorded an open, a click and an unsubscribe. Every activity against a reference evaluator on
// generated data is segments-differential.test.ts.

const smtp = await startSmtpReceiver({ refuse: ['bo@example.com'] });
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 20, publicUrl: 'https://mail.example.org' } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());

const audience = expectOk(await t.post('/apiv3/segments', { title: 'Audience', definition: { all: [{ field: 'tags', op: 'has', value: 'sg9' }] } }), 201);
const ada = await createUser(t, { email: 'ada@example.com', tags: ['sg9'] }); // opens and clicks
const bea = await createUser(t, { email: 'bea@example.com', tags: ['sg9'] }); // unsubscribes
const bo = await createUser(t, { email: 'bo@example.com', tags: ['sg9'] }); // bounces (550)
const cy = await createUser(t, { email: 'cy@example.com', tags: ['sg9'] }); // only receives
const nomail = await createUser(t, { email: null, tags: ['sg9'] }); // suppressed
const outsider = await createUser(t, { email: 'out@example.com', tags: ['other'] });
const everyone = [ada, bea, bo, cy, nomail, outsider].map((u) => u.userapp_id as number);

const mailing = expectOk(
  await t.post('/apiv3/mailings', {
    name: 'SG9',
    subject: 'Hello',
    body: '<p>See <a href="https://shop.example.com/sale">the sale</a></p>',
    segment_id: audience.id,
    tracking: { opens: true, clicks: true },
  }),
  201,
);
const other = await t.newAccount('other');
const theirs = expectOk(await t.post('/apiv3/mailings', { name: 'Theirs', subject: 's', body: '<p>x</p>' }, { key: other.key }), 201);
const draft = expectOk(await t.post('/apiv3/mailings', { name: 'Never sent', subject: 's', body: '<p>x</p>' }), 201);

const condition = (fields: Record<string, unknown>) => ({ all: [{ mailing: mailing.id, op: 'has', ...fields }] });

/** The members of a saved segment through GET /users?segment_id=, checked against its count. */
async function members(definition: unknown): Promise<number[]> {
  const segment = expectOk(await t.post('/apiv3/segments', { title: `SG9 ${JSON.stringify(definition)}`, definition }), 201);
  const ids = (expectOk(await t.get(`/apiv3/users?segment_id=${segment.id}&limit=100`)) as any[]).map((u) => u.userapp_id as number);
  assert.equal(expectOk(await t.get(`/apiv3/segments/${segment.id}/count`)).count, ids.length);
  return ids;
}

describe('mailing conditions: saving (SG9)', () => {
  it('saves a mailing condition, with a mailing id or "any", with or without a window', async () => {
    const definition = { all: [{ mailing: mailing.id, activity: 'opened', within_last_days: 30, op: 'has' }, { mailing: 'any', activity: 'bounced', op: 'has_not' }] };
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Opened lately', definition }), 201);
    assert.deepEqual(segment.definition, definition);
    assert.equal(segment.advanced, false);
    assert.deepEqual(expectOk(await t.post('/apiv3/segments/preview', { definition: condition({ activity: 'received', mailing: draft.id }) })), { count: 0, users: [] });
  });

  const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an unknown mailing', { mailing: 999_999, activity: 'opened', op: 'has' }, /^definition\.all\[0\]\.mailing: no mailing with id 999999$/],
    ["another account's mailing", { mailing: theirs.id, activity: 'opened', op: 'has' }, new RegExp(`^definition\\.all\\[0\\]\\.mailing: no mailing with id ${theirs.id}$`)],
    ['a mailing that is neither an id nor "any"', { mailing: 'all', activity: 'opened', op: 'has' }, /^definition\.all\[0\]\.mailing: must be a mailing id \(a positive integer\) or "any"$/],
    ['an id beyond the integers', { mailing: 1e300, activity: 'opened', op: 'has' }, /^definition\.all\[0\]\.mailing: must be a mailing id/],
    ['an unknown activity', { mailing: 'any', activity: 'delivered', op: 'has' }, /^definition\.all\[0\]\.activity: must be one of "received", "opened", "clicked", "unsubscribed", "bounced"$/],
    ['no activity', { mailing: 'any', op: 'has' }, /^definition\.all\[0\]\.activity: must be one of/],
    ['an unknown op', { mailing: 'any', activity: 'opened', op: 'in' }, /^definition\.all\[0\]\.op: must be "has" or "has_not"$/],
    ['within_last_days 0', { mailing: 'any', activity: 'opened', within_last_days: 0, op: 'has' }, /^definition\.all\[0\]\.within_last_days: must be an integer from 1 to 100000$/],
    ['a fractional within_last_days', { mailing: 'any', activity: 'opened', within_last_days: 1.5, op: 'has' }, /^definition\.all\[0\]\.within_last_days: must be an integer/],
    ['an unknown key', { mailing: 'any', activity: 'opened', op: 'has', to: '2024-01-01' }, /^definition\.all\[0\]\.to: unknown key for a mailing condition \(allowed: mailing, activity, within_last_days, op\)$/],
  ];
  for (const [what, refused, message] of refusals) {
    it(`refuses ${what}: 400 naming the path and the rule`, async () => {
      expectError(await t.post('/apiv3/segments', { title: 'Refused', definition: { all: [refused] } }), 400, 'bad_request', message);
    });
  }

  it('refuses the same on an update and a preview', async () => {
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'To update', definition: condition({ activity: 'clicked' }) }), 201);
    const bad = { any: [{ field: 'points', op: 'gte', value: 0 }, { mailing: 999_999, activity: 'clicked', op: 'has' }] };
    expectError(await t.put(`/apiv3/segments/${segment.id}`, { definition: bad }), 400, 'bad_request', /^definition\.any\[1\]\.mailing: no mailing with id 999999$/);
    expectError(await t.post('/apiv3/segments/preview', { definition: bad }), 400, 'bad_request', /^definition\.any\[1\]\.mailing: no mailing/);
  });
});

describe('mailing conditions: members after a real mailing (SG9, M7, M8)', () => {
  it('sends the mailing; the SMTP server refuses one address; the public routes record an open, a click, an unsubscribe', async () => {
    expectOk(await t.post(`/apiv3/mailings/${mailing.id}/send`, {}));
    await waitFor(async () => expectOk(await t.get(`/apiv3/mailings/${mailing.id}`)).status === 'sent', 'mailing sent');
    const mailTo = (address: string) => decoded(smtp.messages.find((m) => m.to.includes(address))!.raw);
    assert.equal((await t.request('GET', `/m/o/${tokenIn(mailTo('ada@example.com'), 'o')}`, { key: null })).status, 200);
    assert.equal((await t.request('GET', `/m/c/${tokenIn(mailTo('ada@example.com'), 'c')}/0`, { key: null })).status, 302);
    const unsubscribe = await t.request('POST', `/m/u/${tokenIn(mailTo('bea@example.com'), 'u')}`, { key: null, form: true, body: { 'List-Unsubscribe': 'One-Click' } });
    assert.equal(unsubscribe.status, 200);
    const { stats } = expectOk(await t.get(`/apiv3/mailings/${mailing.id}`));
    assert.deepEqual([stats.sent, stats.bounced, stats.suppressed, stats.opened, stats.clicked, stats.unsubscribed], [3, 1, 1, 1, 1, 1]);
  });

  it('received is sent (whatever happened after); opened, clicked, unsubscribed, bounced are their recipients', async () => {
    assert.deepEqual(await members(condition({ activity: 'received' })), [ada, bea, cy].map((u) => u.userapp_id));
    assert.deepEqual(await members(condition({ activity: 'opened' })), [ada.userapp_id]);
    assert.deepEqual(await members(condition({ activity: 'clicked' })), [ada.userapp_id]);
    assert.deepEqual(await members(condition({ activity: 'unsubscribed' })), [bea.userapp_id]);
    assert.deepEqual(await members(condition({ activity: 'bounced' })), [bo.userapp_id]);
    assert.deepEqual(await members({ all: [{ mailing: 'any', activity: 'bounced', op: 'has' }] }), [bo.userapp_id]);
  });

  it('has_not is everyone else, customers never sent to included', async () => {
    assert.deepEqual(await members(condition({ activity: 'received', op: 'has_not' })), [bo, nomail, outsider].map((u) => u.userapp_id));
    assert.deepEqual(await members({ all: [{ mailing: draft.id, activity: 'received', op: 'has_not' }] }), everyone);
    const engaged = { any: [condition({ activity: 'opened' }), condition({ activity: 'unsubscribed' })] };
    assert.deepEqual(await members({ all: [condition({ activity: 'received' }), { not: engaged }] }), [cy.userapp_id]);
  });

  it('within_last_days counts from now back: the activity lets customers out as time passes', async () => {
    const lastDay = { mailing: 'any', activity: 'received', within_last_days: 1, op: 'has' };
    assert.deepEqual(await members({ all: [lastDay] }), [ada, bea, cy].map((u) => u.userapp_id));
    t.clock.set(new Date(Date.now() + 2 * 86_400_000));
    try {
      assert.deepEqual(await members({ all: [lastDay] }), []);
      assert.deepEqual(await members({ all: [{ ...lastDay, activity: 'bounced', within_last_days: 3 }] }), [bo.userapp_id]);
      assert.deepEqual(await members({ all: [{ ...lastDay, activity: 'clicked', op: 'has_not' }] }), everyone);
    } finally {
      t.clock.set(null);
    }
  });

  it('a segment on a deleted mailing has no one (has) and everyone (has_not), and is no 500', async () => {
    const opened = expectOk(await t.post('/apiv3/segments', { title: 'Opened SG9', definition: condition({ activity: 'opened' }) }), 201);
    const notOpened = expectOk(await t.post('/apiv3/segments', { title: 'Not opened SG9', definition: condition({ activity: 'opened', op: 'has_not' }) }), 201);
    expectOk(await t.delete(`/apiv3/mailings/${mailing.id}`));
    assert.equal(expectOk(await t.get(`/apiv3/segments/${opened.id}/count`)).count, 0);
    assert.equal(expectOk(await t.get(`/apiv3/segments/${notOpened.id}/count`)).count, everyone.length);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${ada.userapp_id}/segments`)).map((s: any) => s.id).includes(opened.id), false);
    // Saving it again names the mailing that is gone.
    expectError(await t.put(`/apiv3/segments/${opened.id}`, { definition: opened.definition }), 400, 'bad_request', /mailing: no mailing with id/);
  });
});
