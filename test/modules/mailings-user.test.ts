import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

// GET /users/{id}/mailings (Rapport's own): a customer's recipient rows with their mailings, U3
// ids, G6 pages, newest first, against a real SMTP receiver that refuses one address.

const smtp = await startSmtpReceiver({ refuse: ['bounce@example.com'] });
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 20 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());
const b64 = (text: string) => Buffer.from(text).toString('base64');

const segment = expectOk(await t.post('/apiv3/segments', { title: 'Readers', definition: { all: [{ field: 'tags', op: 'has', value: 'readers' }] } }), 201);
const ada = await createUser(t, { service_uid: 'ada-uid', email: 'ada@example.com', tags: ['readers'] });
const bo = await createUser(t, { email: 'bounce@example.com', tags: ['readers'] });
const optedOut = await createUser(t, { email: 'optout@example.com', tags: ['readers'], mailing_enabled: 'disabled' });
const outsider = await createUser(t, { email: 'outsider@example.com', tags: ['other'] });

async function sendMailing(name: string, subject: string) {
  const created = expectOk(await t.post('/apiv3/mailings', { name, subject, body: '<p>Hello</p>', segment_id: segment.id }), 201);
  expectOk(await t.post(`/apiv3/mailings/${created.id}/send`, {}));
  await waitFor(async () => expectOk(await t.get(`/apiv3/mailings/${created.id}`)).status === 'sent', `${name} sent`);
  return created.id as number;
}

const first = await sendMailing('First', 'Hello {{ customer.first_name }}');
const second = await sendMailing('Second', 'Again');

describe('GET /users/{id}/mailings', () => {
  it('lists the mailings a customer was sent, newest first, with the recipient status and times', async () => {
    const list = expectOk(await t.get(`/apiv3/users/${ada.userapp_id}/mailings`));
    assert.deepEqual(
      list.map((m: any) => ({ ...m, sent_at: typeof m.sent_at })),
      [
        { mailing: { id: second, name: 'Second', subject: 'Again' }, email: 'ada@example.com', status: 'sent', reason: null, sent_at: 'string', opened_at: null, clicked_at: null, unsubscribed_at: null, bounced_at: null },
        { mailing: { id: first, name: 'First', subject: 'Hello {{ customer.first_name }}' }, email: 'ada@example.com', status: 'sent', reason: null, sent_at: 'string', opened_at: null, clicked_at: null, unsubscribed_at: null, bounced_at: null },
      ],
    );
    assert.match(list[0].sent_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('takes the base64 service_uid as well as the userapp_id (U3)', async () => {
    const byUid = expectOk(await t.get(`/apiv3/users/${encodeURIComponent(b64('ada-uid'))}/mailings`));
    assert.deepEqual(byUid, expectOk(await t.get(`/apiv3/users/${ada.userapp_id}/mailings`)));
  });

  it('pages with page and limit (G6)', async () => {
    const page = async (query: string) => expectOk(await t.get(`/apiv3/users/${ada.userapp_id}/mailings?${query}`)).map((m: any) => m.mailing.id);
    assert.deepEqual(await page('limit=1'), [second]);
    assert.deepEqual(await page('limit=1&page=1'), [first]);
    assert.deepEqual(await page('limit=1&page=2'), []);
  });

  it('shows a bounce and a suppression with their reasons; a customer in no audience has none', async () => {
    const bounced = expectOk(await t.get(`/apiv3/users/${bo.userapp_id}/mailings`));
    // The first mailing's bounce blacklisted the address: the second suppressed it.
    assert.deepEqual(
      bounced.map((m: any) => [m.mailing.id, m.status, m.reason, typeof m.bounced_at, m.sent_at]),
      [
        [second, 'suppressed', 'blacklisted', 'object', null],
        [first, 'bounced', bounced[1].reason, 'string', null],
      ],
    );
    assert.match(bounced[1].reason, /^550 5\.1\.1 <bounce@example\.com>: no such mailbox/);
    assert.deepEqual(
      expectOk(await t.get(`/apiv3/users/${optedOut.userapp_id}/mailings`)).map((m: any) => [m.mailing.id, m.status, m.reason, m.sent_at]),
      [
        [second, 'suppressed', 'mailing_disabled', null],
        [first, 'suppressed', 'mailing_disabled', null],
      ],
    );
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${outsider.userapp_id}/mailings`)), []);
  });

  it('an unknown customer, or one of another account, is 404', async () => {
    expectError(await t.get('/apiv3/users/999999/mailings'), 404, 'not_found', /999999/);
    expectError(await t.get(`/apiv3/users/${b64('nobody')}/mailings`), 404, 'not_found');
    expectError(await t.get('/apiv3/users/!!!/mailings'), 404, 'not_found');
    const other = await t.newAccount();
    expectError(await t.get(`/apiv3/users/${ada.userapp_id}/mailings`, { key: other.key }), 404, 'not_found');
  });

  it('page or limit out of range is 400 naming it', async () => {
    expectError(await t.get(`/apiv3/users/${ada.userapp_id}/mailings?limit=101`), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get(`/apiv3/users/${ada.userapp_id}/mailings?limit=0`), 400, 'bad_request', /^limit: /);
    expectError(await t.get(`/apiv3/users/${ada.userapp_id}/mailings?page=-1`), 400, 'bad_request', /^page: /);
    expectError(await t.get(`/apiv3/users/${ada.userapp_id}/mailings?page=x`), 400, 'bad_request', /^page: /);
  });

  it('without a key it is 403 (G1)', async () => {
    expectError(await t.get(`/apiv3/users/${ada.userapp_id}/mailings`, { key: null }), 403, 'forbidden', /invalid or inexistent apikey/);
  });
});
