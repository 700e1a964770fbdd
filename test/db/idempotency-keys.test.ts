import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { KeyClaim } from '../../src/db/idempotency-keys.js';
import { buildRepositories } from '../../src/services.js';
import { createTestDatabase } from '../helpers/app.js';

// D6's statements on both databases: several requests' claims and answers in one statement, where
// the same key may come twice and a claim may have been taken over.

const test = await createTestDatabase();
after(() => test.drop());
const { idempotencyKeys: keys } = buildRepositories(test.database.db);

let sequence = 0;
function claim(key: string, fields: Partial<KeyClaim> = {}): KeyClaim {
  sequence += 1;
  return { accountId: 1, key, method: 'POST', pathHash: 'p', bodyHash: 'b', claim: `c${sequence}`, claimedAt: 1000, expiresAt: 2000, ...fields };
}

describe('idempotency_keys statements', () => {
  it('claims each free key once, also when one statement names a key twice or another account has it', async () => {
    const held = claim('held');
    assert.deepEqual([...(await keys.claimAll([held]))], [held.claim]);
    const batch = [claim('fresh'), claim('fresh'), claim('held'), claim('held', { accountId: 2 }), claim('other')];
    const won = await keys.claimAll(batch);
    assert.deepEqual(
      batch.map((c) => won.has(c.claim)),
      [true, false, false, true, true],
    );
    assert.equal((await keys.find(1, 'fresh'))?.claim, batch[0]!.claim);
    assert.equal((await keys.find(1, 'held'))?.claim, held.claim);
  });

  it('stores answers only into rows their claim still holds', async () => {
    const mine = claim('answered');
    const lost = claim('taken-over');
    await keys.claimAll([mine, lost]);
    const newer = claim('taken-over', { claimedAt: 1500 });
    assert.equal(await keys.takeOver(1, 'taken-over', { claim: lost.claim, claimedAt: lost.claimedAt }, newer), true);
    assert.equal(await keys.takeOver(1, 'taken-over', { claim: lost.claim, claimedAt: lost.claimedAt }, claim('taken-over')), false, 'only once');
    await keys.completeAll([
      { ...mine, status: 201, body: '{"a":1}' },
      { ...lost, status: 200, body: '{"stale":true}' },
    ]);
    const answered = await keys.find(1, 'answered');
    assert.deepEqual([answered?.claim, answered?.status, answered?.body], [mine.claim, 201, '{"a":1}']);
    const kept = await keys.find(1, 'taken-over');
    assert.equal(kept?.claim, newer.claim);
    assert.equal(kept?.status, null, 'the stale answer did not land in the new claim');
    // releasing: only by the claim that holds it
    await keys.release(1, 'taken-over', lost.claim);
    assert.ok(await keys.find(1, 'taken-over'));
    await keys.release(1, 'taken-over', newer.claim);
    assert.equal(await keys.find(1, 'taken-over'), undefined);
  });

  it('keeps numbers as numbers, and deletes expired rows in batches', async () => {
    const row = await keys.find(1, 'answered');
    assert.equal(typeof row?.claimed_at, 'number');
    assert.equal(typeof row?.expires_at, 'number');
    const later = Array.from({ length: 5 }, (_, i) => claim(`late-${i}`, { expiresAt: 9000 }));
    await keys.claimAll(later);
    const expired = async () => Number((await test.database.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).where('expires_at', '<=', 2000).executeTakeFirstOrThrow()).n);
    const before = await expired();
    assert.ok(before >= 4, `${before} expired rows`);
    assert.equal(await keys.deleteExpired(2000, 2), 2);
    assert.equal(await expired(), before - 2);
    assert.equal(await keys.deleteExpired(2000, 100), before - 2);
    assert.equal(await expired(), 0);
    assert.equal(await keys.deleteExpired(8999, 100), 0, 'rows not yet expired stay');
  });
});
