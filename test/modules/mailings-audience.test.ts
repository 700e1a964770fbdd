import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { uploadList } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

// GET /mailings/{id}/audience (Rapport's own, docs/mailings.md): who a mailing would reach if it
// were sent now, counted with the freeze's own rules, and equal to what a send then freezes.

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 20 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());

const club = expectOk(await t.post('/apiv3/segments', { title: 'Club', definition: { all: [{ field: 'tags', op: 'has', value: 'club' }] } }), 201);
const nobody = expectOk(await t.post('/apiv3/segments', { title: 'Nobody', definition: { all: [{ field: 'tags', op: 'has', value: 'nobody-has-this' }] } }), 201);
await createUser(t, { email: 'ana@example.com', tags: ['club'] });
await createUser(t, { email: 'ben@example.com', tags: ['club'] });
await createUser(t, { email: null, tags: ['club'] });
await createUser(t, { email: 'listed@example.com', tags: ['club'] });
await createUser(t, { email: 'off@example.com', tags: ['club'], mailing_enabled: 'disabled' });
await createUser(t, { email: 'outsider@example.com', tags: ['other'] });
assert.equal((await uploadList(t, 'listed@example.com\n', 'email', 'create')).status, 200);

async function mailing(body: Record<string, unknown> = {}) {
  return expectOk(await t.post('/apiv3/mailings', { name: 'Club news', subject: 'Hi', body: '<p>Hi</p>', ...body }), 201);
}

describe('GET /mailings/{id}/audience', () => {
  it('counts the members, the reachable and the suppressed by reason; writes nothing', async () => {
    const m = await mailing({ segment_id: club.id });
    const audience = expectOk(await t.get(`/apiv3/mailings/${m.id}/audience`));
    assert.deepEqual(audience, { members: 5, receivable: 2, suppressed: { no_email: 1, blacklisted: 1, mailing_disabled: 1, duplicate: 0 } });
    assert.deepEqual(expectOk(await t.get(`/apiv3/mailings/${m.id}/recipients`)), [], 'nothing frozen');
    assert.equal(expectOk(await t.get(`/apiv3/mailings/${m.id}`)).status, 'draft');
  });

  it('equals what the send then freezes', async () => {
    const m = await mailing({ segment_id: club.id });
    const audience = expectOk(await t.get(`/apiv3/mailings/${m.id}/audience`));
    const sent = expectOk(await t.post(`/apiv3/mailings/${m.id}/send`, {}));
    assert.equal(sent.stats.recipients, audience.members);
    assert.equal(sent.stats.suppressed, audience.members - audience.receivable);
    const suppressed = expectOk(await t.get(`/apiv3/mailings/${m.id}/recipients?status=suppressed`));
    const byReason: Record<string, number> = { no_email: 0, blacklisted: 0, mailing_disabled: 0, duplicate: 0 };
    for (const r of suppressed) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
    assert.deepEqual(byReason, audience.suppressed);
    await smtp.waitFor(2);
  });

  it('an empty segment: all zeros', async () => {
    const m = await mailing({ segment_id: nobody.id });
    assert.deepEqual(expectOk(await t.get(`/apiv3/mailings/${m.id}/audience`)), { members: 0, receivable: 0, suppressed: { no_email: 0, blacklisted: 0, mailing_disabled: 0, duplicate: 0 } });
  });

  it('400 naming segment_id without a segment, or when the segment was deleted', async () => {
    const m = await mailing();
    expectError(await t.get(`/apiv3/mailings/${m.id}/audience`), 400, 'bad_request', /^segment_id: the mailing needs a segment/);
    const gone = expectOk(await t.post('/apiv3/segments', { title: 'Gone', definition: { all: [{ field: 'tags', op: 'has', value: 'club' }] } }), 201);
    const n = await mailing({ segment_id: gone.id });
    expectOk(await t.delete(`/apiv3/segments/${gone.id}`));
    expectError(await t.get(`/apiv3/mailings/${n.id}/audience`), 400, 'bad_request', new RegExp(`^segment_id: segment ${gone.id} does not exist`));
  });

  it("404 for an unknown mailing or another account's; 400 for an id that is not one", async () => {
    expectError(await t.get('/apiv3/mailings/999999/audience'), 404, 'not_found', /no mailing has id 999999/);
    const other = await t.newAccount('audience-other');
    const m = await mailing({ segment_id: club.id });
    expectError(await t.get(`/apiv3/mailings/${m.id}/audience`, { key: other.key }), 404, 'not_found');
    expectError(await t.get('/apiv3/mailings/abc/audience'), 400, 'bad_request', /^id: /);
    expectError(await t.get('/apiv3/mailings/0/audience'), 400, 'bad_request', /^id: /);
    expectError(await t.get('/apiv3/mailings/99999999999999999999/audience'), 400, 'bad_request', /^id: /);
  });
});
