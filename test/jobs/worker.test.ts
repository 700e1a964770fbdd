import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Database } from '../../src/db/database.js';
import { buildRepositories, requestHandlers } from '../../src/services.js';
import { createMailer } from '../../src/jobs/mailer.js';
import { Worker, type WorkerOptions } from '../../src/jobs/worker.js';
import { buildTestApp, createTestDatabase, openAgain, usingPostgres, type TestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { waitForRequest } from '../helpers/requests.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

const smtp = await startSmtpReceiver();
after(() => smtp.close());

function logger(lines: string[] = []): FastifyBaseLogger {
  return pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) as unknown as FastifyBaseLogger;
}

function worker(t: TestApp, options: Partial<WorkerOptions> = {}): Worker {
  return new Worker({
    db: t.database.db,
    repositories: buildRepositories,
    clock: t.clock,
    log: logger(),
    handlers: requestHandlers,
    mailer: createMailer(smtp.url, 'Rapport <rapport@test.local>'),
    pollMs: 1000,
    ...options,
  });
}

/** A flat set of `count` categories under one root `code`, in the given account. */
async function categoryTree(t: TestApp, code: string, count: number, key?: string): Promise<void> {
  expectOk(await t.post('/apiv3/categories', { code, name: code }, { key }));
  for (let i = 1; i < count; i++) {
    expectOk(await t.post('/apiv3/categories', { code: `${code}-${i}`, name: `${code} ${i}`, parent_code: code }, { key }));
  }
}

async function categoryCount(t: TestApp, key?: string): Promise<number> {
  return expectOk(await t.get('/apiv3/categories', { key })).length;
}

async function requestRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function outbox(t: TestApp, requestId: string) {
  return t.database.db.selectFrom('mail_outbox').selectAll().where('request_id', '=', requestId).execute();
}

describe('notification e-mail', () => {
  it('is delivered over SMTP when a request with notify_to ends (worker inside the server)', async () => {
    const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 50 } });
    const before = smtp.messages.length;
    await categoryTree(t, 'mail', 4);
    const { request_id } = expectOk(await t.delete('/apiv3/categories', { code: 'mail', notify_to: 'ops@example.com' }));
    const view = await waitForRequest(t, request_id);
    assert.deepEqual(view.result, { deleted: 4 });
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before]!;
    assert.deepEqual(mail.to, ['ops@example.com']);
    assert.match(mail.subject, /delete category mail and its descendants completed \(4 categories deleted\)/);
    assert.match(mail.raw, new RegExp(request_id));
    assert.match(mail.raw, /Deleted: 4 categories/);
    assert.match(mail.raw, /Outcome: done/);
    const rows = await outbox(t, request_id);
    assert.equal(rows.length, 1);
    for (let i = 0; i < 50 && (await outbox(t, request_id))[0]!.status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 10));
    const [sent] = await outbox(t, request_id);
    assert.equal(sent!.status, 'sent');
    assert.equal(Number(sent!.attempts), 1);
  });

  it('sends nothing when notify_to is absent', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    await categoryTree(t, 'quiet', 2);
    const { request_id } = expectOk(await t.delete('/apiv3/categories', { code: 'quiet' }));
    await worker(t).runOnce();
    assert.equal((await requestRow(t, request_id)).status, 'done');
    assert.equal((await outbox(t, request_id)).length, 0);
  });

  it('without SMTP is written to the log once and kept in the outbox', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    await categoryTree(t, 'nosmtp', 3);
    const { request_id } = expectOk(await t.delete('/apiv3/categories', { code: 'nosmtp', notify_to: 'ops@example.com' }));
    const lines: string[] = [];
    const w = worker(t, { mailer: null, log: logger(lines) });
    await w.runOnce();
    await w.runOnce();
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.mail);
    assert.equal(logged.length, 1);
    assert.equal(logged[0].mail.to, 'ops@example.com');
    assert.match(logged[0].mail.subject, /3 categories deleted/);
    assert.match(logged[0].mail.body, /Deleted: 3 categories/);
    const [row] = await outbox(t, request_id);
    assert.equal(row!.status, 'pending');
    assert.ok(row!.logged_at);
    // Once an SMTP server is configured, the kept message goes out.
    const before = smtp.messages.length;
    await worker(t).runOnce();
    await smtp.waitFor(before + 1);
    assert.equal((await outbox(t, request_id))[0]!.status, 'sent');
  });

  it('retries a failed send with backoff and records the attempts', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    t.clock.set('2026-05-01T10:00:00Z');
    await categoryTree(t, 'retry', 2);
    const { request_id } = expectOk(await t.delete('/apiv3/categories', { code: 'retry', notify_to: 'retry@example.com' }));
    const before = smtp.messages.length;
    smtp.failNext(2);
    const w = worker(t);
    await w.runOnce();
    let [row] = await outbox(t, request_id);
    assert.equal(row!.status, 'pending');
    assert.equal(Number(row!.attempts), 1);
    assert.match(row!.last_error!, /451|try again/);
    assert.equal(row!.next_attempt_at, '2026-05-01 10:01:00');
    await w.runOnce(); // not due yet
    assert.equal(Number((await outbox(t, request_id))[0]!.attempts), 1);
    t.clock.set('2026-05-01T10:01:00Z');
    await w.runOnce();
    [row] = await outbox(t, request_id);
    assert.equal(Number(row!.attempts), 2);
    assert.equal(row!.next_attempt_at, '2026-05-01 10:03:00');
    t.clock.set('2026-05-01T10:03:00Z');
    await w.runOnce();
    [row] = await outbox(t, request_id);
    assert.equal(row!.status, 'sent');
    assert.equal(Number(row!.attempts), 3);
    assert.equal(row!.last_error, null);
    const mails = await smtp.waitFor(before + 1);
    assert.equal(mails.length, before + 1);
    assert.deepEqual(mails[before]!.to, ['retry@example.com']);
  });
});

describe('failures', () => {
  it('marks a request that cannot run as failed, keeps the error, and mails the outcome', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    const { RequestQueue } = await import('../../src/jobs/queue.js');
    const id = await new RequestQueue(t.database.db).accept(
      t.accountId,
      { type: 'no-such-type', params: {}, notifyTo: 'failure@example.com' },
      '2026-01-01 00:00:00',
    );
    const before = smtp.messages.length;
    await worker(t).runOnce();
    const view = expectOk(await t.get(`/apiv3/requests/${id}`));
    assert.equal(view.status, 'failed');
    assert.equal(view.result.deleted, 0);
    assert.match(view.result.error, /no handler for request type no-such-type/);
    assert.match(view.finished, /^\d{4}-/);
    const mails = await smtp.waitFor(before + 1);
    assert.deepEqual(mails[before]!.to, ['failure@example.com']);
    assert.match(mails[before]!.subject, /failed \(0 items deleted\)/);
    assert.match(mails[before]!.raw, /Outcome: failed/);
  });
});

describe('durability', () => {
  it('finishes a request interrupted mid-way by a dead process after restart, counting right, one e-mail', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    t.clock.set('2026-06-01T00:00:00Z');
    await categoryTree(t, 'crash', 11);
    const { request_id } = expectOk(await t.delete('/apiv3/categories', { code: 'crash', notify_to: 'crash@example.com' }));
    const before = smtp.messages.length;

    // Process 1 dies after its second committed batch: it never continues and never cleans up.
    let unfreeze!: () => void;
    const frozen = new Promise<void>((resolve) => (unfreeze = resolve));
    let steps = 0;
    const first = worker(t, {
      id: 'process-1',
      batchSize: 3,
      leaseMs: 30_000,
      afterStep: async () => {
        if (++steps === 2) await frozen;
      },
    });
    const firstRun = first.runOnce();
    for (let i = 0; i < 200 && steps < 2; i++) await new Promise((r) => setTimeout(r, 5));
    let row = await requestRow(t, request_id);
    assert.equal(row.status, 'running');
    assert.equal(row.claimed_by, 'process-1');
    assert.equal(Number(row.processed), 6);
    assert.equal(await categoryCount(t), 5);
    const view = expectOk(await t.get(`/apiv3/requests/${request_id}`));
    assert.equal(view.status, 'running');
    assert.deepEqual(view.result, { deleted: 6 });

    // Restart: a new worker waits for the lease to expire, then resumes.
    const second = worker(t, { id: 'process-2', batchSize: 3 });
    await second.runOnce();
    assert.equal((await requestRow(t, request_id)).status, 'running', 'lease still valid: not taken over');
    t.clock.set('2026-06-01T00:00:31Z');
    await second.runOnce();
    row = await requestRow(t, request_id);
    assert.equal(row.status, 'done');
    assert.deepEqual(JSON.parse(row.result!), { deleted: 11 });
    assert.equal(Number(row.attempts), 2);
    assert.equal(await categoryCount(t), 0);

    // The old process wakes up: its claim is gone, so it changes nothing and mails nothing.
    unfreeze();
    await firstRun;
    row = await requestRow(t, request_id);
    assert.equal(row.status, 'done');
    assert.deepEqual(JSON.parse(row.result!), { deleted: 11 });
    await second.runOnce();
    assert.equal((await outbox(t, request_id)).length, 1);
    const mails = await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(smtp.messages.length, before + 1, 'exactly one e-mail');
    assert.match(mails[before]!.subject, /11 categories deleted/);
  });

  it('hands a running request back on graceful stop; the next start resumes it at once', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    await categoryTree(t, 'graceful', 10);
    const { request_id } = expectOk(await t.delete('/apiv3/categories', { code: 'graceful' }));
    let stopping: Promise<void> | undefined;
    const first: Worker = worker(t, {
      batchSize: 4,
      afterStep: () => {
        stopping ??= first.stop();
      },
    });
    await first.runOnce();
    await stopping;
    let row = await requestRow(t, request_id);
    assert.equal(row.status, 'pending');
    assert.equal(row.claimed_by, null);
    assert.equal(Number(row.processed), 4);
    await worker(t, { batchSize: 4 }).runOnce();
    row = await requestRow(t, request_id);
    assert.equal(row.status, 'done');
    assert.deepEqual(JSON.parse(row.result!), { deleted: 10 });
  });

  it('a request accepted by a server that then stops is run by the next server on the same database', async () => {
    const testDb = await createTestDatabase();
    after(() => testDb.drop());
    const { buildApp } = await import('../../src/app.js');
    const { testConfig } = await import('../helpers/app.js');
    const { buildAccounts } = await import('../../src/services.js');
    const { systemClock } = await import('../../src/lib/time.js');
    const accounts = buildAccounts(testDb.database.db, systemClock);
    const account = await accounts.createAccount('restart');
    const { key } = await accounts.createKey(account.id);
    const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
    const first = await buildApp({ config: testConfig({ workerEnabled: false }), database: testDb.database, logger: false });
    for (let i = 0; i < 5; i++) {
      const res = await first.inject({ method: 'POST', url: '/apiv3/categories', headers, payload: JSON.stringify({ code: `r${i}`, name: 'R' }) });
      assert.equal(res.statusCode, 200);
    }
    const accepted = await first.inject({ method: 'DELETE', url: '/apiv3/categories/bulk', headers, payload: '{}' });
    const requestId = JSON.parse(accepted.body).payload.request_id;
    await first.close();
    const second = await buildApp({ config: testConfig({ workerEnabled: true, workerPollMs: 20 }), database: testDb.database, logger: false });
    await second.ready();
    let status = '';
    for (let i = 0; i < 200 && status !== 'done'; i++) {
      const res = await second.inject({ method: 'GET', url: `/apiv3/requests/${requestId}`, headers });
      status = JSON.parse(res.body).payload.status;
      if (status !== 'done') await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(status, 'done');
    const res = await second.inject({ method: 'GET', url: `/apiv3/requests/${requestId}`, headers });
    assert.deepEqual(JSON.parse(res.body).payload.result, { deleted: 5 });
    await second.close();
  });
});

describe('several workers on one database', () => {
  it('run each request exactly once when racing (separate connection pools on PostgreSQL)', async () => {
    const t = await buildTestApp({ config: { workerEnabled: false } });
    const requests: string[] = [];
    for (let r = 0; r < 6; r++) {
      await categoryTree(t, `race${r}`, 5);
      requests.push(expectOk(await t.delete('/apiv3/categories', { code: `race${r}`, notify_to: `race${r}@example.com` })).request_id);
    }
    // On PostgreSQL each "process" gets its own pool on the same schema; SQLite has one connection.
    const extra: Database[] = [];
    let pools: Database[] = [];
    if (usingPostgres()) {
      pools = [0, 1, 2].map(() => openAgain(t.database));
      extra.push(...pools);
    }
    after(() => Promise.all(extra.map((d) => d.close())));
    const before = smtp.messages.length;
    const workers = [0, 1, 2].map(
      (i) =>
        new Worker({
          db: pools[i]?.db ?? t.database.db,
          repositories: buildRepositories,
          clock: t.clock,
          log: logger(),
          handlers: requestHandlers,
          mailer: createMailer(smtp.url, 'Rapport <rapport@test.local>'),
          pollMs: 1000,
          batchSize: 1,
          id: `racer-${i}`,
        }),
    );
    await Promise.all(workers.map((w) => w.runOnce()));
    for (const id of requests) {
      const row = await requestRow(t, id);
      assert.equal(row.status, 'done');
      assert.equal(Number(row.attempts), 1, 'claimed exactly once');
      assert.deepEqual(JSON.parse(row.result!), { deleted: 5 });
      assert.equal((await outbox(t, id)).length, 1);
    }
    assert.equal(await categoryCount(t), 0);
    const mails = await smtp.waitFor(before + 6);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(smtp.messages.length, before + 6);
    assert.deepEqual(mails.slice(before).flatMap((m) => m.to).sort(), requests.map((_, r) => `race${r}@example.com`).sort());
  });
});
