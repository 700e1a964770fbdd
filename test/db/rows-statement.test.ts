import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROWS_PER_STATEMENT, RowsStatement } from '../../src/db/rows-statement.js';
import { WebhookOutbox } from '../../src/jobs/webhooks/outbox.js';
import { buildTestApp } from '../helpers/app.js';

const t = await buildTestApp({ config: { workerEnabled: false } });

describe('RowsStatement (a multi-row statement compiled once per row count)', () => {
  it('writes every row of a batch longer than one statement, each with its own values, and answers every row', async () => {
    const insert = new RowsStatement<{ name: string; created_at: string }, { id: number; name: string }>(['name', 'created_at'], (db, rows) =>
      db.insertInto('accounts').values(rows).returning(['id', 'name']),
    );
    const count = ROWS_PER_STATEMENT * 2 + 7;
    const rows = Array.from({ length: count }, (_, i) => ({ name: `rows-${i}`, created_at: '2026-01-01 00:00:00' }));
    const answered = await insert.execute(t.database.db, rows);
    assert.deepEqual(answered.map((r) => r.name), rows.map((r) => r.name));
    // Again with another count, then the first count again (the compiled forms are reused by count).
    await insert.execute(t.database.db, [{ name: 'rows-single', created_at: '2026-01-02 00:00:00' }]);
    await insert.execute(t.database.db, rows.map((r) => ({ ...r, name: `${r.name}-again` })));
    const stored = await t.database.db.selectFrom('accounts').select(['name', 'created_at']).where('name', 'like', 'rows-%').execute();
    assert.equal(stored.length, count * 2 + 1);
    assert.deepEqual(stored.find((r) => r.name === 'rows-single'), { name: 'rows-single', created_at: '2026-01-02 00:00:00' });
  });
});

describe('WebhookOutbox.stage', () => {
  it('refuses to stage outside a transaction (nothing would flush it before a commit)', async () => {
    await assert.rejects(new WebhookOutbox(t.database.db).stage(t.accountId, [{ type: 'user_event.created', data: {} }], new Date()), /needs a transaction/);
  });
});
