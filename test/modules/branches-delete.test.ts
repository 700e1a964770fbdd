import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { Worker } from '../../src/jobs/worker.js';
import { buildRepositories, requestHandlers } from '../../src/services.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createBranch } from '../helpers/commerce-factories.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';
import { waitForRequest } from '../helpers/requests.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

// P4 [client]: DELETE /branches {id, notify_to?} (JSON body, form or query) deletes the branch as a
// background request (K3); its purchases keep their data and answer branch: null; dry_run=true (O8).

const smtp = await startSmtpReceiver();
const t = await buildTestApp({ config: { smtpUrl: smtp.url, workerPollMs: 50 } });
// After the app's close (registered by buildTestApp): the receiver waits for open SMTP connections.
after(() => smtp.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A branch of a fresh account with `count` purchases, and one purchase at another branch. */
async function branchWithPurchases(app: TestApp, count: number) {
  const { key, accountId } = await app.newAccount();
  const branch = await createBranch(app, {}, { key });
  const other = await createBranch(app, {}, { key });
  const user = await createUser(app, {}, { key });
  const purchases = [];
  for (let i = 0; i < count; i += 1) {
    purchases.push(await createPurchase(app, user, { branch_name: branch.name, prices: { total: 10 + i }, points: 1 }, { key }));
  }
  const elsewhere = await createPurchase(app, user, { branch_name: other.name }, { key });
  return { key, accountId, branch, other, user, purchases, elsewhere };
}

async function requestsOf(app: TestApp, accountId: number) {
  return app.database.db.selectFrom('requests').selectAll().where('account_id', '=', accountId).execute();
}

async function mailOf(app: TestApp, accountId: number) {
  return app.database.db.selectFrom('mail_outbox').selectAll().where('account_id', '=', accountId).execute();
}

describe('DELETE /branches', () => {
  it('answers {request_id} at once; in the background the branch goes and its purchases keep their data with branch null', async () => {
    const { key, branch, other, user, purchases, elsewhere } = await branchWithPurchases(t, 3);
    const accepted = expectOk(await t.delete('/apiv3/branches', { id: branch.id }, { key }));
    assert.deepEqual(Object.keys(accepted), ['request_id']);
    assert.match(accepted.request_id, UUID);
    const view = await waitForRequest(t, accepted.request_id, { key });
    assert.equal(view.status, 'done');
    assert.equal(view.type, 'branches.delete');
    assert.deepEqual(view.result, { deleted: 4 }, 'three purchases unassigned and the branch');

    expectError(await t.get(`/apiv3/branches/${branch.id}`, { key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get('/apiv3/branches', { key })).map((b: any) => b.id), [other.id]);
    for (const before of purchases) {
      const now = expectOk(await t.get(`/apiv3/purchases/${before.id}`, { key }));
      assert.equal(now.branch, null);
      assert.deepEqual({ ...now, branch: before.branch }, before, 'everything but the branch is as it was');
    }
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${elsewhere.id}`, { key })).branch, { id: other.id, name: other.name });
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/purchases`, { key })).length, 4);
    // A purchase naming the deleted branch again creates a new one (S1)
    const again = await createPurchase(t, user, { branch_name: branch.name }, { key });
    assert.notEqual(again.branch.id, branch.id);
    assert.equal(again.branch.name, branch.name);
  });

  it('takes id and notify_to from a JSON body, a form body or the query (the body wins), with or without a trailing slash', async () => {
    const { key } = await t.newAccount();
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push((await createBranch(t, {}, { key })).id);
    const answers = [
      await t.delete('/apiv3/branches', { id: ids[0] }, { key }),
      await t.delete('/apiv3/branches', { id: String(ids[1]), notify_to: '' }, { key, form: true }),
      await t.delete(`/apiv3/branches?id=${ids[2]}`, undefined, { key }),
      await t.delete(`/apiv3/branches?id=999999`, { id: ids[3] }, { key }),
      await t.delete(`/apiv3/branches/?id=${ids[4]}&notify_to=`, undefined, { key }),
    ];
    for (const answer of answers) assert.equal((await waitForRequest(t, expectOk(answer).request_id, { key })).status, 'done');
    assert.deepEqual(expectOk(await t.get('/apiv3/branches', { key })), []);
  });

  it('validates at once: id required and an integer from 1, notify_to an e-mail, the branch this account\'s; nothing is accepted', async () => {
    const { key, accountId } = await t.newAccount();
    const branch = await createBranch(t, {}, { key });
    const theirs = await createBranch(t);
    const required = /^id: is required$/;
    expectError(await t.delete('/apiv3/branches', undefined, { key }), 400, 'bad_request', required);
    expectError(await t.delete('/apiv3/branches', {}, { key }), 400, 'bad_request', required);
    expectError(await t.delete('/apiv3/branches?id=', undefined, { key }), 400, 'bad_request', required);
    expectError(await t.delete('/apiv3/branches', { id: '' }, { key, form: true }), 400, 'bad_request', required);
    expectError(await t.delete('/apiv3/branches', { notify_to: 'ops@example.com' }, { key }), 400, 'bad_request', required);
    for (const id of ['abc', '1.5', '0', '-3', '2147483648']) {
      expectError(await t.delete(`/apiv3/branches?id=${id}`, undefined, { key }), 400, 'bad_request', /^id: /);
    }
    for (const id of ['12', 1.5, 0, true, [branch.id], { id: branch.id }]) {
      expectError(await t.delete('/apiv3/branches', { id }, { key }), 400, 'bad_request', /^id: /);
    }
    expectError(await t.delete('/apiv3/branches', { id: 'x' }, { key, form: true }), 400, 'bad_request', /^id: must be integer$/);
    expectError(
      await t.delete('/apiv3/branches', { id: branch.id, notify_to: 'not-an-email' }, { key }),
      400,
      'bad_request',
      /^notify_to: must be a valid e-mail address$/,
    );
    expectError(await t.delete('/apiv3/branches', { id: 999999 }, { key }), 404, 'not_found', /^branch 999999 not found$/);
    expectError(await t.delete('/apiv3/branches', { id: theirs.id }, { key }), 404, 'not_found', new RegExp(`^branch ${theirs.id} not found$`));
    expectError(await t.delete('/apiv3/branches', { id: branch.id }, { key: null }), 403, 'forbidden');
    assert.deepEqual(await requestsOf(t, accountId), []);
    assert.equal(expectOk(await t.get(`/apiv3/branches/${branch.id}`, { key })).id, branch.id);
    assert.equal(expectOk(await t.get(`/apiv3/branches/${theirs.id}`)).id, theirs.id);
  });

  it('sends the notification e-mail to notify_to when done, with the outcome and the count', async () => {
    const { key, branch } = await branchWithPurchases(t, 2);
    const before = smtp.messages.length;
    const { request_id } = expectOk(await t.delete('/apiv3/branches', { id: branch.id, notify_to: ' ops@example.com ' }, { key }));
    assert.deepEqual((await waitForRequest(t, request_id, { key })).result, { deleted: 3 });
    const mail = (await smtp.waitFor(before + 1))[before]!;
    assert.deepEqual(mail.to, ['ops@example.com']);
    assert.match(mail.subject, new RegExp(`delete branch ${branch.id} \\(${branch.name}\\) and unassign its purchases completed \\(3 rows deleted\\)`));
    assert.match(mail.raw, /Deleted: 3 rows/);
    assert.match(mail.raw, new RegExp(request_id));
    assert.match(mail.raw, /Outcome: done/);
  });

  it('unassigns the purchases in bounded steps, the branch last, and resumes where it stopped', async () => {
    const quiet = await buildTestApp({ config: { workerEnabled: false } });
    const { key, accountId, branch } = await branchWithPurchases(quiet, 5);
    const { request_id } = expectOk(await quiet.delete('/apiv3/branches', { id: branch.id }, { key }));
    const assigned = async () =>
      Number(
        (
          await quiet.database.db
            .selectFrom('purchases')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('account_id', '=', accountId)
            .where('branch_id', '=', branch.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const seen: Array<{ processed: number; assigned: number; branch: boolean }> = [];
    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const options = { db: quiet.database.db, repositories: buildRepositories, clock: quiet.clock, log, handlers: requestHandlers, mailer: null, pollMs: 1000, batchSize: 2, pauseMs: 0 };
    // The first "process" stops after its first step: 2 of the 5 purchases unassigned, the branch still there.
    let stopping: Promise<void> | undefined;
    const first: Worker = new Worker({
      ...options,
      id: 'process-1',
      afterStep: async (_request, processed) => {
        seen.push({ processed, assigned: await assigned(), branch: (await quiet.get(`/apiv3/branches/${branch.id}`, { key })).status === 200 });
        stopping ??= first.stop();
      },
    });
    await first.runOnce();
    await stopping;
    assert.deepEqual(seen, [{ processed: 2, assigned: 3, branch: true }]);
    assert.equal(expectOk(await quiet.get(`/apiv3/requests/${request_id}`, { key })).status, 'pending');
    // Another one resumes it to the end.
    await new Worker({
      ...options,
      id: 'process-2',
      afterStep: async (_request, processed) => {
        seen.push({ processed, assigned: await assigned(), branch: (await quiet.get(`/apiv3/branches/${branch.id}`, { key })).status === 200 });
      },
    }).runOnce();
    assert.deepEqual(seen.slice(1), [
      { processed: 4, assigned: 1, branch: true },
      { processed: 5, assigned: 0, branch: true },
      { processed: 6, assigned: 0, branch: false },
    ]);
    const view = expectOk(await quiet.get(`/apiv3/requests/${request_id}`, { key }));
    assert.equal(view.status, 'done');
    assert.deepEqual(view.result, { deleted: 6 });
  });
});

describe('DELETE /branches?dry_run=true (O8)', () => {
  it('answers what the deletion would change and changes nothing: no row, no request, no e-mail', async () => {
    const { key, accountId, branch, purchases } = await branchWithPurchases(t, 3);
    const expected = { dry_run: true, would_delete: { branches: 1, purchases_unassigned: 3 } };
    assert.deepEqual(expectOk(await t.delete('/apiv3/branches?dry_run=true', { id: branch.id, notify_to: 'ops@example.com' }, { key })), expected);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/branches?id=${branch.id}&dry_run=true`, undefined, { key })), expected);
    assert.deepEqual(expectOk(await t.delete('/apiv3/branches', { id: branch.id, dry_run: true }, { key })), expected);
    assert.deepEqual(expectOk(await t.delete('/apiv3/branches', { id: String(branch.id), dry_run: 'true' }, { key, form: true })), expected);
    assert.deepEqual(await requestsOf(t, accountId), []);
    assert.deepEqual(await mailOf(t, accountId), []);
    assert.equal(expectOk(await t.get(`/apiv3/branches/${branch.id}`, { key })).id, branch.id);
    for (const purchase of purchases) assert.equal(expectOk(await t.get(`/apiv3/purchases/${purchase.id}`, { key })).branch.id, branch.id);
    // a branch without purchases
    const empty = await createBranch(t, {}, { key });
    assert.deepEqual(expectOk(await t.delete(`/apiv3/branches?id=${empty.id}&dry_run=true`, undefined, { key })).would_delete, {
      branches: 1,
      purchases_unassigned: 0,
    });
  });

  it('answers the errors the real call would', async () => {
    const { key, branch } = await branchWithPurchases(t, 1);
    const theirs = await createBranch(t);
    const cases: Array<[string, unknown]> = [
      ['', {}],
      ['&id=abc', undefined],
      ['', { id: branch.id, notify_to: 'nope@' }],
      ['', { id: 999999 }],
      ['', { id: theirs.id }],
    ];
    for (const [query, body] of cases) {
      const real = await t.delete(`/apiv3/branches?${query.slice(1)}`, body, { key });
      const dry = await t.delete(`/apiv3/branches?dry_run=true${query}`, body, { key });
      assert.equal(dry.status, real.status, `${query} ${JSON.stringify(body)}`);
      assert.equal(dry.body.message, real.body.message);
    }
    expectError(await t.delete(`/apiv3/branches?id=${branch.id}&dry_run=maybe`, undefined, { key }), 400, 'bad_request', /^dry_run: must be boolean/);
  });
});

describe('DELETE /branches: OpenAPI', () => {
  it('documents deleteBranch with its query, body, answers and errors', async () => {
    const doc = (await t.get('/apiv3/openapi.json', { key: null })).body;
    const operation = doc.paths['/apiv3/branches'].delete;
    assert.equal(operation.operationId, 'deleteBranch');
    assert.deepEqual(operation.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name).sort(), ['dry_run', 'id', 'notify_to']);
    assert.deepEqual(Object.keys(operation.requestBody.content['application/json'].schema.properties).sort(), ['dry_run', 'id', 'notify_to']);
    for (const status of ['200', '400', '403', '404']) assert.ok(operation.responses[status], status);
  });
});
