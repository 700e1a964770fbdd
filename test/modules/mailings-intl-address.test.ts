import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { type SmtpReceiver, readMessage, startSmtpReceiver } from '../helpers/smtp.js';

// M6: a recipient whose address is not ASCII. The API takes only ASCII addresses, so such an
// address reaches the sender only from a row written outside it (data loaded into the database),
// as here. Its message is built by nodemailer's MailComposer (mime.ts builds the ASCII ones), and
// received by a real smtp-server: one that offers SMTPUTF8, and one that does not and refuses a
// non-ASCII local part with 553 5.6.7 as RFC 6531 says.

const UTF8_LOCAL = 'josé@exämple.test';
const IDN_ONLY = 'jose@exämple.test';

interface Setup {
  t: TestApp;
  smtp: SmtpReceiver;
  users: Record<string, { userapp_id: number }>;
}

async function setUp(smtpUtf8: boolean): Promise<Setup> {
  const smtp = await startSmtpReceiver({ smtpUtf8 });
  const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 20, publicUrl: 'https://mail.example.org' } });
  // After the app's own close (registered by buildTestApp): the receiver waits for the app's pooled
  // SMTP connection to end before it closes, 30 s if the app still holds it.
  after(() => smtp.close());
  const segment = expectOk(await t.post('/apiv3/segments', { title: 'Intl', definition: { all: [{ field: 'tags', op: 'has', value: 'intl' }] } }), 201);
  const users: Setup['users'] = {};
  for (const [address, name] of [
    [UTF8_LOCAL, 'José'],
    [IDN_ONLY, 'Jose'],
    ['ana@example.com', 'Ana'],
  ] as const) {
    const user = await createUser(t, { first_name: name, tags: ['intl'] });
    // What data loaded outside the API can hold: the API itself refuses the address (below).
    await t.database.db.updateTable('users').set({ email: address, email_list_key: null }).where('id', '=', user.userapp_id).execute();
    users[address] = user;
  }
  const mailing = expectOk(
    await t.post('/apiv3/mailings', {
      name: 'Olá',
      subject: 'Olá {{ customer.first_name }}, ¿qué tal?',
      from_name: 'Tienda Ñandú',
      from_email: 'news@shop.example.com',
      body: '<p>Hi {{ customer.first_name }}: <a href="{{ unsubscribe_url }}">unsubscribe</a></p>',
      segment_id: segment.id,
    }),
    201,
  );
  expectOk(await t.post(`/apiv3/mailings/${mailing.id}/send`, {}));
  await waitFor(async () => expectOk(await t.get(`/apiv3/mailings/${mailing.id}`)).status === 'sent', 'the mailing sent');
  return { t, smtp, users };
}

const statusOf = async (s: Setup, address: string) => {
  const [row] = expectOk(await s.t.get(`/apiv3/users/${s.users[address]!.userapp_id}/mailings`));
  return row;
};

describe('a non-ASCII address, the relay offering SMTPUTF8', async () => {
  const s = await setUp(true);

  it('a UTF-8 local part is sent with SMTPUTF8: the envelope and To name it as it is', async () => {
    const [mail] = s.smtp.messages.filter((m) => m.to.includes(UTF8_LOCAL));
    assert.ok(mail, 'received');
    assert.deepEqual([mail.from, mail.to, mail.smtpUtf8], ['news@shop.example.com', [UTF8_LOCAL], true]);
    const { headers, rawHeaders, parts } = readMessage(mail.raw);
    assert.equal(rawHeaders.get('to'), UTF8_LOCAL, 'RFC 6532: UTF-8 in the header, no encoded word');
    assert.equal(headers.get('subject'), 'Olá José, ¿qué tal?');
    assert.equal(headers.get('from'), 'Tienda Ñandú <news@shop.example.com>');
    assert.match(headers.get('list-unsubscribe')!, /^<https:\/\/mail\.example\.org\/m\/u\/[^>]+>, <mailto:news@shop\.example\.com\?subject=unsubscribe>$/);
    assert.equal(headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.match(headers.get('message-id')!, /^<[^@>]+@shop\.example\.com>$/);
    assert.deepEqual(
      parts.map((p) => p.type),
      ['text/plain', 'text/html'],
    );
    assert.match(parts[0]!.text, /Hi José: unsubscribe/);
    assert.match(parts[1]!.text, /<p>Hi José: <a href="https:\/\/mail\.example\.org\/m\/u\/[^"]+">unsubscribe<\/a><\/p>/);
    assert.deepEqual([(await statusOf(s, UTF8_LOCAL)).status, (await statusOf(s, UTF8_LOCAL)).email], ['sent', UTF8_LOCAL]);
  });

  it('an IDN domain with an ASCII local part needs no SMTPUTF8: the domain goes as punycode', async () => {
    const [mail] = s.smtp.messages.filter((m) => m.to.includes(IDN_ONLY));
    assert.ok(mail, 'received');
    // smtp-server reads the punycode domain back as Unicode.
    assert.deepEqual([mail.to, mail.smtpUtf8], [[IDN_ONLY], false]);
    const { headers, rawHeaders, parts } = readMessage(mail.raw);
    assert.equal(rawHeaders.get('to'), 'jose@xn--exmple-cua.test');
    assert.equal(headers.get('subject'), 'Olá Jose, ¿qué tal?');
    assert.match(parts[1]!.text, /Hi Jose:/);
    assert.equal((await statusOf(s, IDN_ONLY)).status, 'sent');
  });

  it('an ASCII address beside them is built by mime.ts as always', async () => {
    const [mail] = s.smtp.messages.filter((m) => m.to.includes('ana@example.com'));
    assert.ok(mail, 'received');
    assert.match(mail.raw, /boundary="--_rapport_[0-9a-f]{24}"/);
    assert.equal(readMessage(mail.raw).headers.get('subject'), 'Olá Ana, ¿qué tal?');
  });

  it('the API itself refuses a non-ASCII address: for a customer and for a test send', async () => {
    expectError(await s.t.post('/apiv3/users', { service_uid: 'intl-new', email: UTF8_LOCAL }), 400, 'bad_request', /^email: must be a valid e-mail address$/);
    const [mailing] = expectOk(await s.t.get('/apiv3/mailings'));
    expectError(await s.t.post(`/apiv3/mailings/${mailing.id}/test`, { emails: [IDN_ONLY] }), 400, 'bad_request', /^emails\[0\]: must be a valid e-mail address$/);
  });
});

describe('a non-ASCII address, the relay not offering SMTPUTF8', async () => {
  const s = await setUp(false);

  it('a UTF-8 local part refused with 5.6.7 is failed with the answer, not a bounce', async () => {
    assert.equal(s.smtp.messages.filter((m) => m.to.includes(UTF8_LOCAL)).length, 0);
    const row = await statusOf(s, UTF8_LOCAL);
    assert.deepEqual([row.status, row.bounced_at, row.sent_at], ['failed', null, null]);
    assert.match(row.reason, /^553 5\.6\.7 <josé@exämple\.test>: non-ASCII addresses are not permitted without SMTPUTF8/);
    const [mailing] = expectOk(await s.t.get('/apiv3/mailings'));
    assert.deepEqual([mailing.stats.sent, mailing.stats.failed, mailing.stats.bounced], [2, 1, 0]);
  });

  it('an IDN domain with an ASCII local part is sent all the same', async () => {
    const [mail] = s.smtp.messages.filter((m) => m.to.includes(IDN_ONLY));
    assert.ok(mail, 'received');
    assert.equal(mail.smtpUtf8, false);
    assert.equal(readMessage(mail.raw).rawHeaders.get('to'), 'jose@xn--exmple-cua.test');
    assert.equal((await statusOf(s, IDN_ONLY)).status, 'sent');
  });
});
