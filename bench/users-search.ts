// GET /users?search= on 100,000 customers (U3): the query before (lower(column) LIKE, which
// folds ASCII only on SQLite and follows the locale on PostgreSQL) against the query now (every word
// in the stored folded columns, case and accents ignored for every script), on one database, the same
// data, in the same run. Both are timed through Kysely as the repository runs them.
//
//   npm run bench -- users-search
//   BENCH_USERS=100000 BENCH_ROUNDS=7 BENCH_DATABASES=sqlite|postgres
import { performance } from 'node:perf_hooks';
import { type Kysely, sql, type SqlBool } from 'kysely';
import { openDatabase, type Database } from '../src/db/database.js';
import { foldedUserColumns } from '../src/db/folded-columns.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/types.js';
import { userSearchCondition } from '../src/db/user-search.js';
import { containsPattern } from '../src/lib/fields.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');

const FIRST = ['Inés', 'Óscar', 'Ana', 'José', 'María', 'Raúl', 'Lucía', 'Ñandú', 'Zoë', 'Björn', 'Françoise', 'Søren'];
const LAST = ['Álvarez', 'Moreno', 'Pérez', 'Gómez', 'Núñez', 'Muñoz', 'Straße', 'Łukasik', 'Dvořák', 'García'];
const QUERIES = ['alvarez', 'ines moreno', 'ÑANDÚ', 'user4242@example', '+54351'];

function user(i: number) {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  return {
    service_uid: `c-${i}`,
    email: `user${i}@example.com`,
    first_name: first,
    last_name: last,
    telephone: i % 3 === 0 ? `+54351${String(i).padStart(7, '0')}` : null,
    document: i % 2 === 0 ? `DOC${i}` : null,
  };
}

async function seed(db: Kysely<DB>, accountId: number): Promise<void> {
  const now = '2026-01-01 00:00:00';
  for (let start = 0; start < USERS; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(start + 1000, USERS); i += 1) {
      const u = user(i);
      rows.push({ ...u, ...foldedUserColumns(u), account_id: accountId, createtime: now, updatetime: now });
    }
    await db.insertInto('users').values(rows).execute();
  }
}

/** The listing's query before U3's folded columns: lower(column) LIKE lower-cased text on five columns. */
function before(db: Kysely<DB>, accountId: number, search: string) {
  const pattern = containsPattern(search.toLowerCase());
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or((['email', 'first_name', 'last_name', 'service_uid', 'document'] as const).map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)),
    )
    .orderBy('id')
    .limit(25);
}

function now(db: Kysely<DB>, accountId: number, search: string) {
  return db.selectFrom('users as u').selectAll('u').where('u.account_id', '=', accountId).where(userSearchCondition(search)!).orderBy('u.id').limit(25);
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function measure(label: string, database: Database): Promise<void> {
  await migrateToLatest(database);
  const { id: accountId } = await database.db.insertInto('accounts').values({ name: 'bench', created_at: '2026-01-01 00:00:00' }).returning('id').executeTakeFirstOrThrow();
  const started = performance.now();
  await seed(database.db, accountId);
  console.log(`\n== ${label}: ${USERS} customers seeded in ${((performance.now() - started) / 1000).toFixed(1)} s ==`);
  console.log('query                 before: found  ms     now: found  ms     now ÷ before');
  for (const query of QUERIES) {
    const found = [(await before(database.db, accountId, query).execute()).length, (await now(database.db, accountId, query).execute()).length];
    const times = [await median(() => before(database.db, accountId, query).execute()), await median(() => now(database.db, accountId, query).execute())];
    console.log(
      `${JSON.stringify(query).padEnd(22)}${String(found[0]).padStart(12)} ${times[0]!.toFixed(1).padStart(6)}${String(found[1]).padStart(12)} ${times[1]!.toFixed(1).padStart(6)}     ${(times[1]! / times[0]!).toFixed(2)}`,
    );
  }
}

console.log(`users search (U3): ${USERS} customers, median of ${ROUNDS} after one warm-up, first page of 25`);
if (DATABASES.includes('sqlite')) {
  const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await measure('SQLite (in memory)', database);
  await database.close();
}
if (DATABASES.includes('postgres')) {
  if (await postgresReachable()) {
    const pg = await throwawayDatabase('users_search');
    const database = openDatabase({ kind: 'postgres', connectionString: pg.url });
    try {
      await measure('PostgreSQL', database);
    } finally {
      await database.close();
      await pg.drop();
    }
  } else console.log('\nPostgreSQL unreachable: skipped');
}
