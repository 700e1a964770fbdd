// Live segments (SG7, SG8): stored membership kept by the customer path and the segment path, on the
// segments bench's data set (bench/lib/segments-data.ts) with 20 live segments, on SQLite and
// PostgreSQL. Rapport runs in its own process (bench/servers/rapport.ts) with its worker on (the live
// loop, the webhook deliverer); a webhook receiver in another (bench/servers/segment-receiver.ts)
// notes when each segment.entered arrives.
//
//   npm run bench -- segments-live
//   BENCH_SCALE=0.1            the data set's size (1: 1,000,000 customers, 3M purchases, 10M events);
//                              several (0.1,1) run in turn and the growth table compares them
//   BENCH_DATABASES=sqlite|postgres   one of them (default both; PostgreSQL when reachable)
//   BENCH_REUSE=1              keep the built data set under .bench/segments-live (or the PostgreSQL
//                              database rapport_bench_live_<scale>) and reuse it; the bench works on copies
//   BENCH_MINUTES=10           the steady ingest run (RSS sampled each minute; latency from its first 60 s)
//   BENCH_SECONDS=15 BENCH_ROUNDS=2   the ingest comparison: length of each load, rounds (alternating)
//   BENCH_IDLE_SECONDS=10      the light load before the segments exist (the API's idle p99)
//   BENCH_PROFILE=1            the live server runs with --cpu-prof; where its time went is printed
//   BENCH_PARTS=fill,ingest,steady    only some parts (fill always runs: the others need the members)
//
// Parts, on one server process (the "live" side) in this order:
// - fill: a light fixed-rate load (GET /users/{id} and POST /user-events, LIGHT_RATE each) for
//   BENCH_IDLE_SECONDS with no segment (idle p99), then the 20 segments are created through the API
//   and the same load runs until every segment has its first members (segment_live: nothing
//   requested, no run under way): that time is the full refresh of the 20 segments (the segment
//   path); the p99 during it against idle. Then the stored membership's size on disk per member.
// - ingest: POST /user-events as fast as 50 connections take them, random customers and event names,
//   against the live server and against a second server on a copy of the same data set without
//   live membership (migration 0021's triggers dropped, so no write is marked and no segment
//   exists: what a write cost before issue 32), alternating rounds; after each live round the bench
//   waits until the customer path has taken every mark (its catch-up time is reported).
// - steady: 1,000 POST /user-events a second for BENCH_MINUTES: 900 random (customer, event) and
//   100 of the event `bench-live` for customers never given it, each of whom enters the segment
//   "bench-live 1+ in 30 days" (one of the 20) by that write alone: latency = arrival of its
//   segment.entered at the receiver − the write's answer (p50, p99, max over the first 60 s, and over
//   the whole run); RSS of the server each minute; the marks waiting.
// Loopback only; files under .bench/segments-live/. Figures go to docs/benchmarks.md by hand.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, parseDatabaseUrl } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/types.js';
import type { Clock } from '../src/lib/time.js';
import { buildAccounts } from '../src/services.js';
import { rssKb } from './lib/memory.js';
import { dataSetStore } from './lib/data-set-store.js';
import { dropPostgresDatabase, postgresReachable, postgresServer } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';
import { type BuiltData, EVENT_NAMES, type Kind, buildData, sizesFor } from './lib/segments-data.js';
import { otherDefinitions, references } from './lib/segments-definitions.js';

const SCALES = (process.env.BENCH_SCALE ?? '0.1').split(',').map(Number);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[];
const PARTS = new Set((process.env.BENCH_PARTS ?? 'fill,ingest,steady').split(','));
const REUSE = process.env.BENCH_REUSE === '1';
const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
const DIR = join(process.cwd(), '.bench', 'segments-live');

const RATE = 1000;
const TRACED_RATE = 100;
const LIGHT_RATE = 50;
const LIVE_EVENT = 'bench-live';
const LIVE_TITLE = 'L bench-live 1+ in 30 days';
/** The 13 variants of otherDefinitions' kinds (other thresholds, windows, fields) besides R1–R6 and L. */
const VARIANTS = [
  'Tier gold',
  'Points 2000-5000',
  'Tag vip',
  'Event login 1+ in 7 days',
  'Event product-view 5+ in 7 days',
  'Bought 1+ in 30 days',
  'Spent 500+ in 180 days',
  'Category c1-1 in a year',
  'Has benefit 1',
  'Open cart this week',
  'Mailable',
  'Age 25-34',
  'Gold or frequent, mailable',
];
const TARGET = { p99LatencyS: 5, ingestRatio: 0.8, refreshS: 60, apiP99Ratio: 2 };

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const load1 = () => loadavg()[0]!.toFixed(2);
const tagOf = (scale: number) => String(scale).replace('.', '_');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const pick = (n: number) => Math.floor(Math.random() * n);
/** The event names of the random load: the data set's ten most frequent. */
const LOAD_EVENTS = EVENT_NAMES.slice(0, 10);

// --- the data set ---------------------------------------------------------------------------------

interface Prepared {
  kind: Kind;
  scale: number;
  url: string;
  key: string;
  data: BuiltData;
  buildSeconds: number;
}

const fixedClock = (at: Date): Clock => ({ now: () => at });

function anchorInstant(): Date {
  const day = new Date();
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

/** The data set as bench/segments.ts builds it, without any segment: built, or reused (BENCH_REUSE). */
async function prepare(kind: Kind, scale: number): Promise<Prepared & { drop(): Promise<void> }> {
  const meta = join(DIR, `${kind}-${tagOf(scale)}.json`);
  if (REUSE && existsSync(meta)) {
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as Prepared;
    const age = (Date.now() - new Date(`${saved.data.anchor.replace(' ', 'T')}Z`).getTime()) / 86_400_000;
    console.log(`reusing the data set of ${meta} (anchored ${saved.data.anchor.slice(0, 10)}, ${age.toFixed(1)} days ago; built in ${saved.buildSeconds.toFixed(0)} s)`);
    const database = openDatabase(parseDatabaseUrl(saved.url));
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    return { ...saved, drop: async () => {} };
  }
  const { url, drop } = await dataSetStore(kind, { dir: DIR, file: 'base', name: 'live', tag: tagOf(scale), reuse: REUSE });
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
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), overloadEventLoopDelayMs: 0, overloadMaxInFlight: 0, workerEnabled: false, rateLimitPerMinute: 0 };
    const app = await buildApp({ config, database, logger: false, mailer: null, clock: fixedClock(anchor) });
    await app.ready();
    try {
      data = await buildData({ kind, target: kind === 'sqlite' ? url.slice('sqlite:'.length) : url, accountId: account.id, scale, anchor, app, key, log: (line) => console.log(line) });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  const prepared: Prepared = { kind, scale, url, key, data, buildSeconds: (performance.now() - started) / 1000 };
  if (REUSE) writeFileSync(meta, JSON.stringify(prepared, null, 2));
  return { ...prepared, drop };
}

/** A copy of the data set named `suffix`, changed by `change`: its URL and how to drop it. */
async function copyOf(prepared: Prepared, suffix: string, change: (run: (statement: string) => Promise<unknown>, all: (query: string) => Promise<Array<Record<string, string>>>) => Promise<void>): Promise<{ url: string; drop: () => Promise<void> }> {
  if (prepared.kind === 'sqlite') {
    const file = prepared.url.slice('sqlite:'.length);
    const copy = file.replace(/(-once)?\.db$/, `-${suffix}.db`);
    const remove = () => {
      for (const ending of ['', '-wal', '-shm']) rmSync(`${copy}${ending}`, { force: true });
    };
    remove();
    const source = new SQLite(file);
    source.pragma('wal_checkpoint(TRUNCATE)');
    source.close();
    execFileSync('cp', [file, copy]);
    const db = new SQLite(copy);
    await change(
      async (statement) => db.exec(statement),
      async (query) => db.prepare(query).all() as Array<Record<string, string>>,
    );
    db.close();
    return { url: `sqlite:${copy}`, drop: async () => remove() };
  }
  const source = new URL(prepared.url).pathname.slice(1);
  const name = `${source}_${suffix}`;
  await dropPostgresDatabase(name);
  const admin = new pg.Client({ connectionString: postgresServer() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source}`);
  } finally {
    await admin.end();
  }
  const target = new URL(prepared.url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await change(
      (statement) => client.query(statement),
      async (query) => (await client.query(query)).rows as Array<Record<string, string>>,
    );
  } finally {
    await client.end();
  }
  return { url: target.toString(), drop: () => dropPostgresDatabase(name) };
}

/** Migration 0021's triggers dropped: no write marks a customer (live membership off). */
async function dropTriggers(kind: Kind, run: (statement: string) => Promise<unknown>, all: (query: string) => Promise<Array<Record<string, string>>>): Promise<number> {
  if (kind === 'sqlite') {
    const rows = await all("select name from sqlite_master where type = 'trigger' and name like 'segment_dirty_%'");
    for (const row of rows) await run(`drop trigger ${row.name}`);
    return rows.length;
  }
  const rows = await all("select t.tgname as name, c.relname as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like 'segment_dirty_%'");
  for (const row of rows) await run(`drop trigger ${row.name} on ${row.tbl}`);
  return rows.length;
}

// --- measuring ------------------------------------------------------------------------------------

interface Results {
  kind: Kind;
  scale: number;
  users: number;
  date: string;
  buildSeconds: number;
  fill?: {
    seconds: number;
    members: number;
    perSegment: Array<{ title: string; seconds: number; members: number }>;
    idle: LightFigures;
    during: LightFigures;
    load: string[];
    bytes: number;
    tableBytes: number;
    bytesPerMember: number;
  };
  ingest?: { live: number[]; off: number[]; ratio: number; catchUpS: number[]; load: string[] };
  steady?: {
    minutes: number;
    sent: number;
    rate: number;
    traced: number;
    lost: number;
    first60: Latency;
    all: Latency;
    rssMb: number[];
    dirty: number[];
    load: string[];
    received: Record<string, number>;
    duplicates: number;
  };
}

interface Latency {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

interface LightFigures {
  get: { n: number; p50: number; p99: number; failed: number };
  post: { n: number; p50: number; p99: number; failed: number };
}

function headers(key: string) {
  return { authorization: `Basic ${key}`, 'content-type': 'application/json' };
}

function api(server: Served, key: string) {
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${server.url}/apiv3${path}`, { method, headers: headers(key), body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as { payload?: unknown };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json).slice(0, 500)}`);
    return json.payload ?? json;
  };
}

/**
 * LIGHT_RATE a second of GET /users/{random id} and as many POST /user-events (random customer and
 * event), until stopped; latencies from each response.
 */
function lightLoad(server: Served, prepared: Prepared) {
  const users = prepared.data.sizes.users;
  const get: number[] = [];
  const post: number[] = [];
  const common = { connections: 5, overallRate: LIGHT_RATE, duration: 24 * 3600, headers: headers(prepared.key) };
  const gets = autocannon({ ...common, url: `${server.url}/apiv3/users/1`, requests: [{ setupRequest: (request) => ({ ...request, path: `/apiv3/users/${1 + pick(users)}` }) }] });
  const posts = autocannon({
    ...common,
    url: `${server.url}/apiv3/user-events`,
    method: 'POST',
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ event: LOAD_EVENTS[pick(LOAD_EVENTS.length)], service_uid: `c-${1 + pick(users)}` }) }) }],
  });
  gets.on('response', (_client, _status, _bytes, took) => get.push(took));
  posts.on('response', (_client, _status, _bytes, took) => post.push(took));
  return async (): Promise<LightFigures> => {
    gets.stop();
    posts.stop();
    const [g, p] = await Promise.all([gets, posts]);
    const figures = (latencies: number[], failed: number) => {
      latencies.sort((a, b) => a - b);
      return { n: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
    };
    return { get: figures(get, g.errors + g.non2xx), post: figures(post, p.errors + p.non2xx) };
  };
}

/** A connection of the bench's own to the database the server uses (SQLite: a WAL reader). */
function observer(url: string): Database {
  return openDatabase(parseDatabaseUrl(url));
}

async function liveState(db: Kysely<DB>): Promise<Array<{ segment_id: number; done: boolean }>> {
  const rows = await db.selectFrom('segment_live').select(['segment_id', 'refresh_requested', 'started_at', 'refreshed_at']).execute();
  return rows.map((row) => ({ segment_id: Number(row.segment_id), done: Number(row.refresh_requested) === 0 && row.started_at === null && row.refreshed_at !== null }));
}

/**
 * PostgreSQL only: what the live database's backends are doing, sampled every second while `run`
 * lasts (wait event and the statement's start), and the autovacuum and checkpoint counts around it.
 */
async function sampleActivity(db: Kysely<DB>, run: () => Promise<void>): Promise<void> {
  const counts = new Map<string, number>();
  let samples = 0;
  const stats = async () => {
    const tables = await sql<{ relname: string; n: string }>`select relname, (autovacuum_count + autoanalyze_count)::text as n from pg_stat_user_tables`.execute(db);
    const bgwriter = await sql<{ timed: string; requested: string }>`select checkpoints_timed::text as timed, checkpoints_req::text as requested from pg_stat_bgwriter`.execute(db);
    return { tables: new Map(tables.rows.map((row) => [row.relname, Number(row.n)])), checkpoints: bgwriter.rows[0]! };
  };
  const before = await stats();
  const timer = setInterval(() => {
    void sql<{ wait: string; query: string }>`select coalesce(wait_event_type || ':' || wait_event, 'cpu') as wait, regexp_replace(left(query, 70), '[[:space:]]+', ' ', 'g') as query
      from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`
      .execute(db)
      .then((result) => {
        samples += 1;
        for (const row of result.rows) {
          const key = `${row.wait.padEnd(28)} ${row.query}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }, () => {});
  }, 1000);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  const after = await stats();
  console.log(`  PostgreSQL activity, ${samples} samples a second apart (active backends per sample, by wait and statement):`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${(n / Math.max(1, samples)).toFixed(2).padStart(5)}  ${key}`);
  const vacuumed = [...after.tables].filter(([name, n]) => n > (before.tables.get(name) ?? 0)).map(([name, n]) => `${name} ${n - (before.tables.get(name) ?? 0)}`);
  console.log(`  autovacuum/autoanalyze runs: ${vacuumed.join(', ') || 'none'}; checkpoints timed ${Number(after.checkpoints.timed) - Number(before.checkpoints.timed)}, requested ${Number(after.checkpoints.requested) - Number(before.checkpoints.requested)}`);
}

async function countDirty(db: Kysely<DB>): Promise<number> {
  return Number((await db.selectFrom('segment_dirty').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
}

/** segment_members' bytes on disk (table and indexes; TOAST and dead row versions on PostgreSQL) and the table's own. */
async function membersBytes(database: Database): Promise<{ bytes: number; tableBytes: number }> {
  if (database.dialect === 'postgres') {
    const row = (await sql<{ total: string; heap: string }>`select pg_total_relation_size('segment_members') as total, pg_relation_size('segment_members') as heap`.execute(database.db)).rows[0]!;
    return { bytes: Number(row.total), tableBytes: Number(row.heap) };
  }
  const rows = (await sql<{ name: string; bytes: number }>`select name, sum(pgsize) as bytes from dbstat where name in (select name from sqlite_master where tbl_name = 'segment_members') group by name`.execute(database.db)).rows;
  return { bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0), tableBytes: Number(rows.find((row) => row.name === 'segment_members')?.bytes ?? 0) };
}

/** The 20 live segments: R1–R6, 13 variants, and L (the latency's). */
function definitions(data: BuiltData): Array<{ title: string; definition: unknown }> {
  const others = otherDefinitions(data);
  const variants = VARIANTS.map((title) => {
    const found = others.find((other) => other.title === title);
    if (!found) throw new Error(`no definition titled ${title}`);
    return found;
  });
  const live = { title: LIVE_TITLE, definition: { all: [{ event: LIVE_EVENT, within_last_days: 30, op: 'gte', value: 1 }] } };
  return [...references(data).map((ref) => ({ title: ref.title, definition: ref.definition })), ...variants, live];
}

async function measureFill(server: Served, prepared: Prepared, observed: Database, results: Results): Promise<number> {
  const call = api(server, prepared.key);
  const load = [load1()];
  console.log(`\nfill: light load (${LIGHT_RATE}/s GET /users/{id} + ${LIGHT_RATE}/s POST /user-events) for ${IDLE_SECONDS} s with no segment (load ${load1()})`);
  let stopLight = lightLoad(server, prepared);
  await sleep(IDLE_SECONDS * 1000);
  const idle = await stopLight();
  stopLight = lightLoad(server, prepared);
  const began = performance.now();
  const created: Array<{ id: number; title: string }> = [];
  for (const segment of definitions(prepared.data)) created.push({ id: Number((await call('POST', '/segments', segment)).id), title: segment.title });
  const createdS = (performance.now() - began) / 1000;
  const doneAt = new Map<number, number>();
  let lastReport = performance.now();
  for (;;) {
    const state = await liveState(observed.db);
    for (const row of state) if (row.done && !doneAt.has(row.segment_id)) doneAt.set(row.segment_id, (performance.now() - began) / 1000);
    if (state.length >= created.length && state.every((row) => row.done)) break;
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      load.push(load1());
      console.log(`  ${((performance.now() - began) / 1000).toFixed(0)} s: ${doneAt.size} of ${created.length} segments filled (load ${load1()})`);
    }
    await sleep(200);
  }
  const seconds = (performance.now() - began) / 1000;
  const during = await stopLight();
  load.push(load1());
  const counts = new Map(
    (await observed.db.selectFrom('segment_members').select(['segment_id', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('segment_id').execute()).map((row) => [Number(row.segment_id), Number(row.n)]),
  );
  // One process refreshes one segment at a time: a segment's time is from the previous one's end.
  const order = created.map((segment) => ({ ...segment, at: doneAt.get(segment.id)! })).sort((a, b) => a.at - b.at);
  const perSegment = order.map((segment, i) => ({ title: segment.title, seconds: segment.at - (i === 0 ? createdS : order[i - 1]!.at), members: counts.get(segment.id) ?? 0 }));
  const members = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const size = await membersBytes(observed);
  results.fill = { seconds, members, perSegment, idle, during, load, ...size, bytesPerMember: size.bytes / Math.max(1, members) };
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  console.log(`  20 segments created in ${createdS.toFixed(1)} s; first fill of all 20 (the segment path, ${members} members): ${seconds.toFixed(1)} s (<= 60 s) ${verdict(seconds <= TARGET.refreshS)} (load ${load.join(' → ')})`);
  for (const [name, label] of [['get', 'GET /users/{id}'], ['post', 'POST /user-events']] as const) {
    const r = ratio(during[name].p99, idle[name].p99);
    console.log(
      `  ${label.padEnd(18)} idle p50 ${ms(idle[name].p50)} p99 ${ms(idle[name].p99)} ms (${idle[name].n}); during the fill p50 ${ms(during[name].p50)} p99 ${ms(during[name].p99)} ms (${during[name].n}, ${during[name].failed} failed): ×${r.toFixed(2)} (<= 2) ${verdict(r <= TARGET.apiP99Ratio)}`,
    );
  }
  console.log(`  slowest segments: ${[...perSegment].sort((a, b) => b.seconds - a.seconds).slice(0, 5).map((s) => `${s.title} ${s.seconds.toFixed(1)} s (${s.members})`).join('; ')}`);
  console.log(
    `  segment_members on disk: ${(size.bytes / 1024 ** 2).toFixed(1)} MB (table ${(size.tableBytes / 1024 ** 2).toFixed(1)} MB, the rest its indexes) for ${members} members = ${(size.bytes / Math.max(1, members)).toFixed(1)} bytes a member`,
  );
  return created.find((segment) => segment.title === LIVE_TITLE)!.id;
}

/** POST /user-events as fast as 50 connections take them for SECONDS: answers a second. */
async function flood(server: Served, prepared: Prepared): Promise<number> {
  const users = prepared.data.sizes.users;
  const result = await autocannon({
    url: `${server.url}/apiv3/user-events`,
    connections: 50,
    duration: SECONDS,
    method: 'POST',
    headers: headers(prepared.key),
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ event: LOAD_EVENTS[pick(LOAD_EVENTS.length)], service_uid: `c-${1 + pick(users)}` }) }) }],
  });
  if (result.errors + result.non2xx > 0) throw new Error(`POST /user-events: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result['2xx'] / result.duration;
}

async function measureIngest(live: Served, off: Served, prepared: Prepared, observed: Database, results: Results): Promise<void> {
  const load = [load1()];
  console.log(`\ningest: POST /user-events, 50 connections, ${ROUNDS} rounds of ${SECONDS} s alternating; live = 20 live segments; off = a copy of the data set without migration 0021's triggers and no segment (load ${load1()})`);
  const rates = { live: [] as number[], off: [] as number[] };
  const catchUpS: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['live', 'off'] as const) : (['off', 'live'] as const);
    for (const side of order) {
      rates[side].push(await flood(side === 'live' ? live : off, prepared));
      if (side === 'live') {
        // The marks of the round taken before the next load (the off side's round runs alone).
        const began = performance.now();
        const backlog = await countDirty(observed.db);
        while ((await countDirty(observed.db)) > 0) await sleep(200);
        catchUpS.push((performance.now() - began) / 1000);
        console.log(`  live round: ${rates.live.at(-1)!.toFixed(0)}/s; ${backlog} marks waiting at its end, taken in ${catchUpS.at(-1)!.toFixed(1)} s (${(backlog / Math.max(0.001, catchUpS.at(-1)!)).toFixed(0)} marks/s)`);
      }
    }
    load.push(load1());
    console.log(`  round ${round + 1}/${ROUNDS} (load ${load1()}): live ${rates.live.at(-1)!.toFixed(0)}/s, off ${rates.off.at(-1)!.toFixed(0)}/s`);
  }
  const ratio = median(rates.live) / median(rates.off);
  results.ingest = { live: rates.live, off: rates.off, ratio, catchUpS, load };
  console.log(`  ingest with 20 live segments ÷ without: ${median(rates.live).toFixed(0)} / ${median(rates.off).toFixed(0)} = ${ratio.toFixed(2)} (>= 0.8) ${verdict(ratio >= TARGET.ingestRatio)}`);
}

async function measureSteady(live: Served, receiver: Served, prepared: Prepared, observed: Database, liveSegmentId: number, results: Results): Promise<void> {
  const users = prepared.data.sizes.users;
  const pid = live.child.pid!;
  const seconds = MINUTES * 60;
  // Customers never given the event: a walk of every id by a step prime to their number.
  const traced = TRACED_RATE * seconds;
  if (traced > users) throw new Error(`the steady run needs ${traced} customers (${TRACED_RATE}/s × ${seconds} s), the data set has ${users}: shorten BENCH_MINUTES`);
  let step = Math.floor(users * 0.618) | 1;
  while (gcd(step, users) !== 1) step += 2;
  const start = pick(users);
  console.log(`\nsteady: ${RATE} POST /user-events a second for ${MINUTES} min (${RATE - TRACED_RATE} random, ${TRACED_RATE} of ${LIVE_EVENT} for fresh customers); RSS each minute (load ${load1()})`);
  const rss = [rssKb(pid) / 1024];
  const dirty = [await countDirty(observed.db)];
  const load = [load1()];
  const background = autocannon({
    url: `${live.url}/apiv3/user-events`,
    connections: 20,
    overallRate: RATE - TRACED_RATE,
    duration: seconds,
    method: 'POST',
    headers: headers(prepared.key),
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ event: LOAD_EVENTS[pick(LOAD_EVENTS.length)], service_uid: `c-${1 + pick(users)}` }) }) }],
  });
  const answered = new Map<string, { sentMs: number; answeredAt: number }>();
  let failed = 0;
  let sent = 0;
  const began = Date.now();
  const pending: Array<Promise<void>> = [];
  const send = (uid: string) => {
    const sentAt = Date.now();
    pending.push(
      fetch(`${live.url}/apiv3/user-events`, { method: 'POST', headers: headers(prepared.key), body: JSON.stringify({ event: LIVE_EVENT, service_uid: uid }) }).then(
        async (response) => {
          const answeredAt = Date.now();
          await response.arrayBuffer();
          if (response.ok) answered.set(uid, { sentMs: sentAt - began, answeredAt });
          else failed += 1;
        },
        () => {
          failed += 1;
        },
      ),
    );
  };
  // The marks waiting every 10 s: whether the customer path keeps up, and when it falls behind.
  const waiting: number[] = [];
  const waitingTimer = setInterval(() => void countDirty(observed.db).then((n) => void waiting.push(n)), 10_000);
  // Paced by the clock: each tick sends what is due, so a late timer catches up.
  // The JS heap and memory outside it each minute (prom-client's process metrics): which of them an RSS rise is.
  const heap: string[] = [];
  const minuteTimer = setInterval(() => {
    void fetch(`${live.url}/metrics`, { headers: headers(prepared.key) })
      .then((response) => response.text())
      .then((text) => {
        const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 1048576;
        heap.push(`${value('nodejs_heap_size_used_bytes').toFixed(0)}/${value('nodejs_heap_size_total_bytes').toFixed(0)}+${value('nodejs_external_memory_bytes').toFixed(0)}`);
      }, () => void heap.push('?'));
    rss.push(rssKb(pid) / 1024);
    load.push(load1());
    void countDirty(observed.db).then((n) => {
      dirty.push(n);
      console.log(`  minute ${rss.length - 1}: RSS ${rss.at(-1)!.toFixed(0)} MB, marks waiting ${n}, traced writes answered ${answered.size} (load ${load1()})`);
    });
  }, 60_000);
  while (Date.now() - began < seconds * 1000) {
    const due = Math.min(traced, Math.floor(((Date.now() - began) / 1000) * TRACED_RATE));
    while (sent < due) {
      send(`c-${1 + ((start + sent * step) % users)}`);
      sent += 1;
    }
    await sleep(5);
  }
  clearInterval(minuteTimer);
  clearInterval(waitingTimer);
  const bg = await background;
  await Promise.all(pending);
  // The last writes' messages: up to 60 s more.
  const lastAnswer = Date.now();
  let report: { received: number; byType: Record<string, number>; duplicates: number; entered: Record<string, number> };
  for (;;) {
    report = (await (await fetch(`${receiver.url}/?segment=${liveSegmentId}`)).json()) as typeof report;
    const missing = [...answered.keys()].filter((uid) => report.entered[uid] === undefined).length;
    if (missing === 0 || Date.now() - lastAnswer > 60_000) break;
    await sleep(500);
  }
  rss.push(rssKb(pid) / 1024);
  const latency = (filter: (sentMs: number) => boolean): Latency => {
    const values: number[] = [];
    for (const [uid, write] of answered) if (filter(write.sentMs) && report.entered[uid] !== undefined) values.push((report.entered[uid]! - write.answeredAt) / 1000);
    values.sort((a, b) => a - b);
    return { n: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: values.at(-1) ?? Number.NaN };
  };
  const lost = [...answered.keys()].filter((uid) => report.entered[uid] === undefined).length;
  const first60 = latency((sentMs) => sentMs < 60_000);
  const all = latency(() => true);
  const rate = (bg['2xx'] + answered.size) / seconds;
  results.steady = { minutes: MINUTES, sent: bg['2xx'] + answered.size, rate, traced: answered.size, lost, first60, all, rssMb: rss, dirty, load, received: report.byType, duplicates: report.duplicates };
  const line = (label: string, l: Latency) => `${label}: p50 ${l.p50.toFixed(2)} s, p99 ${l.p99.toFixed(2)} s, max ${l.max.toFixed(2)} s (${l.n} writes)`;
  console.log(`  answered ${rate.toFixed(0)} writes/s (${bg.errors + bg.non2xx + failed} failed); ${LIVE_EVENT} writes ${answered.size}, entered messages missing after 60 s: ${lost}`);
  console.log(`  write answered → segment.entered received, ${line('first 60 s', first60)} (p99 <= 5 s) ${verdict(first60.p99 <= TARGET.p99LatencyS && lost === 0)}`);
  console.log(`  ${line('whole run', all)}`);
  console.log(`  marks waiting every 10 s: ${waiting.join(' ')}`);
  console.log(`  JS heap used/total + external, MB, by minute: ${heap.join(', ')}`);
  console.log(`  RSS MB by minute: ${rss.map((v) => v.toFixed(0)).join(', ')}; marks waiting: ${dirty.join(', ')}; received ${JSON.stringify(report.byType)}, duplicates ${report.duplicates} (load ${load.join(' → ')})`);
}

/** What of the PostgreSQL server's configuration these figures depend on (autovacuum: the queues' dead rows). */
async function postgresSettings(): Promise<string> {
  const client = new pg.Client({ connectionString: postgresServer() });
  await client.connect();
  try {
    const names = ['autovacuum', 'shared_buffers', 'max_wal_size', 'synchronous_commit'];
    const rows = await client.query<{ name: string; setting: string; unit: string | null }>('select name, setting, unit from pg_settings where name = any($1)', [names]);
    return rows.rows.map((row) => `${row.name} ${row.setting}${row.unit ?? ''}`).join(', ');
  } finally {
    await client.end();
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

async function runOne(kind: Kind, scale: number): Promise<Results> {
  const sizes = sizesFor(scale);
  console.log(`\n== ${kind === 'sqlite' ? 'SQLite (WAL)' : 'PostgreSQL (local server)'}, BENCH_SCALE=${scale}: ${sizes.users} customers ==`);
  if (kind === 'postgres') console.log(`server settings: ${await postgresSettings()}`);
  const began = performance.now();
  const prepared = await prepare(kind, scale);
  console.log(`data set: built in ${prepared.buildSeconds.toFixed(0)} s; rows ${Object.entries(prepared.data.rows).map(([table, n]) => `${table} ${n}`).join(', ')}`);
  const results: Results = { kind, scale, users: sizes.users, date: new Date().toISOString(), buildSeconds: prepared.buildSeconds };
  const copies: Array<{ url: string; drop: () => Promise<void> }> = [];
  const servers: Served[] = [];
  let observed: Database | undefined;
  const profileDir = join(DIR, `profile-${kind}-${tagOf(scale)}-${Date.now()}`);
  try {
    const copied = performance.now();
    const liveCopy = await copyOf(prepared, 'live', async () => {});
    copies.push(liveCopy);
    let dropped = 0;
    const offCopy = PARTS.has('ingest') ? await copyOf(prepared, 'off', async (run, all) => void (dropped = await dropTriggers(kind, run, all))) : undefined;
    if (offCopy) copies.push(offCopy);
    console.log(`copies made in ${((performance.now() - copied) / 1000).toFixed(0)} s${offCopy ? ` (the off copy without its ${dropped} triggers)` : ''}`);
    const env = { WORKER_ENABLED: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMIT_PER_MINUTE: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0' };
    const receiver = await serve('segment-receiver', {});
    servers.push(receiver);
    if (PROFILE) {
      mkdirSync(profileDir, { recursive: true });
      process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
    }
    const live = await serve('rapport', { ...env, DATABASE_URL: liveCopy.url });
    delete process.env.BENCH_NODE_ARGS;
    servers.push(live);
    const off = offCopy ? await serve('rapport', { ...env, DATABASE_URL: offCopy.url }) : undefined;
    if (off) servers.push(off);
    observed = observer(liveCopy.url);
    for (const server of off ? [live, off] : [live]) {
      const call = api(server, prepared.key);
      await call('POST', '/webhooks', { url: `${receiver.url}/hooks`, events: ['segment.entered', 'segment.exited'] });
      await call('POST', '/events', { name: LIVE_EVENT });
      // Warm-up: modules, statements, caches.
      await autocannon({ url: `${server.url}/apiv3/user-events`, connections: 10, amount: 2000, method: 'POST', headers: headers(prepared.key), body: JSON.stringify({ event: 'login', service_uid: 'c-1' }) });
    }
    const liveSegmentId = await measureFill(live, prepared, observed, results);
    if (PARTS.has('ingest') && off) await measureIngest(live, off, prepared, observed, results);
    if (off) {
      await off.stop();
      servers.splice(servers.indexOf(off), 1);
    }
    if (PARTS.has('steady')) {
      const steady = () => measureSteady(live, receiver, prepared, observed!, liveSegmentId, results);
      await (kind === 'postgres' ? sampleActivity(observed.db, steady) : steady());
    }
  } finally {
    await observed?.close();
    for (const server of servers.reverse()) await server.stop();
    for (const copy of copies) await copy.drop();
    await prepared.drop();
  }
  if (PROFILE) {
    const files = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')).map((name) => join(profileDir, name));
    console.log(`\nCPU profile of the live server (${files.join(', ')}):`);
    spawnSync(process.execPath, ['--import', 'tsx', join('bench', 'lib', 'cpuprofile-summary.ts'), ...files], { stdio: 'inherit' });
  }
  writeFileSync(join(DIR, `results-${kind}-${tagOf(scale)}.json`), JSON.stringify(results, null, 2));
  console.log(`(${kind}, scale ${scale}: ${((performance.now() - began) / 60_000).toFixed(1)} min in all)`);
  return results;
}

function summary(all: Results[]): void {
  console.log('\nsummary');
  console.log(
    `${'database'.padEnd(9)} ${'customers'.padStart(9)} ${'fill s'.padStart(7)} ${'API p99 ×'.padStart(10)} ${'B/member'.padStart(9)} ${'ingest ×'.padStart(9)} ${'lat p50'.padStart(8)} ${'p99'.padStart(6)} ${'max'.padStart(6)} ${'RSS MB first→last'.padStart(18)}  load`,
  );
  for (const r of all) {
    const apiRatio = r.fill ? Math.max(r.fill.during.get.p99 / r.fill.idle.get.p99, r.fill.during.post.p99 / r.fill.idle.post.p99) : Number.NaN;
    const s = r.steady;
    console.log(
      `${r.kind.padEnd(9)} ${String(r.users).padStart(9)} ${(r.fill?.seconds.toFixed(1) ?? '-').padStart(7)} ${apiRatio.toFixed(2).padStart(10)} ${(r.fill?.bytesPerMember.toFixed(1) ?? '-').padStart(9)} ${(r.ingest?.ratio.toFixed(2) ?? '-').padStart(9)} ` +
        `${(s?.first60.p50.toFixed(2) ?? '-').padStart(8)} ${(s?.first60.p99.toFixed(2) ?? '-').padStart(6)} ${(s?.first60.max.toFixed(2) ?? '-').padStart(6)} ${(s ? `${s.rssMb[1]?.toFixed(0) ?? s.rssMb[0]!.toFixed(0)}→${s.rssMb.at(-1)!.toFixed(0)}` : '-').padStart(18)}  ` +
        `${[...(r.fill?.load ?? []), ...(r.ingest?.load ?? []), ...(s?.load ?? [])].join(' ')}`,
    );
  }
}

/** Each figure's growth from the smallest to the largest saved scale of a kind. */
function growth(kind: Kind): void {
  const saved = readdirSync(DIR)
    .filter((name) => name.startsWith(`results-${kind}-`))
    .map((name) => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as Results)
    .sort((a, b) => a.scale - b.scale);
  if (saved.length < 2) return;
  const first = saved[0]!;
  const last = saved.at(-1)!;
  const figure = (label: string, of: (r: Results) => number | undefined) => {
    const a = of(first);
    const b = of(last);
    if (a === undefined || b === undefined) return;
    console.log(`  ${label.padEnd(34)} ${first.users}: ${a.toFixed(2)}   ${last.users}: ${b.toFixed(2)}   ×${(b / a).toFixed(2)}`);
  };
  console.log(`\n${kind}: growth from ${first.users} to ${last.users} customers (saved runs ${first.date.slice(0, 16)}, ${last.date.slice(0, 16)})`);
  figure('fill of the 20 segments, s', (r) => r.fill?.seconds);
  figure('members', (r) => r.fill?.members);
  figure('bytes a member', (r) => r.fill?.bytesPerMember);
  figure('GET /users/{id} p99 during fill, ms', (r) => r.fill?.during.get.p99);
  figure('ingest live ÷ off', (r) => r.ingest?.ratio);
  figure('ingest live, /s', (r) => (r.ingest ? median(r.ingest.live) : undefined));
  figure('latency p50, s', (r) => r.steady?.first60.p50);
  figure('latency p99, s', (r) => r.steady?.first60.p99);
  figure('RSS at the end, MB', (r) => r.steady?.rssMb.at(-1));
}

mkdirSync(DIR, { recursive: true });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM, node ${process.version}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`scales ${SCALES.join(', ')}; parts ${[...PARTS].join(', ')}; steady ${MINUTES} min; ingest ${ROUNDS} × ${SECONDS} s`);
const all: Results[] = [];
for (const scale of SCALES) {
  for (const kind of KINDS) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.log('\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped');
      continue;
    }
    all.push(await runOne(kind, scale));
  }
}
summary(all);
for (const kind of KINDS) growth(kind);
