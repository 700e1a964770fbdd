// Value groups (U14): the refresh of an account's RFM snapshot, on the segments bench's data set
// (bench/lib/segments-data.ts: 1,000,000 customers and 3,000,000 purchases at scale 1), on SQLite and
// PostgreSQL. Rapport runs in its own process (bench/servers/rapport.ts) with its worker on.
//
//   npm run bench -- value-groups
//   BENCH_SCALE=0.1            the data set's size (1: 1,000,000 customers); several (0.1,1) run in turn
//   BENCH_DATABASES=sqlite|postgres   one of them (default both; PostgreSQL when reachable)
//   BENCH_REUSE=1              keep the built data set under .bench/value-groups (or the PostgreSQL
//                              database rapport_bench_vg_<scale>) and reuse it
//   BENCH_IDLE_SECONDS=10      the light load before the refresh (the API's idle p99)
//
// Measured, per database: a light fixed-rate load of reads (GET /users/{id} and GET /users/{id}/value,
// LIGHT_RATE a second each) for BENCH_IDLE_SECONDS (idle p99); then the same load while
// POST /account/value-groups/refresh runs, from its acceptance to its request's end (the refresh
// time, target <= 30 s), and the p99 during it against idle (target <= 2x). Twice: the first refresh
// writes the snapshot, the second replaces one. Loopback only; figures go to docs/benchmarks.md by hand.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { loadConfig, parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Clock } from '../src/lib/time.js';
import { buildAccounts } from '../src/services.js';
import { dataSetStore } from './lib/data-set-store.js';
import { postgresReachable } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';
import { type BuiltData, type Kind, buildData } from './lib/segments-data.js';

const SCALES = (process.env.BENCH_SCALE ?? '0.1').split(',').map(Number);
const KINDS = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[];
const REUSE = process.env.BENCH_REUSE === '1';
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const DIR = join(process.cwd(), '.bench', 'value-groups');
const LIGHT_RATE = 50;
const TARGET = { refreshS: 30, apiP99Ratio: 2 };

const tagOf = (scale: number) => String(scale).replace('.', '_');
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (n: number) => Math.floor(Math.random() * n);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const fixedClock = (at: Date): Clock => ({ now: () => at });

interface Prepared {
  kind: Kind;
  scale: number;
  url: string;
  key: string;
  data: BuiltData;
  buildSeconds: number;
}

/** The data set, built (or reused with BENCH_REUSE=1), anchored at today's UTC midnight. */
async function prepare(kind: Kind, scale: number): Promise<Prepared & { drop: () => Promise<void> }> {
  mkdirSync(DIR, { recursive: true });
  const meta = join(DIR, `${kind}-${tagOf(scale)}.json`);
  if (REUSE && existsSync(meta)) {
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as Prepared;
    console.log(`reusing the data set of ${meta} (built in ${saved.buildSeconds.toFixed(0)} s)`);
    const database = openDatabase(parseDatabaseUrl(saved.url));
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    return { ...saved, drop: async () => {} };
  }
  const { url, drop } = await dataSetStore(kind, { dir: DIR, file: 'base', name: 'vg', tag: tagOf(scale), reuse: REUSE });
  const started = performance.now();
  const day = new Date();
  const anchor = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
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

const headers = (key: string) => ({ authorization: `Basic ${key}`, 'content-type': 'application/json' });

async function call(server: Served, key: string, method: string, path: string): Promise<any> {
  const response = await fetch(`${server.url}/apiv3${path}`, { method, headers: headers(key), body: method === 'POST' ? '{}' : undefined });
  const json = (await response.json()) as { payload?: unknown };
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.payload;
}

/** LIGHT_RATE a second of GET /users/{random id} and of GET /users/{random id}/value until stopped. */
function lightLoad(server: Served, prepared: Prepared) {
  const users = prepared.data.sizes.users;
  const latencies: number[] = [];
  const common = { connections: 5, overallRate: LIGHT_RATE, duration: 24 * 3600, headers: headers(prepared.key) };
  const loads = ['', '/value'].map((suffix) =>
    autocannon({ ...common, url: `${server.url}/apiv3/users/1${suffix}`, requests: [{ setupRequest: (request) => ({ ...request, path: `/apiv3/users/${1 + pick(users)}${suffix}` }) }] }),
  );
  for (const load of loads) load.on('response', (_client, _status, _bytes, took) => latencies.push(took));
  return async () => {
    for (const load of loads) load.stop();
    const results = await Promise.all(loads);
    latencies.sort((a, b) => a - b);
    return { n: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0) };
  };
}

async function refreshOnce(server: Served, prepared: Prepared): Promise<{ seconds: number; scored: number }> {
  const started = performance.now();
  const { request_id } = await call(server, prepared.key, 'POST', '/account/value-groups/refresh');
  for (;;) {
    const view = await call(server, prepared.key, 'GET', `/requests/${request_id}`);
    if (view.status === 'done') return { seconds: (performance.now() - started) / 1000, scored: view.result.deleted };
    if (view.status === 'failed') throw new Error(`the refresh failed: ${JSON.stringify(view.result)}`);
    await sleep(100);
  }
}

async function run(kind: Kind, scale: number): Promise<string[]> {
  const prepared = await prepare(kind, scale);
  const lines: string[] = [];
  const env = { WORKER_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '0', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0', DATABASE_URL: prepared.url };
  const server = await serve('rapport', env);
  try {
    const idleStop = lightLoad(server, prepared);
    await sleep(IDLE_SECONDS * 1000);
    const idle = await idleStop();
    for (const round of [1, 2]) {
      const duringStop = lightLoad(server, prepared);
      const refreshed = await refreshOnce(server, prepared);
      const during = await duringStop();
      const ratio = during.p99 / idle.p99;
      const line =
        `${kind} scale ${scale} (${prepared.data.sizes.users} customers, ${prepared.data.sizes.purchases} purchases) refresh ${round}: ` +
        `${refreshed.seconds.toFixed(1)} s, ${refreshed.scored} scored (<= ${TARGET.refreshS} s) ${verdict(refreshed.seconds <= TARGET.refreshS)}; ` +
        `reads p99 idle ${idle.p99} ms (${idle.n}), during ${during.p99} ms (${during.n}, ${during.failed} failed): x${ratio.toFixed(2)} (<= ${TARGET.apiP99Ratio}) ${verdict(ratio <= TARGET.apiP99Ratio)}; ` +
        `load ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} CPUs`;
      console.log(line);
      lines.push(line);
    }
  } finally {
    await server.stop();
    await prepared.drop();
  }
  return lines;
}

const kinds: Kind[] = [];
for (const kind of KINDS) {
  if (kind === 'postgres' && !(await postgresReachable())) console.log('PostgreSQL not reachable: skipped');
  else kinds.push(kind);
}
const all: string[] = [];
for (const scale of SCALES) for (const kind of kinds) all.push(...(await run(kind, scale)));
console.log(`\nvalue groups:\n${all.join('\n')}`);
