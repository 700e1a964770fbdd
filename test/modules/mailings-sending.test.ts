import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { checkDkim } from '../helpers/dkim.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { uploadList, waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { decoded, type ReceivedMail, startSmtpReceiver, tokenIn } from '../helpers/smtp.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// M5–M8 with a real SMTP receiver (smtp-server) that refuses one address with 550 and defers
// another with 451, and a real webhook receiver: the frozen audience and its suppressions, what a
// message carries, bounces and retries, the statuses, the public routes and their tokens.

const smtp = await startSmtpReceiver({ refuse: ['bounce@example.com'], defer: ['later@example.com'] });
const t = await buildTestApp({
  config: { smtpUrl: smtp.url, workerPollMs: 20, webhookAllowPrivate: true, publicUrl: 'https://mail.example.org', mailingConcurrency: 2 },
});
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());
const hooks = await startReceiver();
expectOk(await t.post('/apiv3/webhooks', { url: hooks.url, events: ['mailing.finished', 'email.unsubscribed', 'email.bounced'] }), 201);

const news = expectOk(await t.post('/apiv3/segments', { title: 'News', definition: { all: [{ field: 'tags', op: 'has', value: 'news' }] } }), 201);
const ada = await createUser(t, { email: 'ada@example.com', first_name: 'Ada', tags: ['news'] });
const noMail = await createUser(t, { email: null, first_name: 'Nomail', tags: ['news'] });
const listed = await createUser(t, { email: 'listed@example.com', tags: ['news'] });
const optedOut = await createUser(t, { email: 'optout@example.com', tags: ['news'], mailing_enabled: 'disabled' });
const bouncer = await createUser(t, { email: 'bounce@example.com', first_name: 'Bo', tags: ['news'] });
const later = await createUser(t, { email: 'later@example.com', tags: ['news'] });
await createUser(t, { email: 'outsider@example.com', tags: ['other'] });
assert.equal((await uploadList(t, 'listed@example.com\n', 'email', 'create')).status, 200);

function header(mail: ReceivedMail, name: string): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address) && !m.subject.startsWith('[Test]'));
const mailingOf = async (id: number) => expectOk(await t.get(`/apiv3/mailings/${id}`));

describe('sending a mailing (M5–M7)', () => {
  let mailingId = 0;
  let adaMail: ReceivedMail;

  it('freezes the audience with its suppressions and sends each reachable member one message', async () => {
    const created = expectOk(
      await t.post('/apiv3/mailings', {
        name: 'Sale',
        subject: 'Hello {{ customer.first_name | default: "you" }}',
        preheader: 'Only today',
        from_name: 'Shop',
        from_email: 'news@shop.example.com',
        body: '<html><body><p>Hi {{ customer.first_name }}, see <a href="https://shop.example.com/sale">the sale</a> and <a href="https://shop.example.com/faq">FAQ</a>. <a href="{{ view_in_browser_url }}">View</a></p></body></html>',
        segment_id: news.id,
        tracking: { opens: true, clicks: true },
      }),
      201,
    );
    mailingId = created.id;
    const sent = expectOk(await t.post(`/apiv3/mailings/${mailingId}/send`, {}));
    assert.ok(['sending', 'sent'].includes(sent.status));
    assert.equal(sent.stats.recipients, 6, 'every member, suppressed ones included; not the outsider');
    assert.equal(sent.stats.suppressed, 3);
    const suppressed = expectOk(await t.get(`/apiv3/mailings/${mailingId}/recipients?status=suppressed`));
    assert.deepEqual(
      suppressed.map((r: any) => [r.userapp_id, r.reason]),
      [
        [noMail.userapp_id, 'no_email'],
        [listed.userapp_id, 'blacklisted'],
        [optedOut.userapp_id, 'mailing_disabled'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    await waitFor(async () => (await mailingOf(mailingId)).stats.sent === 1 && (await mailingOf(mailingId)).stats.bounced === 1, 'ada sent, bo bounced');
    assert.equal(to('ada@example.com').length, 1);
    assert.equal(to('optout@example.com').length + to('listed@example.com').length, 0);
    adaMail = to('ada@example.com')[0]!;
  });

  it('a message carries its subject, parts, Message-ID, List-Unsubscribe and one-click headers, tracked links', () => {
    assert.equal(adaMail.subject, 'Hello Ada');
    assert.match(header(adaMail, 'From'), /Shop <news@shop\.example\.com>/);
    assert.match(header(adaMail, 'Message-ID'), /^<[0-9a-f]+\.[0-9a-z]+@shop\.example\.com>$/);
    const list = header(adaMail, 'List-Unsubscribe');
    assert.match(list, /^<https:\/\/mail\.example\.org\/m\/u\/[A-Za-z0-9._-]+>, <mailto:news@shop\.example\.com\?subject=unsubscribe>$/);
    assert.equal(header(adaMail, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
    const raw = decoded(adaMail.raw);
    assert.match(raw, /Content-Type: text\/plain/);
    assert.match(raw, /Content-Type: text\/html/);
    assert.match(raw, /Only today/);
    assert.match(raw, /href="https:\/\/mail\.example\.org\/m\/c\/[A-Za-z0-9._-]+\/0"/);
    assert.match(raw, /href="https:\/\/mail\.example\.org\/m\/c\/[A-Za-z0-9._-]+\/1"/);
    assert.doesNotMatch(raw, /href="https:\/\/shop\.example\.com/, 'tracked links go through the redirect');
    assert.match(raw, /<img src="https:\/\/mail\.example\.org\/m\/o\/[A-Za-z0-9._-]+"/);
  });

  it('a 550 is a hard bounce: bounced, the address blacklisted, email.bounced sent', async () => {
    const bounced = expectOk(await t.get(`/apiv3/mailings/${mailingId}/recipients?status=bounced`));
    assert.equal(bounced.length, 1);
    assert.equal(bounced[0].userapp_id, bouncer.userapp_id);
    assert.match(bounced[0].reason, /550|no such mailbox/);
    assert.equal(expectOk(await t.get('/apiv3/account/blacklist/email/bounce@example.com')).blacklisted, true);
    await waitFor(async () => hooks.received.some((r) => r.json?.type === 'email.bounced'), 'email.bounced');
    const event = hooks.received.find((r) => r.json?.type === 'email.bounced')!.json;
    assert.deepEqual(event.data, { mailing_id: mailingId, user: { userapp_id: bouncer.userapp_id, user_id: bouncer.userapp_id, service_uid: bouncer.service_uid, email: 'bounce@example.com' } });
  });

  it('a 451 is retried after 1 min, 10 min and 1 h, then failed; then the mailing is sent and mailing.finished goes out', async () => {
    const pendingRow = async () => expectOk(await t.get(`/apiv3/mailings/${mailingId}/recipients?status=pending`))[0];
    await waitFor(async () => (await pendingRow())?.attempts === 1, 'the first attempt');
    assert.equal((await mailingOf(mailingId)).status, 'sending');
    let at = Date.now();
    for (const [minutes, attempts] of [
      [2, 2],
      [12, 3],
    ] as const) {
      at += minutes * 60_000;
      t.clock.set(new Date(at));
      await waitFor(async () => (await pendingRow())?.attempts === attempts, `attempt ${attempts}`);
    }
    t.clock.set(new Date(at + 61 * 60_000));
    await waitFor(async () => (await mailingOf(mailingId)).status === 'sent', 'the mailing sent');
    const failed = expectOk(await t.get(`/apiv3/mailings/${mailingId}/recipients?status=failed`));
    assert.deepEqual(
      failed.map((r: any) => [r.userapp_id, r.attempts]),
      [[later.userapp_id, 4]],
    );
    const done = await mailingOf(mailingId);
    assert.deepEqual(done.stats, { recipients: 6, pending: 0, sent: 1, failed: 1, bounced: 1, suppressed: 3, opened: 0, clicked: 0, unsubscribed: 0 });
    assert.ok(done.finished_at);
    await waitFor(async () => hooks.received.some((r) => r.json?.type === 'mailing.finished'), 'mailing.finished');
    const finished = hooks.received.find((r) => r.json?.type === 'mailing.finished')!.json.data;
    assert.equal(finished.id, mailingId);
    assert.equal(finished.status, 'sent');
    t.clock.set(null);
  });

  it('PUT, send and DELETE follow the status; a sent mailing is copied to be sent again', async () => {
    expectError(await t.put(`/apiv3/mailings/${mailingId}`, { name: 'x' }), 400, 'bad_request', /is sent/);
    expectError(await t.post(`/apiv3/mailings/${mailingId}/send`, {}), 400, 'bad_request', /is sent: only a draft is sent/);
    expectError(await t.post(`/apiv3/mailings/${mailingId}/pause`), 400, 'bad_request', /is sent/);
    const copy = expectOk(await t.post(`/apiv3/mailings/${mailingId}/copy`), 201);
    assert.equal(copy.status, 'draft');
    const noSegment = expectOk(await t.post('/apiv3/mailings', { name: 'n', subject: 's', body: 'b' }), 201);
    expectError(await t.post(`/apiv3/mailings/${noSegment.id}/send`, {}), 400, 'bad_request', /^segment_id: /);
    expectError(await t.post(`/apiv3/mailings/${noSegment.id}/send`, { send_at: 'tomorrow' }), 400, 'bad_request', /^(send_at|segment_id): /);
    expectError(await t.post('/apiv3/mailings/999999/send', {}), 404, 'not_found');
  });
});

describe('the public routes (M8)', () => {
  let mail: ReceivedMail;
  let mailingId = 0;

  it('open and click record the first of each; the click goes only to the n-th link of the body', async () => {
    mail = to('ada@example.com')[0]!;
    const raw = decoded(mail.raw);
    mailingId = (expectOk(await t.get('/apiv3/mailings?search=sale&status=sent')) as any[])[0].id;
    const open = tokenIn(raw, 'o')!;
    const gif = await t.request('GET', `/m/o/${open}`, { key: null });
    assert.equal(gif.status, 200);
    assert.equal(gif.headers['content-type'], 'image/gif');
    const click = tokenIn(raw, 'c')!;
    const redirect = await t.request('GET', `/m/c/${click}/1?url=https://evil.example.net`, { key: null });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.location, 'https://shop.example.com/faq');
    assert.equal((await t.request('GET', `/m/c/${click}/0`, { key: null })).headers.location, 'https://shop.example.com/sale');
    assert.equal((await t.request('GET', `/m/c/${click}/2`, { key: null })).status, 404);
    const stats = (await mailingOf(mailingId)).stats;
    assert.deepEqual([stats.opened, stats.clicked], [1, 1]);
    const row = expectOk(await t.get(`/apiv3/mailings/${mailingId}/recipients?status=sent`))[0];
    assert.ok(row.opened_at && row.clicked_at);
  });

  it('a forged, altered or other-purpose token is 404', async () => {
    const raw = decoded(mail.raw);
    const unsubscribe = tokenIn(raw, 'u')!;
    const altered = unsubscribe.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    assert.equal((await t.request('GET', `/m/u/${altered}`, { key: null })).status, 404);
    assert.equal((await t.request('POST', `/m/u/${altered}`, { key: null })).status, 404);
    const otherRecipient = unsubscribe.replace(/^u\.(\w+)\.(\w+)\.(\w+)\./, (_m, a, m) => `u.${a}.${m}.zz.`);
    assert.equal((await t.request('GET', `/m/u/${otherRecipient}`, { key: null })).status, 404);
    const open = tokenIn(raw, 'o')!;
    assert.equal((await t.request('GET', `/m/u/${open}`, { key: null })).status, 404, 'an open token does not unsubscribe');
    assert.equal((await t.request('GET', `/m/v/${open}`, { key: null })).status, 404);
    assert.equal((await t.request('GET', '/m/u/nonsense', { key: null })).status, 404);
  });

  it('the view route shows the message; the unsubscribe page changes nothing; its POST (one-click) unsubscribes', async () => {
    const raw = decoded(mail.raw);
    const view = await t.request('GET', `/m/v/${tokenIn(raw, 'v')!}`, { key: null });
    assert.equal(view.status, 200);
    assert.match(view.text, /Hi Ada, see/);
    assert.doesNotMatch(view.text, /\/m\/o\//, 'a view in the browser is not an open');
    const unsubscribe = tokenIn(raw, 'u')!;
    const pageAnswer = await t.request('GET', `/m/u/${unsubscribe}`, { key: null });
    assert.equal(pageAnswer.status, 200);
    assert.match(String(pageAnswer.headers['content-type']), /text\/html/);
    assert.match(pageAnswer.text, /<form method="post"/);
    assert.match(pageAnswer.text, /name="viewport"/);
    assert.doesNotMatch(pageAnswer.text, /<script/);
    assert.equal(expectOk(await t.get(`/apiv3/users/${ada.userapp_id}`)).mailing_enabled, true, 'a GET changes nothing');
    const done = await t.request('POST', `/m/u/${unsubscribe}`, { key: null, form: true, body: { 'List-Unsubscribe': 'One-Click' } });
    assert.equal(done.status, 200);
    const user = expectOk(await t.get(`/apiv3/users/${ada.userapp_id}`));
    assert.deepEqual([user.mailing_enabled, user.mailing_enabled_reason], [false, 'unsubscribe']);
    assert.equal((await mailingOf(mailingId)).stats.unsubscribed, 1);
    // RFC 8058's one-click body as multipart/form-data; a second one changes nothing more.
    const multipart = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    const again = await t.request('POST', `/m/u/${unsubscribe}`, { key: null, body: multipart, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    assert.equal(again.status, 200, again.text);
    await waitFor(async () => hooks.received.some((r) => r.json?.type === 'email.unsubscribed'), 'email.unsubscribed');
    assert.equal(hooks.received.filter((r) => r.json?.type === 'email.unsubscribed').length, 1);
  });

  it('an unsubscribe and a bounce are honoured by every later mailing', async () => {
    const next = expectOk(await t.post('/apiv3/mailings', { name: 'Again', subject: 'Again', body: '<p>again {{ view_in_browser_url }}</p>', segment_id: news.id }), 201);
    const before = smtp.messages.length;
    expectOk(await t.post(`/apiv3/mailings/${next.id}/send`));
    const reasons = Object.fromEntries(expectOk(await t.get(`/apiv3/mailings/${next.id}/recipients?limit=100`)).map((r: any) => [r.userapp_id, r.reason]));
    assert.equal(reasons[ada.userapp_id], 'mailing_disabled');
    assert.equal(reasons[bouncer.userapp_id], 'blacklisted');
    await waitFor(async () => (await mailingOf(next.id)).stats.pending <= 1, 'sent');
    assert.ok(smtp.messages.slice(before).every((m) => !m.to.includes('ada@example.com') && !m.to.includes('bounce@example.com')));
    expectOk(await t.post(`/apiv3/mailings/${next.id}/cancel`));
    assert.equal((await mailingOf(next.id)).status, 'cancelled');
  });
});

describe('test sends, scheduling, pause, resume, cancel (M4, M5)', () => {
  it('a test send goes to the given addresses with [Test] and counts in no statistic', async () => {
    const m = expectOk(await t.post('/apiv3/mailings', { name: 'T', subject: 'Hi {{ customer.first_name }}', body: '<p>x</p>', segment_id: news.id }), 201);
    expectOk(await t.post(`/apiv3/mailings/${m.id}/test`, { emails: ['QA@example.com', 'qa2@example.com'] }));
    const tests = smtp.messages.filter((x) => x.subject.startsWith('[Test] '));
    assert.deepEqual(tests.map((x) => x.to[0]).sort(), ['qa2@example.com', 'qa@example.com']);
    assert.equal((await mailingOf(m.id)).stats.recipients, 0);
    assert.equal((await mailingOf(m.id)).status, 'draft');
    expectError(await t.post(`/apiv3/mailings/${m.id}/test`, { emails: [] }), 400, 'bad_request', /emails/);
    expectError(await t.post(`/apiv3/mailings/${m.id}/test`, { emails: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`) }), 400, 'bad_request', /emails/);
    expectError(await t.post(`/apiv3/mailings/${m.id}/test`, { emails: ['nope'] }), 400, 'bad_request', /^emails\[0\]: /);
  });

  it('a scheduled mailing waits for send_at; pause, resume and cancel change its status and are audited', async () => {
    const m = expectOk(await t.post('/apiv3/mailings', { name: 'Later', subject: 's', body: '<p>x</p>', segment_id: news.id }), 201);
    const scheduled = expectOk(await t.post(`/apiv3/mailings/${m.id}/send`, { send_at: '2099-01-01T00:00:00Z' }));
    assert.deepEqual([scheduled.status, scheduled.send_at], ['scheduled', '2099-01-01 00:00:00']);
    assert.equal(expectOk(await t.put(`/apiv3/mailings/${m.id}`, { subject: 'changed' })).subject, 'changed', 'a scheduled mailing may change');
    assert.equal(expectOk(await t.post(`/apiv3/mailings/${m.id}/pause`)).status, 'paused');
    expectError(await t.put(`/apiv3/mailings/${m.id}`, { subject: 'no' }), 400, 'bad_request', /is paused/);
    expectError(await t.post(`/apiv3/mailings/${m.id}/pause`), 400, 'bad_request', /is paused/);
    assert.equal(expectOk(await t.post(`/apiv3/mailings/${m.id}/resume`)).status, 'scheduled');
    expectError(await t.post(`/apiv3/mailings/${m.id}/resume`), 400, 'bad_request', /is scheduled/);
    assert.equal(expectOk(await t.post(`/apiv3/mailings/${m.id}/cancel`)).status, 'cancelled');
    expectError(await t.post(`/apiv3/mailings/${m.id}/cancel`), 400, 'bad_request', /is cancelled/);
    assert.equal((await mailingOf(m.id)).stats.recipients, 0, 'never started: no audience frozen');
    const log = expectOk(await t.get('/apiv3/account/audit-log?limit=100'));
    const paths = log.filter((e: any) => e.path.startsWith(`/apiv3/mailings/${m.id}/`)).map((e: any) => `${e.path.split('/').pop()} ${e.status}`);
    assert.ok(paths.includes('send 200') && paths.includes('pause 200') && paths.includes('cancel 200'), paths.join(', '));
  });

  it('a sending mailing is not deleted; paused, it sends nothing until resumed', async () => {
    const only = expectOk(await t.post('/apiv3/segments', { title: 'Later only', definition: { all: [{ field: 'email', op: 'eq', value: 'later@example.com' }] } }), 201);
    const m = expectOk(await t.post('/apiv3/mailings', { name: 'Stuck', subject: 's', body: '<p>x</p>', segment_id: only.id }), 201);
    expectOk(await t.post(`/apiv3/mailings/${m.id}/send`));
    expectError(await t.delete(`/apiv3/mailings/${m.id}`), 400, 'bad_request', /is sending/);
    expectOk(await t.post(`/apiv3/mailings/${m.id}/pause`));
    assert.deepEqual(expectOk(await t.delete(`/apiv3/mailings/${m.id}`)), { id: m.id, deleted: true });
    expectError(await t.get(`/apiv3/mailings/${m.id}/recipients`), 404, 'not_found');
  });
});

describe('DKIM (M6)', () => {
  it('with DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY every message is signed, and the signature verifies with the public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const receiver = await startSmtpReceiver();
    const signing = await buildTestApp({
      config: {
        smtpUrl: receiver.url,
        workerPollMs: 20,
        dkim: { domainName: 'shop.example.com', keySelector: 'rapport', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      },
    });
    try {
      const segment = expectOk(await signing.post('/apiv3/segments', { title: 'All', definition: { all: [{ field: 'tags', op: 'has', value: 'd' }] } }), 201);
      await createUser(signing, { email: 'dkim@example.com', first_name: 'Dee', tags: ['d'] });
      const m = expectOk(await signing.post('/apiv3/mailings', { name: 'D', subject: 'Signed for {{ customer.first_name }}', from_email: 'news@shop.example.com', body: '<p>Hello  {{ customer.first_name }}</p>', segment_id: segment.id }), 201);
      expectOk(await signing.post(`/apiv3/mailings/${m.id}/test`, { emails: ['qa@example.com'] }));
      expectOk(await signing.post(`/apiv3/mailings/${m.id}/send`, {}));
      const [test, sent] = await receiver.waitFor(2, 10_000);
      for (const mail of [test!, sent!]) {
        const result = checkDkim(mail.raw, publicKey.export({ type: 'spki', format: 'pem' }).toString());
        assert.deepEqual(result, { domain: 'shop.example.com', selector: 'rapport', bodyHashMatches: true, signatureVerifies: true }, mail.subject);
      }
      // The check is not blind: a changed body or another key fails it.
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
      assert.equal(checkDkim(sent!.raw, other)?.signatureVerifies, false);
      assert.equal(checkDkim(sent!.raw.replace('Hello', 'Hullo'), publicKey.export({ type: 'spki', format: 'pem' }).toString())?.bodyHashMatches, false);
      // Without the settings nothing is signed.
      assert.equal(checkDkim(smtp.messages[0]!.raw, other), undefined);
    } finally {
      await signing.close();
      await receiver.close();
    }
  });
});
