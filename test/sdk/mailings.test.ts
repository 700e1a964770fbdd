import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { MailingRecipient } from '../../packages/sdk/src/index.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { rapportError, startSdkServer } from './server.js';

// rapport.mailings.* and rapport.mailingFolders.* (M1–M7) against a real server sending through a
// real SMTP receiver (smtp-server on 127.0.0.1).

const smtp = await startSmtpReceiver();
const t = await startSdkServer({ config: { smtpUrl: smtp.url, workerEnabled: true, workerPollMs: 20, mailFrom: 'news@shop.example.com' } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());
const { sdk } = t;

for (const [i, name] of ['Ana', 'Bo', 'Cy'].entries()) {
  await sdk.POST('/users', { body: { service_uid: `m-${i}`, email: `${name.toLowerCase()}@example.com`, first_name: name, city: 'Lisbon' } });
}
const segment = await sdk.segments.create({ title: 'Lisbon', definition: { all: [{ field: 'city', op: 'eq', value: 'Lisbon' }] } });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('rapport.mailingFolders', () => {
  test('create, list, rename, a taken name is a RapportError 400, delete keeps the mailings', async () => {
    const folder = await sdk.mailingFolders.create({ name: 'Newsletters' });
    assert.equal(folder.mailings, 0);
    const mailing = await sdk.mailings.create({ name: 'In a folder', subject: 'Hi', body: '<p>Hi</p>', folder_id: folder.id });
    assert.equal((await sdk.mailingFolders.get(folder.id)).mailings, 1);
    const renamed = await sdk.mailingFolders.update(folder.id, { name: 'Letters' });
    assert.equal(renamed.name, 'Letters');
    assert.deepEqual((await sdk.mailingFolders.list()).map((f) => f.name), ['Letters']);
    await sdk.mailingFolders.create({ name: 'Other' });
    const taken = await rapportError(sdk.mailingFolders.create({ name: 'Letters' }));
    assert.equal(taken.status, 400);
    assert.deepEqual(await sdk.mailingFolders.delete(folder.id), { id: folder.id, deleted: true });
    assert.equal((await sdk.mailings.get(mailing.id)).folder_id, null);
    assert.equal((await rapportError(sdk.mailingFolders.get(folder.id))).status, 404);
  });
});

describe('rapport.mailings', () => {
  test('a template that does not parse is a RapportError 400 naming the field', async () => {
    const error = await rapportError(sdk.mailings.create({ name: 'Broken', subject: 'Hi {{ customer.first_name', body: '<p>x</p>' }));
    assert.equal(error.status, 400);
    assert.match(error.message, /subject/);
  });

  test('preview for a customer, a test send, send, then every recipient sent and the stats', async () => {
    const mailing = await sdk.mailings.create({
      name: 'Spring',
      subject: 'Hello {{ customer.first_name | default: "there" }}',
      body: '<p>News from {{ customer.city }}</p>',
      segment_id: segment.id,
    });
    assert.equal(mailing.status, 'draft');
    const members = await sdk.segments.members(segment.id);
    const bo = members.find((m) => m.email === 'bo@example.com')!;
    const preview = await sdk.mailings.preview(mailing.id, bo.userapp_id);
    assert.equal(preview.subject, 'Hello Bo');
    assert.match(preview.html, /News from Lisbon/);

    const before = smtp.messages.length;
    assert.deepEqual((await sdk.mailings.test(mailing.id, ['qa@example.com'], bo.userapp_id)).sent, ['qa@example.com']);
    const [tested] = (await smtp.waitFor(before + 1)).slice(before);
    assert.equal(tested!.subject, '[Test] Hello Bo');

    const sending = await sdk.mailings.send(mailing.id);
    assert.ok(['sending', 'sent'].includes(sending.status), sending.status);
    const sent = await until(() => sdk.mailings.get(mailing.id), (m) => m.status === 'sent');
    assert.equal(sent.status, 'sent');
    assert.deepEqual({ recipients: sent.stats.recipients, sent: sent.stats.sent, pending: sent.stats.pending }, { recipients: 3, sent: 3, pending: 0 });
    const all: MailingRecipient[] = [];
    for await (const recipient of sdk.mailings.eachRecipient(mailing.id, { status: 'sent' }, { limit: 2 })) all.push(recipient);
    assert.deepEqual(all.map((r) => r.email).sort(), ['ana@example.com', 'bo@example.com', 'cy@example.com']);
    assert.equal((await sdk.mailings.recipients(mailing.id, { status: 'pending' })).length, 0);

    // Once sent, it does not change, and it is not sent again: a copy is.
    const refused = await rapportError(sdk.mailings.update(mailing.id, { name: 'Renamed' }));
    assert.equal(refused.status, 400);
    assert.match(refused.message, /sent/);
    const copy = await sdk.mailings.copy(mailing.id);
    assert.equal(copy.status, 'draft');
    assert.ok((await sdk.mailings.list({ status: 'draft' })).some((m) => m.id === copy.id));
  });

  test('scheduled, paused, resumed, cancelled; null clears the segment', async () => {
    const mailing = await sdk.mailings.create({ name: 'Later', subject: 'Soon', body: '<p>Soon</p>', segment_id: segment.id, preheader: 'pre' });
    const scheduled = await sdk.mailings.send(mailing.id, { sendAt: '2099-01-01 10:00:00' });
    assert.equal(scheduled.status, 'scheduled');
    assert.equal((await sdk.mailings.pause(mailing.id)).status, 'paused');
    assert.equal((await sdk.mailings.resume(mailing.id)).status, 'scheduled');
    assert.equal((await sdk.mailings.cancel(mailing.id)).status, 'cancelled');
    const draft = await sdk.mailings.create({ name: 'Draft', subject: 'x', body: '<p>x</p>', segment_id: segment.id, preheader: 'pre' });
    const cleared = await sdk.mailings.update(draft.id, { segment_id: null, preheader: null });
    assert.deepEqual([cleared.segment_id, cleared.preheader], [null, null]);
    assert.deepEqual(await sdk.mailings.delete(draft.id), { id: draft.id, deleted: true });
    assert.throws(() => sdk.mailings.get(0), RangeError);
  });
});
