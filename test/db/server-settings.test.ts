import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { serverSettingWarnings, settingWarnings } from '../../src/db/server-settings.js';
import { buildTestApp, usingPostgres } from '../helpers/app.js';

const t = await buildTestApp({ config: { workerEnabled: false } });

describe('PostgreSQL settings read at start', () => {
  it('warns when autovacuum is off, naming the setting and what it costs; nothing when it is on or unknown', () => {
    const [warning, ...rest] = settingWarnings(new Map([['autovacuum', 'off']]));
    assert.equal(rest.length, 0);
    assert.deepEqual([warning!.setting, warning!.value], ['autovacuum', 'off']);
    assert.match(warning!.message, /autovacuum is off/);
    assert.match(warning!.message, /dead rows/);
    assert.deepEqual(settingWarnings(new Map([['autovacuum', 'on']])), []);
    assert.deepEqual(settingWarnings(new Map()), []);
  });

  it(usingPostgres() ? "reads the server's own autovacuum setting" : 'answers no warning on SQLite', async () => {
    const db = t.database.db as unknown as Kysely<unknown>;
    const warnings = await serverSettingWarnings(db);
    if (!usingPostgres()) return assert.deepEqual(warnings, []);
    const { rows } = await sql<{ autovacuum: string }>`show autovacuum`.execute(db);
    assert.deepEqual(
      warnings.map((warning) => warning.setting),
      rows[0]!.autovacuum === 'on' ? [] : ['autovacuum'],
    );
  });
});
