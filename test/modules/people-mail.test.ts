import assert from 'node:assert/strict';
import { type AddressInfo, type Socket, createServer } from 'node:net';
import { after, describe, it } from 'node:test';
import { createMailer } from '../../src/jobs/mailer.js';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { CSRF, PASSWORD, addPerson, cookieFrom, signIn, tokenOf } from '../helpers/people.js';
import { decoded, startSmtpReceiver } from '../helpers/smtp.js';

// T1, T2 with SMTP configured: the invitation carries the welcome link, and a reset asked for by
// e-mail carries a reset link; the links work as the answered or printed ones do.

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://rapport.example.com' } });
after(() => smtp.close());

const linkIn = (raw: string) => /https:\/\/rapport\.example\.com\/console\/welcome\?token=[A-Za-z0-9_-]{43}/.exec(decoded(raw))?.[0];

describe('e-mails to people', () => {
  it('an invited person receives the welcome link the answer holds', async () => {
    const added = expectOk(await t.post('/apiv3/account/people', { email: 'invited@example.com', role: 'editor' }), 201);
    assert.equal(added.emailed, true, 'the SMTP server took the message before the answer');
    const [mail] = await smtp.waitFor(1, 10_000);
    assert.deepEqual(mail!.to, ['invited@example.com']);
    assert.equal(mail!.subject, 'You are invited to Rapport');
    assert.equal(linkIn(mail!.raw), added.invite_url);
  });

  it('an account name ending in a full stop closes the sentence once: "on Andes Running Co." not "Co.."', async () => {
    expectOk(await t.put('/apiv3/account/settings', { name: 'Andes Running Co.' }));
    try {
      const before = smtp.messages.length;
      expectOk(await t.post('/apiv3/account/people', { email: 'dotted@example.com', role: 'viewer' }), 201);
      const mail = (await smtp.waitFor(before + 1, 10_000))[before]!;
      const text = decoded(mail.raw);
      assert.match(text, /You were given the viewer role on Andes Running Co\.\r?\n/);
      assert.doesNotMatch(text, /Co\.\./);
    } finally {
      expectOk(await t.put('/apiv3/account/settings', { name: 'main' }));
    }
  });

  it('a reset asked for by e-mail sends a link that sets a new password; an unknown e-mail gets nothing', async () => {
    const invitations = smtp.messages.length;
    await addPerson(t, 'forgetful@example.com', 'viewer');
    await smtp.waitFor(invitations + 1, 10_000); // the invitation, sent after the answer, is not counted below
    const before = smtp.messages.length;
    assert.equal((await t.post('/console/password/reset', { email: 'nobody@example.com' }, { key: null, headers: CSRF })).status, 204);
    assert.equal((await t.post('/console/password/reset', { email: 'Forgetful@example.com' }, { key: null, headers: CSRF })).status, 204);
    const mails = await smtp.waitFor(before + 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(smtp.messages.length, before + 1, 'one message: none for the unknown e-mail');
    const mail = mails[before]!;
    assert.deepEqual(mail.to, ['forgetful@example.com']);
    assert.equal(mail.subject, 'Reset your Rapport password');
    const set = await t.put('/console/password', { token: tokenOf(linkIn(mail.raw)!), password: 'remembered at last' }, { key: null, headers: CSRF });
    assert.equal(set.status, 204);
    expectOk(await t.get('/console/session', { key: null, headers: { cookie: cookieFrom(set) } }));
    assert.equal((await signIn(t, { email: 'forgetful@example.com', password: PASSWORD })).status, 403);
  });

  it("an owner's e-mailed link: a reset link to someone with a password, a welcome link to someone without", async () => {
    const withPassword = await addPerson(t, 'owner-reset@example.com', 'editor');
    const invited = expectOk(await t.post('/apiv3/account/people', { email: 'not-yet@example.com', role: 'viewer' }), 201);
    const before = smtp.messages.length;
    assert.deepEqual(expectOk(await t.post(`/apiv3/account/people/${withPassword.id}/email-link`, undefined)), { emailed: true });
    assert.deepEqual(expectOk(await t.post(`/apiv3/account/people/${invited.id}/email-link`, undefined)), { emailed: true });
    const mails = (await smtp.waitFor(before + 2, 10_000)).slice(before);
    const reset = mails.find((m) => m.to[0] === 'owner-reset@example.com')!;
    assert.equal(reset.subject, 'Reset your Rapport password');
    const welcome = mails.find((m) => m.to[0] === 'not-yet@example.com')!;
    assert.equal(welcome.subject, 'You are invited to Rapport');
    const set = await t.put('/console/password', { token: tokenOf(linkIn(reset.raw)!), password: 'a new owner-sent one' }, { key: null, headers: CSRF });
    assert.equal(set.status, 204);
    assert.equal((await t.put('/console/password', { token: tokenOf(linkIn(welcome.raw)!), password: 'a first password here' }, { key: null, headers: CSRF })).status, 204);
  });

  it('a link the SMTP server refuses is answered as not e-mailed', async () => {
    smtp.failNext(1);
    const added = expectOk(await t.post('/apiv3/account/people', { email: 'bounced@example.com', role: 'viewer' }), 201);
    assert.equal(added.emailed, false);
    assert.match(added.invite_url, /^https:\/\/rapport\.example\.com\/console\/welcome\?token=/);
  });

  it('an SMTP server that takes the connection and never greets: the answer comes after the SMTP timeout, not minutes later, as not e-mailed', async () => {
    const sockets = new Set<Socket>();
    let connections = 0;
    const silent = createServer((socket) => {
      connections += 1;
      sockets.add(socket); // accepted, never answered
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    // The same mailer the app builds from SMTP_URL, with 300 ms in place of its 10 s.
    const hung = await buildTestApp({ config: { smtpUrl: url, publicUrl: 'https://rapport.example.com' }, mailer: createMailer(url, 'Rapport <rapport@test.local>', { timeoutMs: 300 }), autoClose: false });
    try {
      const started = Date.now();
      const response = await hung.post('/apiv3/account/people', { email: 'unheard@example.com', role: 'viewer' });
      const added = expectOk(response, 201);
      assert.equal(added.emailed, false);
      assert.match(added.invite_url, /^https:\/\/rapport\.example\.com\/console\/welcome\?token=/);
      const waited = Date.now() - started;
      assert.equal(connections, 1, 'the mailer reached the silent server');
      assert.ok(waited >= 250 && waited < 5_000, `answered after ${waited} ms`);
    } finally {
      await hung.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('asking for resets is limited per e-mail (5 in 15 minutes), so nobody is mail-bombed', async () => {
    for (let i = 0; i < 4; i += 1) assert.equal((await t.post('/console/password/reset', { email: 'forgetful@example.com' }, { key: null, headers: CSRF })).status, 204);
    const refused = await t.post('/console/password/reset', { email: 'forgetful@example.com' }, { key: null, headers: CSRF });
    assert.equal(refused.status, 429);
    assert.match(refused.body.message, /^too many password resets asked for; try again in \d+ s$/);
    assert.ok(Number(refused.headers['retry-after']) > 0);
  });
});
