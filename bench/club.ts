// U13 and U11's targets: POST /users/authenticate p99 <= 250 ms with 20 concurrent callers (every
// request a real scrypt check), and GET /transactions' first page <= 50 ms and page 400 <= 200 ms
// with 3,000,000 ledger entries in the account. SQLite (WAL), then PostgreSQL when reachable.
//
//   npm run bench -- club
//   BENCH_LEDGER=3000000   ledger entries (bulk-inserted, spread over the customers and 3 years)
//   BENCH_USERS=20000      customers; BENCH_MEMBERS=500 of them club members with a password
//   BENCH_SECONDS=10       the authenticate load run; BENCH_ROUNDS=15 timed reads of each page
//   BENCH_DATABASES=sqlite|postgres
// Loopback only; files under .bench/. Figures go to docs/benchmarks.md by hand, with the load average.
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { type Database, openDatabase } from '../src/db/database.js';
import { hashPassword } from '../src/lib/passwords.js';
import { formatDateTime } from '../src/lib/time.js';
import { UsersRepository } from '../src/modules/users/repository.js';
import { benchAccount } from './lib/bench-account.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { serve } from './lib/processes.js';

const DIR = join(process.cwd(), '.bench', 'club');
const LEDGER = Number(process.env.BENCH_LEDGER ?? 3_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const MEMBERS = Math.min(USERS, Number(process.env.BENCH_MEMBERS ?? 500));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLERS = 20;
const PASSWORD = 'bench club password';
const CONCEPTS = ['purchase', 'gift', 'survey_response', 'register', 'referrer', 'adjustment'];
const LEDGER_START = Date.parse('2023-01-01T00:00:00Z');
const LEDGER_SPAN_MS = 3 * 365 * 86_400_000;

/** The account, its customers, the members' password rows and the ledger, in bulk statements. */
async function seed(database: Database): Promise<{ key: string; accountId: number }> {
  const { accountId, key } = await benchAccount(database);
  const db = database.db;
  const now = formatDateTime(new Date());
  const started = performance.now();
  for (let start = 0; start < USERS; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(start + 500, USERS); i += 1) {
      rows.push({ account_id: accountId, service_uid: `m-${i + 1}`, email: `m${i + 1}@example.com`, points: 100, createtime: now, updatetime: now });
    }
    await db.insertInto('users').values(rows).execute();
  }
  const users = (await db.selectFrom('users').select('id').where('account_id', '=', accountId).orderBy('id').execute()).map((row) => Number(row.id));
  // One hash for every member: the cost measured is the check, which is the same for each.
  const hash = await hashPassword(PASSWORD);
  for (let start = 0; start < MEMBERS; start += 500) {
    const rows = users.slice(start, Math.min(start + 500, MEMBERS)).map((id) => ({ account_id: accountId, user_id: id, password_hash: hash, updatetime: now }));
    await db.insertInto('club_passwords').values(rows).execute();
  }
  // Entries in time order, as they arrive in life (ids and createtimes grow together).
  const BATCH = 2000;
  for (let start = 0; start < LEDGER; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(start + BATCH, LEDGER); i += 1) {
      rows.push({
        account_id: accountId,
        user_id: users[(i * 7919) % users.length]!,
        concept: CONCEPTS[i % CONCEPTS.length]!,
        points: 10 + (i % 90),
        description: i % 3 === 0 ? `FAC-${i}` : null,
        balance_after: 100 + (i % 1000),
        createtime: formatDateTime(new Date(LEDGER_START + Math.floor((i / LEDGER) * LEDGER_SPAN_MS))),
      });
    }
    await db.insertInto('points_transactions').values(rows).execute();
  }
  console.log(`  seeded ${USERS} customers (${MEMBERS} members), ${LEDGER} ledger entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { key, accountId };
}

/** The page's statement alone, as the repository runs it (no HTTP, no presenting): what the index gives. */
async function statementTimes(database: Database, accountId: number): Promise<void> {
  const users = new UsersRepository(database.db);
  for (const [name, filter, offset] of [
    ['statement: first page', {}, 0],
    ['statement: page 400', {}, 400 * 25],
    ['statement: page 400, concept=gift', { concept: 'gift' }, 400 * 25],
  ] as const) {
    const times: number[] = [];
    await users.listAccountLedger(accountId, filter, { limit: 25, offset });
    for (let i = 0; i < ROUNDS; i += 1) {
      const started = performance.now();
      await users.listAccountLedger(accountId, filter, { limit: 25, offset });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(34)} median ${times[Math.floor(times.length / 2)]!.toFixed(2).padStart(7)} ms`);
  }
}

async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; count: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { payload: unknown[] };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return { ms, count: body.payload.length };
}

async function pageTimes(url: string, headers: Record<string, string>): Promise<{ median: number; max: number; count: number }> {
  const { count } = await timedGet(url, headers); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) times.push((await timedGet(url, headers)).ms);
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]!, count };
}

async function run(label: string, databaseUrl: string, key: string): Promise<void> {
  const server = await serve('rapport', { DATABASE_URL: databaseUrl, WORKER_ENABLED: 'false' });
  try {
    const headers = { authorization: `Basic ${key}` };
    console.log(`\n${label}  (load average before: ${loadavg().map((n) => n.toFixed(2)).join(' ')})`);
    // A server just started still compiles what its first requests use: warmed before timing.
    for (let i = 0; i < 30; i += 1) await timedGet(`${server.url}/apiv3/transactions?page=${i % 3}&limit=25`, headers);
    for (const [name, query, target] of [
      ['GET /transactions, first page', '?page=0&limit=25', 50],
      ['GET /transactions, page 400', '?page=400&limit=25', 200],
      ['  page 400, concept=gift', '?page=400&limit=25&concept=gift', 200],
      ['  page 0, one month (from/to)', '?from=2024-06-01&to=2024-06-30', 50],
    ] as const) {
      const times = await pageTimes(`${server.url}/apiv3/transactions${query}`, headers);
      console.log(
        `${name.padEnd(34)} median ${times.median.toFixed(1).padStart(6)} ms  max ${times.max.toFixed(1).padStart(6)} ms  (${times.count} entries; target <= ${target} ms: ${times.median <= target ? 'MET' : 'MISSED'})`,
      );
    }
    // Every caller signs a different member in with the right password: a full scrypt check each
    // (wrong passwords would lock the members after 10, which is the limit's job, not this load).
    let next = 0;
    const result = await autocannon({
      url: `${server.url}/apiv3/users/authenticate`,
      connections: CALLERS,
      duration: DURATION,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            next = (next % MEMBERS) + 1;
            return { ...request, body: JSON.stringify({ service_uid: `m-${next}`, pass: PASSWORD }) };
          },
        },
      ],
    });
    const failed = result.errors + result.non2xx;
    console.log(
      `POST /users/authenticate, ${CALLERS} callers  ${result.requests.average.toFixed(0)} req/s  p50 ${result.latency.p50.toFixed(0)} ms  p99 ${result.latency.p99.toFixed(0)} ms` +
        `  (target p99 <= 250 ms: ${result.latency.p99 <= 250 ? 'MET' : 'MISSED'})${failed > 0 ? `  [${failed} errors or non-2xx]` : ''}`,
    );
    console.log(`  load average after: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  } finally {
    await server.stop();
  }
}

mkdirSync(DIR, { recursive: true });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, node ${process.version}`);
console.log(`club (U11, U13): ${LEDGER} ledger entries, ${USERS} customers, ${MEMBERS} members; ${ROUNDS} timed reads a page; ${CALLERS} callers for ${DURATION} s`);
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');

if (wanted.includes('sqlite')) {
  const file = join(DIR, 'rapport.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const database = openDatabase({ kind: 'sqlite', filename: file });
  let key: string;
  try {
    const seeded = await seed(database);
    key = seeded.key;
    await statementTimes(database, seeded.accountId);
  } finally {
    await database.close();
  }
  await run('SQLite (WAL)', `sqlite:${file}`, key);
}
if (wanted.includes('postgres')) {
  if (!(await postgresReachable())) console.log('\nPostgreSQL: not reachable (BENCH_DATABASE_URL), skipped');
  else {
    const pg = await throwawayDatabase(`bench_club_${process.pid}`);
    try {
      const database = openDatabase({ kind: 'postgres', connectionString: pg.url });
      let key: string;
      try {
        const seeded = await seed(database);
        key = seeded.key;
        // Statistics and the visibility map after the bulk load, as autovacuum would leave them.
        await sql`vacuum analyze`.execute(database.db);
        await statementTimes(database, seeded.accountId);
      } finally {
        await database.close();
      }
      await run('PostgreSQL', pg.url, key);
    } finally {
      await pg.drop();
    }
  }
}
