// Segments: the six reference segments R1–R6 on a generated data set of
// up to a million customers, on SQLite and PostgreSQL.
//
//   npm run bench -- segments                 BENCH_SCALE=1: 1,000,000 customers, 3M purchases,
//                                             10M user events, 50k coupons, 100k carts, 50k
//                                             blacklisted e-mails; SQLite, then PostgreSQL
//   BENCH_SCALE=0.1,0.3,1                     several sizes in turn (the growth table at the end)
//   BENCH_DATABASES=sqlite|postgres           only one of them
//   BENCH_DATABASE_URL=postgres://…           the PostgreSQL server (default: the local
//                                             postgres://postgres@127.0.0.1:5432/test); a throwaway
//                                             database is created there and dropped
//   BENCH_PARTS=counts,pages,membership,export,ingest   only these parts (default: all)
//   BENCH_RUNS=5                              timed runs per figure (after one warm-up); medians
//   BENCH_SECONDS=10 BENCH_ROUNDS=3           ingest: length of each load, rounds (with/without alternate)
//   BENCH_PLANS=missed|all|none               print EXPLAIN QUERY PLAN / EXPLAIN ANALYZE for the
//                                             statements of a missed target (default), or all
//   BENCH_REUSE=1                             keep the built database under .bench/segments (or the
//                                             PostgreSQL database rapport_bench_segments_<scale>)
//                                             and reuse it next time (the ingest part writes to it)
//   BENCH_ANCHOR=2026-12-01                   the instant the data set is relative to (default:
//                                             today 00:00 UTC); the app's clock is set to it
//
// Parts, each on the same database:
// - counts: GET /segments/{id}/count through the app in this process (auth, routing, catalogue,
//   compilation, the repository's statement), and in the same rounds the compiled statement alone
//   (SegmentsRepository.count) and a hand-written SQL count of the same audience
//   (bench/lib/segments-definitions.ts); the three must agree; the ratio is compiled ÷ hand.
// - pages: GET /users?segment_id={id}, the first page of 25 members.
// - membership: GET /users/{id}/segments with 50 segments defined, for sample customers and the
//   customer with the most user events.
// - export: GET /segments/{id}/export of the largest reference segment from a server process:
//   rows/s and the server's RSS growth (peak during the export − RSS before it).
// - ingest: POST /user-events (50 connections) and POST /purchases/bulk (100 a request, 4 clients)
//   on two servers at once in alternating rounds: the database as built, and a copy without the
//   indexes the segments migrations added.
// The data set is generated straight into the database (bench/lib/segments-data.ts).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, parseDatabaseUrl } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/types.js';
import type { Clock } from '../src/lib/time.js';
import { type CompiledSegment, compileDefinition } from '../src/modules/segments/compile.js';
import { SegmentMembers } from '../src/modules/segments/members.js';
import { parseDefinition } from '../src/modules/segments/definition.js';
import { SegmentsRepository } from '../src/modules/segments/repository.js';
import { buildAccounts } from '../src/services.js';
import { sampleRss, rssKb } from './lib/memory.js';
import { dataSetStore } from './lib/data-set-store.js';
import { dropPostgresDatabase, postgresReachable, postgresServer } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';
import { type BuiltData, type Kind, PRODUCTS, buildData, sizesFor } from './lib/segments-data.js';
import { type Reference, otherDefinitions, references } from './lib/segments-definitions.js';

const SCALES = (process.env.BENCH_SCALE ?? '1').split(',').map(Number);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[];
const PARTS = new Set((process.env.BENCH_PARTS ?? 'counts,pages,membership,export,ingest').split(','));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PLANS = process.env.BENCH_PLANS ?? 'missed';
const REUSE = process.env.BENCH_REUSE === '1';
const DIR = join(process.cwd(), '.bench', 'segments');

/**
 * What the ingest part measures the cost of: the indexes segments need (migration 0011's
 * users (account_id, id); since 0017 the index of user_events by customer carries the event and the
 * account too), against the schema without them: that index as erasure made it, (user_id, datetime).
 */
const WITHOUT_SEGMENT_INDEXES = [
  'drop index users_account_id',
  'drop index user_events_user_datetime_event',
  'create index user_events_user_datetime on user_events (user_id, datetime)',
];

const TARGET = { countMs: 1000, pageMs: 200, membershipMs: 100, ratio: 1.25, exportRowsPerS: 100_000, exportGrowthMb: 50, ingest: 0.95 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const load1 = () => loadavg()[0]!.toFixed(2);
const tagOf = (scale: number) => String(scale).replace('.', '_');

function anchorInstant(): Date {
  const given = process.env.BENCH_ANCHOR;
  const day = given ? new Date(given.length === 10 ? `${given}T00:00:00Z` : given) : new Date();
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

const appConfig = () => ({
  ...loadConfig({ LOG_LEVEL: 'silent' }),
  overloadEventLoopDelayMs: 0,
  overloadMaxInFlight: 0,
  workerEnabled: false,
  rateLimitPerMinute: 0,
});

const fixedClock = (at: Date): Clock => ({ now: () => at });

// --- preparing the database -----------------------------------------------------------------------

interface Prepared {
  kind: Kind;
  scale: number;
  url: string;
  key: string;
  data: BuiltData;
  buildSeconds: number;
  sizeBytes: number;
  drop(): Promise<void>;
}

function sqliteFile(url: string): string {
  return url.slice('sqlite:'.length);
}

async function databaseSize(kind: Kind, url: string): Promise<number> {
  if (kind === 'sqlite') {
    const file = sqliteFile(url);
    return ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(`${file}${suffix}`) ? statSync(`${file}${suffix}`).size : 0), 0);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: string }>('select pg_database_size(current_database()) as size');
    return Number(rows[0]!.size);
  } finally {
    await client.end();
  }
}

async function prepare(kind: Kind, scale: number): Promise<Prepared> {
  const meta = join(DIR, `${kind}-${tagOf(scale)}.json`);
  if (REUSE && existsSync(meta)) {
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as Omit<Prepared, 'drop'>;
    console.log(`reusing the data set built ${saved.data.anchor.slice(0, 10)}-relative (${meta}); built in ${saved.buildSeconds.toFixed(0)} s`);
    // Migrations added since it was built (an index changed) apply to it as to any database.
    const database = openDatabase(parseDatabaseUrl(saved.url));
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    return { ...saved, sizeBytes: await databaseSize(kind, saved.url), drop: async () => {} };
  }
  const { url, drop } = await dataSetStore(kind, { dir: DIR, file: 'segments', name: 'segments', tag: tagOf(scale), reuse: REUSE });
  const started = performance.now();
  const anchor = anchorInstant();
  const database = openDatabase(parseDatabaseUrl(url));
  let data: BuiltData;
  let key: string;
  try {
    await migrateToLatest(database);
    const accounts = buildAccounts(database.db, fixedClock(anchor));
    const account = await accounts.createAccount('bench');
    key = (await accounts.createKey(account.id)).key;
    const app = await buildApp({ config: appConfig(), database, logger: false, mailer: null, clock: fixedClock(anchor) });
    await app.ready();
    try {
      data = await buildData({
        kind,
        target: kind === 'sqlite' ? sqliteFile(url) : url,
        accountId: account.id,
        scale,
        anchor,
        app,
        key,
        log: (line) => console.log(line),
      });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  const buildSeconds = (performance.now() - started) / 1000;
  const sizeBytes = await databaseSize(kind, url);
  const prepared = { kind, scale, url, key, data, buildSeconds, sizeBytes };
  if (REUSE) writeFileSync(meta, JSON.stringify(prepared, null, 2));
  return { ...prepared, drop };
}

// --- measuring ------------------------------------------------------------------------------------

interface CountFigure {
  members: number;
  apiMs: number;
  compiledMs: number;
  handMs: number;
  ratio: number;
  /** SQLite (in this process): medians of the CPU time each took, a steadier judge on a busy machine. */
  cpu?: { apiMs: number; compiledMs: number; handMs: number; ratio: number };
}

interface Results {
  kind: Kind;
  scale: number;
  date: string;
  loadAverage: string[];
  buildSeconds: number;
  sizeBytes: number;
  rows: Record<string, number>;
  counts: Record<string, CountFigure>;
  pages: Record<string, { ms: number; rows: number }>;
  membership?: { medianMs: number; maxMs: number; heaviestMs: number; segments: number; matched: number };
  export?: { segment: string; rows: number; seconds: number; rowsPerS: number; rssBeforeMb: number; growthMb: number; statementsSeconds?: number };
  ingest?: {
    userEvents: { with: number; without: number; ratio: number; withRounds: number[]; withoutRounds: number[] };
    purchases: { with: number; without: number; ratio: number; withRounds: number[]; withoutRounds: number[] };
  };
}

/**
 * Runs a statement as the repository runs member queries: on PostgreSQL in a transaction with JIT
 * off (SegmentsRepository.run), so that hand-written SQL is timed under the same settings.
 */
async function executeOn<R>(kind: Kind, db: Kysely<DB>, query: CompiledQuery): Promise<R[]> {
  if (kind === 'sqlite') return (await db.executeQuery<R>(query)).rows;
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return (await trx.executeQuery<R>(query)).rows;
  });
}

/** EXPLAIN QUERY PLAN (SQLite) or EXPLAIN (ANALYZE, BUFFERS) (PostgreSQL, JIT off as above) of a statement. */
async function explainOn(kind: Kind, db: Kysely<DB>, query: CompiledQuery): Promise<string> {
  if (kind === 'sqlite') {
    const { rows } = await db.executeQuery<{ id: number; parent: number; detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    const depth = new Map<number, number>([[0, 0]]);
    return rows
      .map((row) => {
        const level = (depth.get(row.parent) ?? 0) + 1;
        depth.set(row.id, level);
        return `${'  '.repeat(level)}${row.detail}`;
      })
      .join('\n');
  }
  const rows = await executeOn<{ 'QUERY PLAN': string }>(kind, db, CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]));
  return rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n');
}

class Session {
  readonly database: Database;
  readonly db: Kysely<DB>;
  readonly repository: SegmentsRepository;
  readonly members: SegmentMembers;
  app!: FastifyInstance;
  readonly ids = new Map<string, number>();
  readonly refs: Reference[];
  private readonly clock: Clock;

  constructor(readonly prepared: Prepared) {
    this.database = openDatabase(parseDatabaseUrl(prepared.url));
    this.db = this.database.db;
    this.repository = new SegmentsRepository(this.db);
    this.members = new SegmentMembers(this.db);
    this.refs = references(prepared.data);
    this.clock = fixedClock(new Date(`${prepared.data.anchor.replace(' ', 'T')}Z`));
  }

  get accountId() {
    return this.prepared.data.accountId;
  }

  async start(): Promise<void> {
    this.app = await buildApp({ config: appConfig(), database: this.database, logger: false, mailer: null, clock: this.clock });
    await this.app.ready();
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await this.app.inject({
      method,
      url: `/apiv3${path}`,
      headers: { authorization: `Basic ${this.prepared.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
    return (JSON.parse(response.body) as { payload: T }).payload;
  }

  /** The 50 segments: R1–R6 and 44 others, defined afresh through the API. */
  async defineSegments(): Promise<void> {
    await this.db.deleteFrom('segment_references').where('account_id', '=', this.accountId).execute();
    await this.db.deleteFrom('segments').where('account_id', '=', this.accountId).execute();
    for (const ref of this.refs) {
      const created = await this.call<{ id: number }>('POST', '/segments', { title: ref.title, definition: ref.definition });
      this.ids.set(ref.key, created.id);
    }
    for (const other of otherDefinitions(this.prepared.data)) await this.call('POST', '/segments', other);
  }

  /** The segment's stored definition compiled as the service does it (stored mode, the app's clock). */
  async compiled(key: string): Promise<CompiledSegment> {
    const row = (await this.repository.findById(this.accountId, this.ids.get(key)!))!;
    const catalogue = await this.repository.catalogue(this.accountId);
    const definition = parseDefinition(JSON.parse(row.definition), catalogue, { mode: 'stored' });
    return compileDefinition(definition, { accountId: this.accountId, clock: this.clock, catalogue });
  }

  /** The statement SegmentMembers.count runs. */
  countQuery(compiled: CompiledSegment): CompiledQuery {
    return this.db
      .selectFrom('users as u')
      .where('u.account_id', '=', this.accountId)
      .where(compiled.countWhere(this.prepared.kind))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .compile();
  }

  pageQuery(compiled: CompiledSegment): CompiledQuery {
    return this.db.selectFrom('users as u').where('u.account_id', '=', this.accountId).where(compiled.where).selectAll('u').orderBy('u.id').limit(25).offset(0).compile();
  }

  execute<R>(query: CompiledQuery): Promise<R[]> {
    return executeOn<R>(this.prepared.kind, this.db, query);
  }

  explain(query: CompiledQuery): Promise<string> {
    return explainOn(this.prepared.kind, this.db, query);
  }

  async close(): Promise<void> {
    await this.app?.close();
    await this.database.close();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, value, cpuMs: (used.user + used.system) / 1000 };
}

const indent = (text: string) => text.split('\n').map((line) => `    ${line}`).join('\n');

async function measureCounts(session: Session, results: Results): Promise<void> {
  console.log(`\ncounts: median of ${RUNS} after one warm-up; API = GET /segments/{id}/count in-process; compiled = its statement alone; hand = hand-written SQL (load ${load1()})`);
  console.log(`${'segment'.padEnd(8)} ${'members'.padStart(9)} ${'API ms'.padStart(9)} ${'compiled'.padStart(9)} ${'hand'.padStart(9)}  ratio   count<=1s  ratio<=1.25`);
  for (const ref of session.refs) {
    const id = session.ids.get(ref.key)!;
    const compiled = await session.compiled(ref.key);
    const kinds = {
      api: async () => (await session.call<{ count: number }>('GET', `/segments/${id}/count`)).count,
      compiled: () => session.members.count(session.accountId, compiled),
      hand: async () => Number((await session.execute<{ n: number | string }>(ref.hand(session.prepared.kind).compile(session.db)))[0]!.n),
    };
    const names = Object.keys(kinds) as Array<keyof typeof kinds>;
    const times: Record<string, number[]> = { api: [], compiled: [], hand: [] };
    const cpuTimes: Record<string, number[]> = { api: [], compiled: [], hand: [] };
    const answers = new Set<number>();
    for (const name of names) answers.add(await kinds[name]());
    for (let run = 0; run < RUNS; run += 1) {
      // A different order each round, so that no side always runs first (or on a warmer cache).
      const order = names.map((_, i) => names[(i + run) % names.length]!);
      for (const name of order) {
        const { ms: took, value, cpuMs } = await timed(kinds[name]);
        times[name]!.push(took);
        cpuTimes[name]!.push(cpuMs);
        answers.add(value);
      }
    }
    if (answers.size !== 1) throw new Error(`${ref.key}: the API, the compiled statement and the hand-written SQL disagree: ${[...answers].join(', ')}`);
    const figure: CountFigure = {
      members: [...answers][0]!,
      apiMs: median(times.api!),
      compiledMs: median(times.compiled!),
      handMs: median(times.hand!),
      ratio: median(times.compiled!) / median(times.hand!),
    };
    if (session.prepared.kind === 'sqlite') {
      figure.cpu = { apiMs: median(cpuTimes.api!), compiledMs: median(cpuTimes.compiled!), handMs: median(cpuTimes.hand!), ratio: median(cpuTimes.compiled!) / median(cpuTimes.hand!) };
    }
    results.counts[ref.key] = figure;
    const countMet = figure.apiMs <= TARGET.countMs;
    const ratioMet = figure.ratio <= TARGET.ratio;
    console.log(
      `${ref.key.padEnd(8)} ${String(figure.members).padStart(9)} ${ms(figure.apiMs).padStart(9)} ${ms(figure.compiledMs).padStart(9)} ${ms(figure.handMs).padStart(9)}  ${figure.ratio.toFixed(2).padStart(5)}   ${verdict(countMet).padEnd(9)}  ${verdict(ratioMet)}` +
        `   [API runs ${times.api!.map(ms).join('/')}]` +
        (figure.cpu ? ` CPU ms: API ${ms(figure.cpu.apiMs)}, compiled ${ms(figure.cpu.compiledMs)}, hand ${ms(figure.cpu.handMs)}, ratio ${figure.cpu.ratio.toFixed(2)}` : ''),
    );
    if (PLANS === 'all' || (PLANS === 'missed' && (!countMet || !ratioMet))) {
      console.log(`  ${ref.key} compiled count, plan:\n${indent(await session.explain(session.countQuery(compiled)))}`);
      console.log(`  ${ref.key} hand-written count, plan:\n${indent(await session.explain(ref.hand(session.prepared.kind).compile(session.db)))}`);
    }
  }
}

async function measurePages(session: Session, results: Results): Promise<void> {
  console.log(`\nfirst page of 25 members: GET /users?segment_id={id}, median of ${RUNS} after one warm-up (load ${load1()})`);
  for (const ref of session.refs) {
    const id = session.ids.get(ref.key)!;
    const page = () => session.call<unknown[]>('GET', `/users?segment_id=${id}`);
    await page();
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const { ms: took, value } = await timed(page);
      times.push(took);
      rows = value.length;
    }
    const figure = { ms: median(times), rows };
    results.pages[ref.key] = figure;
    const met = figure.ms <= TARGET.pageMs;
    console.log(`${ref.key.padEnd(8)} ${String(rows).padStart(3)} rows ${ms(figure.ms).padStart(9)} ms  (<= 200 ms) ${verdict(met)}   [runs ${times.map(ms).join('/')}]`);
    if (PLANS === 'all' || (PLANS === 'missed' && !met)) {
      console.log(`  ${ref.key} page, plan:\n${indent(await session.explain(session.pageQuery(await session.compiled(ref.key))))}`);
    }
  }
}

async function measureMembership(session: Session, results: Results): Promise<void> {
  const users = session.prepared.data.sizes.users;
  const heaviest = await sql<{ user_id: number }>`select user_id from user_events where account_id = ${session.accountId} group by user_id order by count(*) desc limit 1`.execute(session.db);
  const heavy = Number(heaviest.rows[0]!.user_id);
  // Customers spread over the id range (golden-ratio steps), the first one the warm-up.
  const sample = Array.from({ length: RUNS + 1 }, (_, k) => 1 + Math.floor((((k + 1) * 0.6180339887) % 1) * users));
  const segments = await session.repository.total(session.accountId);
  console.log(`\nGET /users/{id}/segments with ${segments} segments defined: ${RUNS} customers after one warm-up, and the customer with the most user events (load ${load1()})`);
  const times: number[] = [];
  let matched = 0;
  for (const [k, userId] of sample.entries()) {
    const { ms: took, value } = await timed(() => session.call<unknown[]>('GET', `/users/${userId}/segments`));
    if (k === 0) continue;
    times.push(took);
    matched += value.length;
  }
  const heavyRun = await timed(() => session.call<unknown[]>('GET', `/users/${heavy}/segments`));
  const figure = { medianMs: median(times), maxMs: Math.max(...times), heaviestMs: heavyRun.ms, segments, matched: matched / RUNS };
  results.membership = figure;
  const met = Math.max(figure.medianMs, figure.heaviestMs) <= TARGET.membershipMs;
  console.log(
    `median ${ms(figure.medianMs)} ms, slowest ${ms(figure.maxMs)} ms [${times.map(ms).join('/')}]; the heaviest customer (${heavy}, in ${heavyRun.value.length} segments) ${ms(figure.heaviestMs)} ms; ` +
      `${figure.matched.toFixed(1)} segments matched on average (<= 100 ms) ${verdict(met)}`,
  );
  if (PLANS === 'all' || (PLANS === 'missed' && !met)) {
    // The slowest of the 50 point queries for the heaviest customer, each on its own.
    const rows = await session.repository.all(session.accountId);
    const catalogue = await session.repository.catalogue(session.accountId);
    const clock = fixedClock(new Date(`${session.prepared.data.anchor.replace(' ', 'T')}Z`));
    const each: Array<{ title: string; ms: number; query: CompiledQuery }> = [];
    for (const row of rows) {
      const compiled = compileDefinition(parseDefinition(JSON.parse(row.definition), catalogue, { mode: 'stored' }), { accountId: session.accountId, clock, catalogue });
      const query = session.db.selectFrom('users as u').where('u.account_id', '=', session.accountId).where('u.id', '=', heavy).where(compiled.where).select('u.id').compile();
      const { ms: took } = await timed(() => session.execute(query));
      each.push({ title: row.title, ms: took, query });
    }
    each.sort((a, b) => b.ms - a.ms);
    for (const slow of each.slice(0, 3)) console.log(`  point query "${slow.title}" ${ms(slow.ms)} ms, plan:\n${indent(await session.explain(slow.query))}`);
  }
}

async function measureExport(session: Session, results: Results): Promise<void> {
  const largest = Object.entries(results.counts).sort((a, b) => b[1].members - a[1].members)[0]?.[0] ?? 'R6';
  const id = session.ids.get(largest)!;
  const server = await serve('rapport-at', {
    DATABASE_URL: session.prepared.url,
    BENCH_CLOCK: `${session.prepared.data.anchor.replace(' ', 'T')}Z`,
    WORKER_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_IN_FLIGHT: '0',
  });
  try {
    let firstRowAt = 0;
    const exportOnce = async (segment: number) => {
      firstRowAt = 0;
      const response = await fetch(`${server.url}/apiv3/segments/${segment}/export?format=csv`, { headers: { authorization: `Basic ${session.prepared.key}` } });
      if (response.status !== 200) throw new Error(`export answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
        if (firstRowAt === 0 && lines >= 2) firstRowAt = performance.now();
      }
      return lines - 1; // the header
    };
    // Warm-up: a smaller reference segment (modules, statements, caches).
    const smallest = Object.entries(results.counts).sort((a, b) => a[1].members - b[1].members)[0]?.[0] ?? 'R3';
    await exportOnce(session.ids.get(smallest)!);
    const pid = server.child.pid!;
    const before = rssKb(pid);
    const peakOf = sampleRss(pid);
    const started = performance.now();
    const { ms: took, value: rows } = await timed(() => exportOnce(id));
    const peak = peakOf();
    const firstRowS = (firstRowAt - started) / 1000;
    const figure: NonNullable<Results['export']> = { segment: largest, rows, seconds: took / 1000, rowsPerS: rows / (took / 1000), rssBeforeMb: before / 1024, growthMb: (peak - before) / 1024 };
    results.export = figure;
    console.log(
      `\nexport of the largest reference segment (${largest}, CSV, server process): ${rows} rows in ${figure.seconds.toFixed(2)} s = ${figure.rowsPerS.toFixed(0)} rows/s (>= 100,000) ${verdict(figure.rowsPerS >= TARGET.exportRowsPerS)}; ` +
        `first member after ${firstRowS.toFixed(2)} s (the definition evaluated), then ${(rows / Math.max(0.001, took / 1000 - firstRowS)).toFixed(0)} rows/s; ` +
        `RSS ${figure.rssBeforeMb.toFixed(1)} MB before, growth ${figure.growthMb.toFixed(1)} MB (< 50 MB) ${verdict(figure.growthMb < TARGET.exportGrowthMb)} (load ${load1()})`,
    );
    // What the time goes to: the definition's evaluation (the member ids, one statement) in this
    // process; the rest of the export reads only the columns its fields need, 1,000 members a time.
    const compiled = await session.compiled(largest);
    const memberIds = await timed(() => session.members.memberIds(session.accountId, compiled));
    figure.statementsSeconds = memberIds.ms / 1000;
    console.log(`  in this process: the members' ids (one statement) ${(memberIds.ms / 1000).toFixed(2)} s`);
    if (PLANS === 'all' || (PLANS === 'missed' && figure.rowsPerS < TARGET.exportRowsPerS)) {
      const ids = session.db.selectFrom('users as u').where('u.account_id', '=', session.accountId).where(compiled.countWhere(session.prepared.kind)).select('u.id').orderBy('u.id').compile();
      console.log(`  export's member ids, plan:\n${indent(await session.explain(ids))}`);
    }
  } finally {
    await stop(server);
  }
}

/** A copy of the prepared database named `suffix`, without the indexes `drop`: its URL and how to drop it. */
async function copyOf(prepared: Prepared, suffix: string, statements: string[]): Promise<{ url: string; drop: () => Promise<void> }> {
  if (prepared.kind === 'sqlite') {
    const file = sqliteFile(prepared.url);
    const copy = file.replace(/\.db$/, `-${suffix}.db`);
    const remove = () => {
      for (const ending of ['', '-wal', '-shm']) rmSync(`${copy}${ending}`, { force: true });
    };
    remove();
    const source = new SQLite(file);
    source.pragma('wal_checkpoint(TRUNCATE)');
    source.close();
    execFileSync('cp', [file, copy]);
    const db = new SQLite(copy);
    for (const statement of statements) db.exec(statement);
    db.close();
    return { url: `sqlite:${copy}`, drop: async () => remove() };
  }
  const source = new URL(prepared.url).pathname.slice(1);
  const name = `${source}_${suffix}`;
  const admin = new pg.Client({ connectionString: postgresServer() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${source}`);
  } finally {
    await admin.end();
  }
  const target = new URL(prepared.url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  for (const statement of statements) await client.query(statement);
  await client.end();
  return { url: target.toString(), drop: () => dropPostgresDatabase(name) };
}

async function measureIngest(prepared: Prepared, results: Results): Promise<void> {
  const started = performance.now();
  // Two copies, so that the writes leave the built database as it was (BENCH_REUSE).
  const copies = { with: await copyOf(prepared, 'with', []), without: await copyOf(prepared, 'without', WITHOUT_SEGMENT_INDEXES) };
  console.log(
    `\ningest: a copy of the database as built against a copy changed by ${WITHOUT_SEGMENT_INDEXES.join('; ')} (copied in ${((performance.now() - started) / 1000).toFixed(0)} s); ` +
      `both servers run, loaded in turn, ${ROUNDS} rounds of ${SECONDS} s alternating which goes first (load ${load1()})`,
  );
  const env = { WORKER_ENABLED: 'false', RATE_LIMIT_PER_MINUTE: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0' };
  const sides = [
    { name: 'with', server: await serve('rapport', { ...env, DATABASE_URL: copies.with.url }) },
    { name: 'without', server: await serve('rapport', { ...env, DATABASE_URL: copies.without.url }) },
  ];
  const users = prepared.data.sizes.users;
  const pick = (n: number) => Math.floor(Math.random() * n);
  let invoice = 0;
  const run = randomBytes(3).toString('hex');
  const purchase = () => {
    invoice += 1;
    const items = Array.from({ length: 1 + pick(4) }, () => {
      const product = 1 + pick(PRODUCTS);
      return { sku: `SKU-${String(product).padStart(5, '0')}`, product_name: `Product ${product}`, quantity: 1 + pick(3), unit_price: 10 + (product % 90) };
    });
    const total = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
    return {
      invoice_number: `BENCH-${run}-${invoice}`,
      service_uid: `c-${1 + pick(users)}`,
      points: Math.floor(total / 10),
      channel: 'in-store',
      branch_name: `Branch ${1 + pick(20)}`,
      prices: { gross: total, tax: total * 0.21, discount: 0, total },
      payment: { type: 'credit', brand: 'Visa', total, installments: 1 },
      purchase_detail: items,
    };
  };
  const headers = { authorization: `Basic ${prepared.key}`, 'content-type': 'application/json' };
  const userEvents = async (server: Served) => {
    const result = await autocannon({
      url: `${server.url}/apiv3/user-events`,
      connections: 50,
      duration: SECONDS,
      method: 'POST',
      headers,
      requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ event: 'product-view', service_uid: `c-${1 + pick(users)}`, metadata: { source: 'bench' } }) }) }],
    });
    if (result.errors + result.non2xx > 0) throw new Error(`POST /user-events: ${result.errors} errors, ${result.non2xx} non-2xx`);
    return result.requests.average;
  };
  const bulk = async (server: Served) => {
    let created = 0;
    const until = performance.now() + SECONDS * 1000;
    const began = performance.now();
    const client = async () => {
      while (performance.now() < until) {
        const response = await fetch(`${server.url}/apiv3/purchases/bulk`, { method: 'POST', headers, body: JSON.stringify(Array.from({ length: 100 }, purchase)) });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`POST /purchases/bulk answered ${response.status}: ${text.slice(0, 300)}`);
        created += (JSON.parse(text) as { payload: { created: number } }).payload.created;
      }
    };
    await Promise.all(Array.from({ length: 4 }, client));
    return created / ((performance.now() - began) / 1000);
  };
  try {
    for (const side of sides) {
      const warm = SECONDS;
      await autocannon({ url: `${side.server.url}/apiv3/user-events`, connections: 10, duration: Math.min(3, warm), method: 'POST', headers, body: JSON.stringify({ event: 'product-view', service_uid: 'c-1' }) });
      for (let i = 0; i < 3; i += 1) await fetch(`${side.server.url}/apiv3/purchases/bulk`, { method: 'POST', headers, body: JSON.stringify(Array.from({ length: 100 }, purchase)) });
    }
    const rates = { userEvents: { with: [] as number[], without: [] as number[] }, purchases: { with: [] as number[], without: [] as number[] } };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) rates.userEvents[side.name as 'with' | 'without'].push(await userEvents(side.server));
      for (const side of order) rates.purchases[side.name as 'with' | 'without'].push(await bulk(side.server));
      console.log(`  round ${round + 1}/${ROUNDS} (load ${load1()}): user events/s with ${rates.userEvents.with.at(-1)!.toFixed(0)}, without ${rates.userEvents.without.at(-1)!.toFixed(0)}; purchases/s with ${rates.purchases.with.at(-1)!.toFixed(0)}, without ${rates.purchases.without.at(-1)!.toFixed(0)}`);
    }
    const figure = (r: { with: number[]; without: number[] }) => ({ with: median(r.with), without: median(r.without), ratio: median(r.with) / median(r.without), withRounds: r.with, withoutRounds: r.without });
    results.ingest = { userEvents: figure(rates.userEvents), purchases: figure(rates.purchases) };
    const line = (label: string, f: ReturnType<typeof figure>) =>
      `${label.padEnd(24)} with ${f.with.toFixed(0).padStart(6)}/s  without ${f.without.toFixed(0).padStart(6)}/s  ratio ${f.ratio.toFixed(2)} (>= 0.95) ${verdict(f.ratio >= TARGET.ingest)}`;
    console.log(line('POST /user-events', results.ingest.userEvents));
    console.log(line('POST /purchases/bulk', results.ingest.purchases));
    const missed = results.ingest.userEvents.ratio < TARGET.ingest || results.ingest.purchases.ratio < TARGET.ingest;
    if (PLANS === 'all' || (PLANS === 'missed' && missed)) {
      // The users lookups of the write paths, on both databases: one customer (POST /user-events)
      // and a bulk request's 100 (UsersRepository.findByIdentity, findByIdentities).
      const uids = Array.from({ length: 100 }, () => `c-${1 + pick(users)}`);
      for (const [name, url] of [['with', copies.with.url], ['without', copies.without.url]] as const) {
        const database = openDatabase(parseDatabaseUrl(url));
        try {
          const one = database.db.selectFrom('users').selectAll().where('account_id', '=', prepared.data.accountId).where('service_uid', '=', uids[0]!).orderBy('id').limit(1).compile();
          const many = database.db.selectFrom('users').selectAll().where('account_id', '=', prepared.data.accountId).where('service_uid', 'in', uids).compile();
          const took = await timed(() => database.db.executeQuery(many));
          console.log(`  ${name} the indexes: one customer by service_uid, plan:\n${indent(await explainOn(prepared.kind, database.db, one))}`);
          console.log(`  ${name} the indexes: 100 customers by service_uid (a bulk request's lookup, ${ms(took.ms)} ms), plan:\n${indent(await explainOn(prepared.kind, database.db, many))}`);
        } finally {
          await database.close();
        }
      }
    }
  } finally {
    for (const side of sides) await stop(side.server);
    await copies.with.drop();
    await copies.without.drop();
  }
}

async function stop(server: Served): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const closed = new Promise((resolve) => server.child.once('close', resolve));
  server.child.kill('SIGTERM');
  await closed;
}

async function runOne(kind: Kind, scale: number): Promise<Results> {
  const sizes = sizesFor(scale);
  console.log(`\n== ${kind === 'sqlite' ? 'SQLite (WAL, one file on local disk)' : 'PostgreSQL (local server, throwaway database)'}, BENCH_SCALE=${scale}: ${sizes.users} customers ==`);
  const began = performance.now();
  const prepared = await prepare(kind, scale);
  console.log(
    `data set: built in ${prepared.buildSeconds.toFixed(1)} s, database ${(prepared.sizeBytes / 1024 ** 2).toFixed(0)} MB; rows: ` +
      Object.entries(prepared.data.rows).map(([table, n]) => `${table} ${n}`).join(', '),
  );
  const results: Results = {
    kind,
    scale,
    date: new Date().toISOString(),
    loadAverage: [load1()],
    buildSeconds: prepared.buildSeconds,
    sizeBytes: prepared.sizeBytes,
    rows: prepared.data.rows,
    counts: {},
    pages: {},
  };
  try {
    const session = new Session(prepared);
    try {
      await session.start();
      await session.defineSegments();
      if (PARTS.has('counts')) await measureCounts(session, results);
      if (PARTS.has('pages')) await measurePages(session, results);
      if (PARTS.has('membership')) await measureMembership(session, results);
      if (PARTS.has('export')) await measureExport(session, results);
    } finally {
      await session.close();
    }
    if (PARTS.has('ingest')) await measureIngest(prepared, results);
  } finally {
    await prepared.drop();
  }
  results.loadAverage.push(load1());
  writeFileSync(join(DIR, `results-${kind}-${tagOf(scale)}.json`), JSON.stringify(results, null, 2));
  console.log(`(${kind}, scale ${scale}: ${((performance.now() - began) / 60_000).toFixed(1)} min in all; load average ${results.loadAverage.join(' → ')})`);
  return results;
}

/** Time ratio per 10× data for each reference segment, from every saved result of this kind. */
function growth(kind: Kind): void {
  const saved = readdirSync(DIR)
    .filter((name) => name.startsWith(`results-${kind}-`))
    .map((name) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Results)
    .filter((r) => Object.keys(r.counts).length > 0)
    .sort((a, b) => a.scale - b.scale);
  if (saved.length < 2) return;
  console.log(`\n${kind}: count (API, ms) by scale, saved runs ${saved.map((r) => `${r.scale} (${r.date.slice(0, 16)})`).join(', ')}; growth = time ratio per 10× data`);
  const first = saved[0]!;
  const last = saved[saved.length - 1]!;
  for (const key of Object.keys(first.counts)) {
    const times = saved.map((r) => r.counts[key]?.apiMs);
    if (times.some((t) => t === undefined)) continue;
    const per10 = Math.pow(last.counts[key]!.apiMs / first.counts[key]!.apiMs, 1 / Math.log10(last.scale / first.scale));
    console.log(`${key.padEnd(4)} ${saved.map((r, i) => `${r.scale}: ${ms(times[i]!)}`).join('  ')}   ×${per10.toFixed(1)} per 10×`);
  }
}

mkdirSync(DIR, { recursive: true });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM, node ${process.version}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`scales ${SCALES.join(', ')}; ${RUNS} runs per figure after one warm-up; parts ${[...PARTS].join(', ')}`);
for (const scale of SCALES) {
  for (const kind of KINDS) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log('\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    await runOne(kind, scale);
  }
}
for (const kind of KINDS) growth(kind);
