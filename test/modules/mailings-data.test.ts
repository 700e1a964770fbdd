import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

// M9: the customer export (D3) lists the mailings a customer is a recipient of; erasure (D1)
// removes the customer's recipient rows, so an erased customer is never sent to.

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 20 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());
const segment = expectOk(await t.post('/apiv3/segments', { title: 'All', definition: { all: [{ field: 'tags', op: 'has', value: 'm9' }] } }), 201);
const kept = await createUser(t, { email: 'kept@example.com', tags: ['m9'] });
const erased = await createUser(t, { email: 'erased@example.com', tags: ['m9'] });

describe('mailings in erasure and export (M9)', () => {
  it("exports a customer's mailings with the recipient's status and dates", async () => {
    const m = expectOk(await t.post('/apiv3/mailings', { name: 'Exported', subject: 's', body: '<p>x</p>', segment_id: segment.id }), 201);
    expectOk(await t.post(`/apiv3/mailings/${m.id}/send`));
    await waitFor(async () => expectOk(await t.get(`/apiv3/mailings/${m.id}`)).status === 'sent', 'sent');
    const exported = expectOk(await t.get(`/apiv3/users/${kept.userapp_id}/export`));
    assert.equal(exported.mailings.length, 1);
    const [entry] = exported.mailings;
    assert.deepEqual({ ...entry, sent_at: typeof entry.sent_at }, { mailing_id: m.id, name: 'Exported', status: 'sent', sent_at: 'string', opened_at: null, clicked_at: null, unsubscribed_at: null });
  });

  it("erasure removes the customer's recipient rows", async () => {
    const m = expectOk(await t.post('/apiv3/mailings', { name: 'Paused', subject: 's', body: '<p>x</p>', segment_id: segment.id, from_email: 'a@example.com' }), 201);
    const scheduled = expectOk(await t.post(`/apiv3/mailings/${m.id}/send`));
    assert.equal(scheduled.stats.recipients, 2);
    expectOk(await t.delete(`/apiv3/users/${erased.userapp_id}`));
    const recipients = expectOk(await t.get(`/apiv3/mailings/${m.id}/recipients?limit=100`)).map((r: any) => r.userapp_id);
    assert.ok(!recipients.includes(erased.userapp_id));
    const rows = await t.database.db.selectFrom('mailing_recipients').select('id').where('user_id', '=', erased.userapp_id).execute();
    assert.equal(rows.length, 0);
  });
});
