import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usingPostgres } from '../helpers/app.js';
import { waitFor } from '../helpers/blacklist.js';
import { childServers, sharedDatabaseConfig } from '../helpers/child-server.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { createAccount, sharedDatabase } from '../ops/support.js';

// M6 across processes: a server killed with SIGKILL mid-mailing skips no recipient once another
// server takes over after the lease, and sends again at most the messages it had in flight (the
// rows it had claimed and not yet recorded); two servers on one PostgreSQL database share a
// mailing and send no address twice.

const RECIPIENTS = 300;
const LEASE_MS = 3000;

async function api(url: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/apiv3${path}`, {
    method,
    headers: { authorization: `Basic ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text).payload;
}

/** An audience of RECIPIENTS customers and a draft to it, through the API of the server at `url`. */
async function draftToAudience(url: string, key: string, prefix: string): Promise<number> {
  for (let start = 0; start < RECIPIENTS; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, RECIPIENTS - start) }, (_, i) =>
        api(url, key, 'POST', '/users', { service_uid: `${prefix}-${start + i}`, email: `${prefix}${start + i}@example.com`, tags: [prefix] }),
      ),
    );
  }
  const segment = await api(url, key, 'POST', '/segments', { title: prefix, definition: { all: [{ field: 'tags', op: 'has', value: prefix }] } });
  const mailing = await api(url, key, 'POST', '/mailings', { name: prefix, subject: 'Hi {{ customer.service_uid }}', body: '<p>Hello</p>', segment_id: segment.id });
  return mailing.id;
}

function perAddress(messages: ReadonlyArray<{ to: string[] }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

describe('a server killed with SIGKILL mid-mailing', () => {
  const servers = childServers();

  it('skips no recipient; the only duplicates are the messages it had in flight', async () => {
    const shared = await sharedDatabase(1);
    const db = shared.handles[0]!.db;
    const { key } = await createAccount(shared.handles[0]!);
    // A slow receiver: the first server is killed with a batch half sent.
    const smtp = await startSmtpReceiver({ delayMs: 15 });
    const settings = { workerEnabled: true, workerPollMs: 50, smtpUrl: smtp.url, mailingLeaseMs: LEASE_MS, mailingConcurrency: 2 };
    try {
      const first = await servers.start(sharedDatabaseConfig(shared), settings, { startTimeoutMs: 120_000 });
      const mailingId = await draftToAudience(first.url, key, 'crash');
      await api(first.url, key, 'POST', `/mailings/${mailingId}/send`, {});
      await smtp.waitFor(40, 30_000);
      await first.kill();
      const inFlight = await db
        .selectFrom('mailing_recipients')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('mailing_id', '=', mailingId)
        .where('status', '=', 'pending')
        .where('claimed_by', 'is not', null)
        .executeTakeFirstOrThrow();
      const receivedAtKill = smtp.messages.length;
      assert.ok(receivedAtKill < RECIPIENTS, 'killed mid-mailing');

      const second = await servers.start(sharedDatabaseConfig(shared), settings, { startTimeoutMs: 120_000 });
      await waitFor(async () => (await api(second.url, key, 'GET', `/mailings/${mailingId}`)).status === 'sent', 'the mailing sent by the next server', 60_000);
      const counts = perAddress(smtp.messages);
      const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
      console.log(`crash: ${receivedAtKill} received at the kill, ${Number(inFlight.n)} in flight, ${duplicates} sent twice`);
      assert.equal(counts.size, RECIPIENTS, 'no recipient skipped');
      assert.ok(duplicates <= Number(inFlight.n), `${duplicates} duplicates, ${inFlight.n} in flight`);
      const stats = (await api(second.url, key, 'GET', `/mailings/${mailingId}`)).stats;
      assert.deepEqual([stats.recipients, stats.sent, stats.pending], [RECIPIENTS, RECIPIENTS, 0]);
    } finally {
      servers.killAll();
      await smtp.close();
      await shared.drop();
    }
  });
});

describe('two servers on one PostgreSQL database', () => {
  const servers = childServers();

  it('share one mailing and send no address twice', async (context) => {
    if (!usingPostgres()) {
      console.log('two servers sharing a mailing: PostgreSQL only (set TEST_DATABASE_URL); skipped on SQLite');
      context.skip('PostgreSQL only');
      return;
    }
    const shared = await sharedDatabase(1);
    const { key } = await createAccount(shared.handles[0]!);
    const smtp = await startSmtpReceiver({ delayMs: 2 });
    // Each server's worker starts with the mailing already sending: both claim from the start.
    const settings = { workerEnabled: true, workerPollMs: 30, smtpUrl: smtp.url, mailingLeaseMs: 60_000, mailingConcurrency: 2 };
    try {
      const one = await servers.start(sharedDatabaseConfig(shared), settings, { startTimeoutMs: 120_000 });
      const two = await servers.start(sharedDatabaseConfig(shared), settings, { startTimeoutMs: 120_000 });
      const mailingId = await draftToAudience(one.url, key, 'pair');
      await api(two.url, key, 'POST', `/mailings/${mailingId}/send`, {});
      await waitFor(async () => (await api(one.url, key, 'GET', `/mailings/${mailingId}`)).status === 'sent', 'the mailing sent', 60_000);
      const counts = perAddress(smtp.messages);
      assert.equal(counts.size, RECIPIENTS);
      assert.deepEqual([...counts.entries()].filter(([, n]) => n > 1), [], 'no address twice');
    } finally {
      servers.killAll();
      await smtp.close();
      await shared.drop();
    }
  });
});
