// Long writes against cheap reads: "no request waits more than 100 ms behind
// them", and the blacklist upload's memory for the largest allowed file (growth < 50 MB).
//
//   npm run bench -- long-writes                    SQLite, then PostgreSQL when reachable
//   BENCH_DATABASES=sqlite|postgres                 only one of them
//   BENCH_DATABASE_URL=postgres://user@host/db      the PostgreSQL server (default: the local test
//                                                   server); a throwaway database is made and dropped
//   BENCH_ROWS=1000000                              blacklist entries, upload lines and user events
//   BENCH_CATEGORIES=2000                           categories deleted by DELETE /categories
//   BENCH_PARTS=memory,latency                      only some parts
//   BENCH_UPLOAD_MB=100                             the memory part's file size (default: the upload limit)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   profile the server
//   BENCH_SERVER_SCRIPT=path.ts                     another server script (an experiment), same protocol
//   BENCH_TRACE=1                                   print the server's RSS every 2 s of the upload
//
// memory:  a fresh server uploads (delete-create) a CSV just under UPLOAD_LIMIT_MB (default 100 MiB);
//          server RSS growth = peak while the request is in flight - RSS before it.
// latency: 4 clients loop on GET /events and GET /account/blacklist/email/{value} (cheap reads)
//          while, one after the other: a 1M-line delete-create upload replaces a 1M-entry list (the
//          request, then the background purge of the old entries), DELETE /account/blacklist empties
//          it (then its purge), DELETE /user-events/bulk deletes half of 1M user events, and
//          DELETE /categories deletes a tree of BENCH_CATEGORIES categories. Each read is counted in
//          the window it started in; the figures are its whole latency (the wait and the read).
// The server runs in its own process (bench/servers/rapport.ts) with load shedding off (a read that
// waits is measured as a wait, not answered 503); loopback only; files under .bench/.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/types.js';
import { formatDateTime, systemClock } from '../src/lib/time.js';
import { buildAccounts } from '../src/services.js';
import { uploadBlacklist, writeEmailCsv } from './lib/blacklist-upload.js';
import { rssKb, sampleRss } from './lib/memory.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CATEGORIES = Number(process.env.BENCH_CATEGORIES ?? 2_000);
const UPLOAD_LIMIT_MB = 100;
/** The memory part's file size (default: just under the limit). */
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? UPLOAD_LIMIT_MB);
const READERS = 4;
const TARGET_MS = 100;
const GROWTH_TARGET_MB = 50;
const DIR = join(process.cwd(), '.bench', 'long-writes');
const PARTS = (process.env.BENCH_PARTS ?? 'memory,latency').split(',');

type Kind = 'sqlite' | 'postgres';

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');

/** Lines of writeEmailCsv's format that fit in `bytes`. */
const linesFitting = (bytes: number, prefix: string) => Math.floor((bytes - 64) / `"${prefix}.user1000000@Example.com",User 1000000\r\n`.length);

/** A fresh migrated database with one account; returns its URL, key and a way to drop it. */
async function freshDatabase(kind: Kind, name: string) {
  if (kind === 'sqlite') {
    const file = join(DIR, `${name}.db`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    return { url: `sqlite:${file}`, drop: async () => {} };
  }
  return throwawayDatabase(`rapport_long_writes_${name}_${randomBytes(3).toString('hex')}`);
}

async function createAccount(db: Kysely<DB>): Promise<{ accountId: number; key: string }> {
  const accounts = buildAccounts(db, systemClock);
  const account = await accounts.createAccount('bench');
  const { key } = await accounts.createKey(account.id);
  return { accountId: account.id, key };
}

/** The numbers 0..n-1 as a recursive CTE `n(x)`, the same SQL on both databases. */
const numbers = (n: number) => sql`with recursive n(x) as (select 0 union all select x + 1 from n where x < ${sql.lit(n - 1)})`;

/** The data the long writes work on, written with set-based SQL (fast on both databases). */
async function loadData(db: Kysely<DB>, accountId: number): Promise<void> {
  const now = formatDateTime(new Date());
  const started = performance.now();
  await sql`${numbers(ROWS)} insert into blacklist_entries (account_id, list, value, createtime)
    select ${sql.lit(accountId)}, 'email', 'old.user' || x || '@example.com', ${sql.lit(now)} from n`.execute(db);
  await db
    .insertInto('events')
    .values([
      { account_id: accountId, name: 'signup', createtime: now },
      { account_id: accountId, name: 'purchase', createtime: now },
    ])
    .execute();
  await sql`${numbers(1000)} insert into users (account_id, service_uid, email, createtime, updatetime)
    select ${sql.lit(accountId)}, 'u-' || x, 'u' || x || '@example.com', ${sql.lit(now)}, ${sql.lit(now)} from n`.execute(db);
  const { firstUser } = await db.selectFrom('users').select((eb) => eb.fn.min<number>('id').as('firstUser')).executeTakeFirstOrThrow();
  const { firstEvent } = await db.selectFrom('events').select((eb) => eb.fn.min<number>('id').as('firstEvent')).executeTakeFirstOrThrow();
  // Half of them (event 'signup') in June 2025, spread over 28 days and 1,000 users.
  await sql`${numbers(ROWS)} insert into user_events (account_id, event_id, user_id, datetime, metadata)
    select ${sql.lit(accountId)}, ${sql.lit(Number(firstEvent))} + (x % 2), ${sql.lit(Number(firstUser))} + (x % 1000),
      '2025-06-' || case when x % 28 < 9 then '0' else '' end || ((x % 28) + 1) || ' 10:00:00', null from n`.execute(db);
  // A tree: root -> 200 children -> the rest as grandchildren.
  const children = 200;
  const perChild = Math.max(1, Math.ceil((CATEGORIES - 1 - children) / children));
  const { id: root } = await db
    .insertInto('categories')
    .values({ account_id: accountId, code: 'root', name: 'Root', parent_id: null, createtime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`${numbers(children)} insert into categories (account_id, code, name, parent_id, createtime)
    select ${sql.lit(accountId)}, 'c' || x, 'Child ' || x, ${sql.lit(root)}, ${sql.lit(now)} from n`.execute(db);
  await sql`${numbers(perChild)} insert into categories (account_id, code, name, parent_id, createtime)
    select ${sql.lit(accountId)}, p.code || '-' || x, p.name || ' ' || x, p.id, ${sql.lit(now)} from n cross join categories p
    where p.account_id = ${sql.lit(accountId)} and p.parent_id = ${sql.lit(root)}`.execute(db);
  console.log(
    `  loaded ${ROWS} blacklist entries, ${ROWS} user events, ${children * perChild + children + 1} categories in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Read {
  started: number;
  ms: number;
  ok: boolean;
}

/** Readers looping on cheap GETs until stopped; every read with its start and latency. */
function startReaders(base: string, key: string) {
  const reads: Read[] = [];
  let running = true;
  const headers = { authorization: `Basic ${key}` };
  const reader = async (n: number) => {
    for (let i = 0; running; i++) {
      const path = (i + n) % 2 === 0 ? '/apiv3/events' : `/apiv3/account/blacklist/email/${encodeURIComponent(`new.user${Math.floor(Math.random() * ROWS)}@example.com`)}`;
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(`${base}${path}`, { headers });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        ok = false;
      }
      reads.push({ started, ms: performance.now() - started, ok });
    }
  };
  const all = Array.from({ length: READERS }, (_, n) => reader(n));
  return {
    reads,
    async stop() {
      running = false;
      await Promise.all(all);
    },
  };
}

function summary(label: string, reads: Read[], from: number, to: number): string {
  const window = reads.filter((read) => read.started >= from && read.started < to);
  const ms = window.map((read) => read.ms).sort((a, b) => a - b);
  const failed = window.filter((read) => !read.ok).length;
  if (ms.length === 0) return `  ${label.padEnd(46)} ${((to - from) / 1000).toFixed(1)} s, no reads`;
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]!;
  const max = ms.at(-1)!;
  return (
    `  ${label.padEnd(46)} ${((to - from) / 1000).toFixed(1).padStart(6)} s  ${String(ms.length).padStart(6)} reads  ` +
    `p50 ${pct(50).toFixed(1)} ms  p99 ${pct(99).toFixed(1)} ms  max ${max.toFixed(1)} ms  ` +
    `${max <= TARGET_MS ? 'MET' : 'MISSED'}${failed > 0 ? `  [${failed} not 200]` : ''}`
  );
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Load shedding off: a read that waits must show as a wait, not as a quick 503. */
async function startRapport(url: string): Promise<Served> {
  return serve('rapport', {
    DATABASE_URL: url,
    WORKER_ENABLED: 'true',
    WORKER_POLL_MS: '200',
    UPLOAD_LIMIT_MB: String(UPLOAD_LIMIT_MB),
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  }, process.env.BENCH_SERVER_SCRIPT);
}

async function memory(kind: Kind): Promise<void> {
  const database = await freshDatabase(kind, 'memory');
  try {
    const opened = openDatabase(parseDatabaseUrl(database.url));
    await migrateToLatest(opened);
    const { key } = await createAccount(opened.db);
    await opened.close();
    const limit = UPLOAD_MB * 1024 * 1024;
    const file = await writeEmailCsv(join(DIR, 'largest.csv'), linesFitting(limit - 1024, 'big'), 'big');
    const warm = await writeEmailCsv(join(DIR, 'warm.csv'), 5000, 'warm');
    const server = await startRapport(database.url);
    try {
      const pid = server.child.pid!;
      const warmed = await uploadBlacklist(server.url, key, warm, { blacklist: 'email', type: 'delete-create' });
      if (warmed.status !== 200) throw new Error(`warm-up upload: ${warmed.status} ${warmed.body}`);
      const before = rssKb(pid);
      const stop = sampleRss(pid);
      const started = performance.now();
      let sentAt = 0;
      let streamingPeak = 0;
      const timeline: string[] = [];
      const tracer = setInterval(() => timeline.push(`${((performance.now() - started) / 1000).toFixed(0)}s:${(rssKb(pid) / 1024).toFixed(0)}`), 2000);
      const result = await uploadBlacklist(server.url, key, file, { blacklist: 'email', type: 'delete-create' }, () => {
        sentAt = performance.now() - started;
        streamingPeak = rssKb(pid);
      });
      clearInterval(tracer);
      const seconds = (performance.now() - started) / 1000;
      const peak = stop();
      if (result.status !== 200) throw new Error(`upload: ${result.status} ${result.body}`);
      const growth = (peak - before) / 1024;
      console.log(
        `  upload of ${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB (${linesFitting(limit - 1024, 'big')} lines, limit ${UPLOAD_LIMIT_MB} MiB) ` +
          `in ${seconds.toFixed(1)} s: RSS ${mb(before)} before, peak ${mb(peak)}, growth ${growth.toFixed(1)} MB ` +
          `(target < ${GROWTH_TARGET_MB} MB) ${growth < GROWTH_TARGET_MB ? 'MET' : 'MISSED'}; body sent after ${(sentAt / 1000).toFixed(1)} s ` +
          `(RSS then ${mb(streamingPeak)})`,
      );
      if (process.env.BENCH_TRACE) console.log(`  RSS (MB) every 2 s: ${timeline.join(' ')}`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function latency(kind: Kind): Promise<void> {
  const database = await freshDatabase(kind, 'latency');
  const opened = openDatabase(parseDatabaseUrl(database.url));
  let server: Served | undefined;
  try {
    await migrateToLatest(opened);
    const { accountId, key } = await createAccount(opened.db);
    await loadData(opened.db, accountId);
    const file = await writeEmailCsv(join(DIR, 'replacement.csv'), ROWS, 'new');
    server = await startRapport(database.url);
    const base = server.url;
    const auth = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
    const busy = async (type: string) => {
      const rows = await opened.db.selectFrom('requests').select('id').where('type', '=', type).where('status', 'in', ['pending', 'running']).execute();
      return rows.length > 0;
    };
    const requestEnded = async (id: string) => {
      const response = await fetch(`${base}/apiv3/requests/${id}`, { headers: auth });
      const { payload } = (await response.json()) as { payload: { status: string } | null };
      if (response.status !== 200 || !payload) return false; // shed (503) while busy: ask again
      return payload.status === 'done' || payload.status === 'failed';
    };

    // Every route the run uses answers once before measuring: the server compiles a route's schemas
    // on its first request, and through tsx loads some modules on first use. That one-off cost is
    // not a wait behind a long write. Dry runs change nothing; the small upload fills the telephone
    // list, which no reader asks for.
    const warmUps = [
      fetch(`${base}/apiv3/categories?dry_run=true`, { method: 'DELETE', headers: auth, body: JSON.stringify({ code: 'root' }) }),
      fetch(`${base}/apiv3/user-events/bulk?dry_run=true`, {
        method: 'DELETE',
        headers: auth,
        body: JSON.stringify({ event_name: 'signup', from: '2025-06-01', to: '2025-06-30' }),
      }),
      fetch(`${base}/apiv3/account/blacklist?blacklist=email&dry_run=true`, { method: 'DELETE', headers: { authorization: auth.authorization } }),
      fetch(`${base}/apiv3/requests/00000000-0000-4000-8000-000000000000`, { headers: auth }),
    ];
    for (const warmUp of warmUps) await (await warmUp).arrayBuffer();
    const warmUpload = await uploadBlacklist(base, key, await writeEmailCsv(join(DIR, 'warm-up.csv'), 10, 'warm'), { blacklist: 'telephone', type: 'create' });
    if (warmUpload.status !== 400) throw new Error(`warm-up upload: expected 400 (e-mails are no telephones), got ${warmUpload.status}`);

    const readers = startReaders(base, key);
    const lines: string[] = [];
    const mark = () => performance.now();
    const quietFrom = mark();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    lines.push(summary('no long write (baseline)', readers.reads, quietFrom, mark()));

    let from = mark();
    const replaced = await uploadBlacklist(base, key, file, { blacklist: 'email', type: 'delete-create' });
    if (replaced.status !== 200) throw new Error(`upload: ${replaced.status} ${replaced.body}`);
    lines.push(summary(`upload delete-create ${ROWS} lines (request)`, readers.reads, from, mark()));
    from = mark();
    await waitUntil(async () => !(await busy('blacklist.purge')));
    lines.push(summary(`  then purge of the ${ROWS} replaced entries`, readers.reads, from, mark()));

    from = mark();
    const cleared = await fetch(`${base}/apiv3/account/blacklist?blacklist=email`, { method: 'DELETE', headers: { authorization: auth.authorization } });
    if (cleared.status !== 200) throw new Error(`DELETE /account/blacklist: ${cleared.status}`);
    await waitUntil(async () => !(await busy('blacklist.purge')));
    lines.push(summary(`DELETE /account/blacklist of ${ROWS} (with purge)`, readers.reads, from, mark()));

    from = mark();
    const bulk = await fetch(`${base}/apiv3/user-events/bulk`, {
      method: 'DELETE',
      headers: auth,
      body: JSON.stringify({ event_name: 'signup', from: '2025-06-01', to: '2025-06-30' }),
    });
    const bulkId = ((await bulk.json()) as { payload: { request_id: string } }).payload.request_id;
    await waitUntil(() => requestEnded(bulkId));
    lines.push(summary(`DELETE /user-events/bulk of ${ROWS / 2}`, readers.reads, from, mark()));

    from = mark();
    const tree = await fetch(`${base}/apiv3/categories`, { method: 'DELETE', headers: auth, body: JSON.stringify({ code: 'root' }) });
    const treeId = ((await tree.json()) as { payload: { request_id: string } }).payload.request_id;
    await waitUntil(() => requestEnded(treeId));
    lines.push(summary(`DELETE /categories (${CATEGORIES} in the tree)`, readers.reads, from, mark()));
    await readers.stop();

    console.log(`  ${READERS} readers (GET /events, GET /account/blacklist/email/{value}); target: max <= ${TARGET_MS} ms`);
    for (const line of lines) console.log(line);
  } finally {
    await server?.stop();
    await opened.close();
    await database.drop();
  }
}

mkdirSync(DIR, { recursive: true });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}; load average ${load()}`);
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[];
for (const kind of wanted) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('\npostgres: not reachable, skipped');
    continue;
  }
  console.log(`\n${kind}:`);
  if (PARTS.includes('memory')) await memory(kind);
  if (PARTS.includes('latency')) await latency(kind);
  console.log(`  load average after: ${load()}`);
}
