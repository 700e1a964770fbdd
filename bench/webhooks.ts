// Webhooks (W4): what the outbox costs a write, how fast one process delivers, and what
// an hour with the receiver down leaves behind.
// 1. POST /user-events with one endpoint subscribed to user_event.created against the same with the
//    endpoint disabled, interleaved rounds in the same run (target: >= 0.8x), on a server with
//    WORKER_ENABLED=false so that no delivery competes for the CPU; then, for information, one round
//    with the worker on and a receiver answering 200.
// 2. BENCH_MESSAGES messages written with the worker off, then drained by one server process with
//    the worker on to a receiver answering 200 (target: >= 1,000 msgs/s), while a light fixed-rate
//    load (GET /users/{id}) measures the API's p99 against the same load just before (target <= 2x).
// 3. The receiver down (a closed port) for an hour of a clock the bench moves, the deliverer running
//    in the bench's own process: the attempts at 0, 5 s, 5 min 5 s and 35 min 5 s leave one row per
//    message (target) and add no bytes but the attempt's outcome; then the receiver comes back on that
//    port and the clock moves to the next due time: the drain (target as in 2, compared with 2).
// SQLite (WAL), then PostgreSQL when it is reachable. Options:
//   BENCH_SECONDS=10        the length of each load run (and of the idle light load of part 2)
//   BENCH_ROUNDS=2          interleaved rounds of each (endpoint disabled, enabled) in part 1
//   BENCH_MESSAGES=20000    messages in the outbox in parts 2 and 3
//   BENCH_DATABASES=sqlite|postgres   only one of them
//   BENCH_PARTS=write,drain,outage    only some of the parts
//   BENCH_PIN=1             the Rapport server alone on CPU 0; the receiver (at nice 10), the load
//                           and this process on CPU 1 (taskset): what the server does, apart from
//                           what the bench's other processes take from it on a two-core machine
// Loopback only; files under .bench/webhooks/. Figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type Database, openDatabase } from '../src/db/database.js';
import type { DB } from '../src/db/types.js';
import { WebhookDeliverer } from '../src/jobs/webhooks/deliverer.js';
import { buildRepositories } from '../src/services.js';
import { freePort } from './lib/ports.js';
import { signupAccount } from './lib/bench-account.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';

const DIR = join(process.cwd(), '.bench', 'webhooks');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);
const PARTS = (process.env.BENCH_PARTS ?? 'write,drain,outage').split(',');
const PIN = process.env.BENCH_PIN === '1';
const CONNECTIONS = 50;
const LIGHT_RATE = 200;
const USERS = 1000;
const TARGET_RATE = 1000;
const EVENT = JSON.stringify({ event: 'signup', service_uid: 'u-42', datetime: '2026-01-15 10:20:30', metadata: { plan: 'gold', source: 'bench' } });

type DatabaseConfig = Parameters<typeof openDatabase>[0];

/** A fresh database for one part: its URL for the server, its config for the bench, how to drop it. */
interface Target {
  url: string;
  config: DatabaseConfig;
  drop(): Promise<void>;
}

async function freshDatabase(kind: 'sqlite' | 'postgres', part: string): Promise<Target> {
  if (kind === 'sqlite') {
    const file = join(DIR, `${part}.db`);
    const remove = () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    };
    remove();
    return { url: `sqlite:${file}`, config: { kind: 'sqlite', filename: file }, drop: async () => {} };
  }
  const database = await throwawayDatabase(`bench_webhooks_${part}_${process.pid}`);
  return { url: database.url, config: { kind: 'postgres', connectionString: database.url }, drop: database.drop };
}

const prepare = (config: Parameters<typeof openDatabase>[0]) => signupAccount(config, USERS);

const stop = async (server: Served | undefined): Promise<void> => server?.stop();

/** CPU seconds (user and system) a process has used so far; Linux's /proc, undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks (100 a second).
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const SERVER_CPU = PIN ? 0 : undefined;
const OTHERS_CPU = PIN ? 1 : undefined;

/** The receiver, on CPU 1 at a lower priority when pinned, so it never delays the load's own timing. */
async function startReceiver(env: Record<string, string> = {}): Promise<Served> {
  const receiver = await serve('webhook-receiver', env, undefined, OTHERS_CPU);
  if (PIN && receiver.child.pid) spawnSync('renice', ['-n', '10', '-p', String(receiver.child.pid)], { stdio: 'ignore' });
  return receiver;
}

const rapport = (target: Target, worker: boolean) =>
  serve('rapport', { DATABASE_URL: target.url, WORKER_ENABLED: String(worker), WEBHOOK_ALLOW_PRIVATE: 'true' }, undefined, SERVER_CPU);

function api(server: Served, key: string) {
  const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${server.url}/apiv3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as { payload?: unknown };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json.payload;
  };
}

async function received(receiver: Served): Promise<{ received: number; unique: number }> {
  return (await (await fetch(receiver.url)).json()) as { received: number; unique: number };
}

async function withDatabase<T>(config: DatabaseConfig, work: (db: Kysely<DB>, database: Database) => Promise<T>): Promise<T> {
  const database = openDatabase(config);
  try {
    return await work(database.db, database);
  } finally {
    await database.close();
  }
}

async function outboxCounts(db: Kysely<DB>): Promise<{ rows: number; pending: number; attempts: number }> {
  const row = await db
    .selectFrom('webhook_messages')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('rows'),
      eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'pending').then(1).else(0).end()).as('pending'),
      eb.fn.sum<number | string | null>('attempts').as('attempts'),
    ])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), pending: Number(row.pending ?? 0), attempts: Number(row.attempts ?? 0) };
}

/** The outbox's bytes: table, indexes (and TOAST on PostgreSQL, dead row versions included). */
async function outboxBytes(database: Database): Promise<number> {
  const query =
    database.dialect === 'postgres'
      ? sql<{ n: number | string }>`select pg_total_relation_size('webhook_messages') as n`
      : sql<{ n: number | string }>`select coalesce(sum(pgsize), 0) as n from dbstat where name in (select name from sqlite_master where tbl_name = 'webhook_messages')`;
  return Number((await query.execute(database.db)).rows[0]!.n);
}

interface Load {
  /** Answers with a 2xx status a second (refused requests, e.g. 503 from load shedding, do not count). */
  rps: number;
  answered: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers other than 2xx by status. */
  refused: Record<string, number>;
}

async function postLoad(server: Served, key: string): Promise<Load> {
  const result = await autocannon({
    url: `${server.url}/apiv3/user-events`,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    body: EVENT,
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
  });
  const refused = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).filter(([status]) => !status.startsWith('2')).map(([status, { count }]) => [status, count]));
  return { rps: result['2xx'] / result.duration, answered: result['2xx'], p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, refused };
}

/** 2,000 requests of the load to come (POST /user-events, or GET /users/{id}), not measured. */
async function warmUp(server: Served, key: string, method: 'POST' | 'GET'): Promise<void> {
  await autocannon({
    url: `${server.url}/apiv3/${method === 'POST' ? 'user-events' : 'users/42'}`,
    connections: 10,
    amount: 2000,
    method,
    body: method === 'POST' ? EVENT : undefined,
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
  });
}

/**
 * User events as fast as the server takes them (each writes its message) until the outbox holds
 * `count` messages more than it did (requests the load shedding refused are sent again); the seconds it took.
 */
async function fill(server: Served, key: string, target: Target, count: number): Promise<number> {
  const started = performance.now();
  const rows = () => withDatabase(target.config, async (db) => (await outboxCounts(db)).rows);
  const wanted = (await rows()) + count;
  for (let missing = count, pass = 0; missing > 0; missing = wanted - (await rows()), pass++) {
    if (pass === 10) throw new Error(`filling the outbox: ${missing} messages missing after 10 passes`);
    await autocannon({
      url: `${server.url}/apiv3/user-events`,
      connections: Math.min(CONNECTIONS, missing),
      amount: missing,
      method: 'POST',
      body: EVENT,
      headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
    });
  }
  return (performance.now() - started) / 1000;
}

interface Light {
  requests: number;
  p50: number;
  p99: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

/**
 * LIGHT_RATE requests a second of GET /users/{id} for `seconds`, or until finished early. Latencies
 * come from each response (autocannon's own histogram keeps whole milliseconds, too coarse here).
 */
function lightLoad(server: Served, key: string, seconds = 24 * 3600) {
  const latencies: number[] = [];
  const run = autocannon({ url: `${server.url}/apiv3/users/42`, connections: 10, overallRate: LIGHT_RATE, duration: seconds, headers: { authorization: `Basic ${key}` } });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  return async (stopNow: boolean): Promise<Light> => {
    if (stopNow) run.stop();
    const result = await run;
    latencies.sort((a, b) => a - b);
    return { requests: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: result.errors + result.non2xx };
  };
}

/**
 * The server's own count of GET /users/{id} answers per duration bucket (its /metrics histogram,
 * receipt to answer): what the server did, apart from the client's waits on a shared CPU.
 */
async function serverBuckets(server: Served, key: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Basic ${key}` } })).text();
  const buckets = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^rapport_http_request_duration_seconds_bucket\{(.*)\} (\d+)/.exec(line);
    if (!match || !match[1]!.includes('route="/apiv3/users/:id"') || !match[1]!.includes('status="200"')) continue;
    const le = /le="([^"]+)"/.exec(match[1]!)![1]!;
    buckets.set(le, Number(match[2]));
  }
  return buckets;
}

/** Cumulative counts between two snapshots, as "≤ 5 ms 97.1 %, ≤ 10 ms 99.5 %, …". */
function bucketShares(before: Map<string, number>, after: Map<string, number>): string {
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  if (total <= 0) return 'no answers counted';
  return ['0.005', '0.01', '0.025', '0.05']
    .map((le) => `<= ${Number(le) * 1000} ms ${((((after.get(le) ?? 0) - (before.get(le) ?? 0)) / total) * 100).toFixed(1)} %`)
    .join(', ');
}

const mean = (loads: Load[], pick: (load: Load) => number) => loads.reduce((sum, l) => sum + pick(l), 0) / loads.length;
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
const LABEL = 40;

function loadLine(label: string, loads: Load[]): string {
  const errors = loads.reduce((sum, l) => sum + l.errors, 0);
  const refused: Record<string, number> = {};
  for (const load of loads) for (const [status, count] of Object.entries(load.refused)) refused[status] = (refused[status] ?? 0) + count;
  const notes = [...Object.entries(refused).map(([status, count]) => `${count} answered ${status}`), ...(errors > 0 ? [`${errors} errors`] : [])];
  return (
    `${label.padEnd(LABEL)} ${mean(loads, (l) => l.rps).toFixed(0).padStart(6)} req/s  p50 ${mean(loads, (l) => l.p50).toFixed(1)} ms  ` +
    `p99 ${mean(loads, (l) => l.p99).toFixed(1)} ms  (${loads.map((l) => l.rps.toFixed(0)).join(', ')})` +
    (notes.length > 0 ? `  [${notes.join(', ')}]` : '')
  );
}

function lightLine(label: string, light: Light): string {
  return `${label.padEnd(LABEL)} ${light.requests} requests  p50 ${light.p50.toFixed(2)} ms  p99 ${light.p99.toFixed(2)} ms${light.failed > 0 ? `  [${light.failed} errors or non-2xx]` : ''}`;
}

async function writeOverhead(target: Target): Promise<void> {
  const key = await prepare(target.config);
  const receiver = await startReceiver();
  let server: Served | undefined;
  try {
    server = await rapport(target, false);
    let call = api(server, key);
    const hook = await call('POST', '/webhooks', { url: `${receiver.url}/hooks`, events: ['user_event.created'] });
    // A fresh process: the first run would otherwise pay for the JIT compiling both paths.
    await warmUp(server, key, 'POST');
    const warmed = await withDatabase(target.config, async (db) => (await outboxCounts(db)).rows);
    const without: Load[] = [];
    const withHook: Load[] = [];
    // Interleaved, so drift of the machine or of the tables' size weighs on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      await call('PUT', `/webhooks/${hook.id}`, { status: 'disabled' });
      without.push(await postLoad(server, key));
      await call('PUT', `/webhooks/${hook.id}`, { status: 'enabled' });
      withHook.push(await postLoad(server, key));
    }
    const written = (await withDatabase(target.config, async (db) => (await outboxCounts(db)).rows)) - warmed;
    const ratio = mean(withHook, (l) => l.rps) / mean(without, (l) => l.rps);
    console.log('1. write overhead (server with WORKER_ENABLED=false: no delivery competes for the CPU)');
    console.log(loadLine('POST /user-events, endpoint disabled', without));
    console.log(loadLine('  one endpoint on user_event.created', withHook));
    console.log(`${''.padEnd(LABEL)} ratio ${ratio.toFixed(2)} (target >= 0.8) ${verdict(ratio >= 0.8)}`);
    console.log(`${''.padEnd(LABEL)} messages written: ${written} for ${withHook.reduce((sum, l) => sum + l.answered, 0)} answered with the endpoint on`);

    // For information: the worker on, delivering while the writes go on. The backlog of the rounds
    // above goes with its endpoint, so only this round's messages are sent.
    await call('DELETE', `/webhooks/${hook.id}`);
    await stop(server);
    server = await rapport(target, true);
    call = api(server, key);
    await call('POST', '/webhooks', { url: `${receiver.url}/hooks`, events: ['user_event.created'] });
    const before = await withDatabase(target.config, outboxCounts);
    const got = (await received(receiver)).received;
    const live = await postLoad(server, key);
    const delivered = (await received(receiver)).received - got;
    const after = await withDatabase(target.config, outboxCounts);
    console.log(loadLine('  worker on, receiver answering 200', [live]));
    console.log(
      `${''.padEnd(LABEL)} ratio to disabled ${(live.rps / mean(without, (l) => l.rps)).toFixed(2)} (for information); ` +
        `${delivered} delivered during the run of ${after.rows - before.rows} written, ${after.pending} pending at its end`,
    );
  } finally {
    await stop(server);
    await stop(receiver);
  }
}

/** Part 2; returns the drain rate (msgs/s). */
async function drainRate(target: Target): Promise<number> {
  const key = await prepare(target.config);
  const receiver = await startReceiver();
  let server: Served | undefined;
  try {
    server = await rapport(target, false);
    let call = api(server, key);
    const hook = await call('POST', '/webhooks', { url: `${receiver.url}/hooks`, events: ['user_event.created'] });
    const fillSeconds = await fill(server, key, target, MESSAGES);
    // Disabled, the endpoint's messages wait while the idle p99 is measured on the worker's server.
    await call('PUT', `/webhooks/${hook.id}`, { status: 'disabled' });
    await stop(server);
    const queued = await withDatabase(target.config, async (db) => (await outboxCounts(db)).pending);
    server = await rapport(target, true);
    call = api(server, key);
    await warmUp(server, key, 'GET');
    const idleFrom = await serverBuckets(server, key);
    const idle = await lightLoad(server, key, DURATION)(false);
    const drainFrom = await serverBuckets(server, key);

    const busy = lightLoad(server, key);
    const cpuBefore = cpuSeconds(server.child.pid);
    const started = performance.now();
    await call('PUT', `/webhooks/${hook.id}`, { status: 'enabled' });
    const deadline = started + Math.max(120_000, queued * 10);
    let count = await received(receiver);
    while (count.received < queued && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      count = await received(receiver);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSeconds(server.child.pid);
    const pending = await withDatabase(target.config, async (db) => {
      let left = (await outboxCounts(db)).pending;
      for (let i = 0; i < 100 && left > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        left = (await outboxCounts(db)).pending;
      }
      return left;
    });
    const recordedSeconds = (performance.now() - started) / 1000;
    const during = await busy(true);
    const drainTo = await serverBuckets(server, key);
    const rate = count.received / seconds;
    const p99Ratio = during.p99 / idle.p99;
    console.log(`2. delivery rate (${queued} messages written in ${fillSeconds.toFixed(1)} s with the worker off, then one server with the worker on)`);
    console.log(
      `${'drain to a receiver answering 200'.padEnd(LABEL)} ${count.received} of ${queued} in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} msgs/s ` +
        `(target >= ${TARGET_RATE}) ${verdict(rate >= TARGET_RATE && count.received >= queued)}`,
    );
    console.log(
      `${''.padEnd(LABEL)} ${count.unique} distinct webhook-ids; all recorded after ${recordedSeconds.toFixed(1)} s${pending > 0 ? `; ${pending} still pending` : ''}`,
    );
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      const cpu = cpuAfter - cpuBefore;
      console.log(
        `${''.padEnd(LABEL)} server CPU meanwhile ${cpu.toFixed(1)} s (${((cpu / seconds) * 100).toFixed(0)}% of a core): ` +
          `${((cpu / count.received) * 1e6).toFixed(0)} µs a message, the light load's share included`,
      );
    }
    console.log(lightLine(`GET /users/{id} at ${LIGHT_RATE}/s, idle`, idle));
    console.log(lightLine('  during the drain', during));
    console.log(`${''.padEnd(LABEL)} p99 ratio ${p99Ratio.toFixed(2)} (target <= 2) ${verdict(p99Ratio <= 2)}`);
    console.log(`${'  server side (its /metrics), idle'.padEnd(LABEL)} ${bucketShares(idleFrom, drainFrom)}`);
    console.log(`${'  server side, during the drain'.padEnd(LABEL)} ${bucketShares(drainFrom, drainTo)}`);
    return rate;
  } finally {
    await stop(server);
    await stop(receiver);
  }
}

/** The deliverer's logger: attempts that failed are expected here; a failed pass or a lost claim is not. */
function quietLog(problems: unknown[]): FastifyBaseLogger {
  const nothing = () => {};
  const log = {
    level: 'info',
    fatal: (entry: unknown) => problems.push(entry),
    error: (entry: unknown) => problems.push(entry),
    warn: (entry: unknown) => problems.push(entry),
    info: nothing,
    debug: nothing,
    trace: nothing,
    silent: nothing,
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

async function receiverDown(target: Target, partTwoRate: number | undefined): Promise<void> {
  const key = await prepare(target.config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/hooks`;
  const server = await rapport(target, false);
  let empty: number;
  try {
    await api(server, key)('POST', '/webhooks', { url, events: ['user_event.created'] });
    empty = await withDatabase(target.config, (_db, database) => outboxBytes(database));
    await fill(server, key, target, MESSAGES);
  } finally {
    await stop(server);
  }

  const database = openDatabase(target.config);
  let receiver: Served | undefined;
  try {
    const messages = (await outboxCounts(database.db)).rows;
    const filled = await outboxBytes(database);
    const clock = { at: Date.now(), now: () => new Date(clock.at) };
    const problems: unknown[] = [];
    const deliverer = new WebhookDeliverer({ messages: buildRepositories(database.db).webhookMessages, clock, log: quietLog(problems), allowPrivate: true, timeoutMs: 10_000, pollMs: 3_600_000 });
    const start = clock.at;
    const rounds: string[] = [];
    // W4: the first attempt, then 5 s, 5 min and 30 min after each failure; the next is 2 h later.
    for (const [i, offset] of [0, 5, 305, 2105].entries()) {
      clock.at = start + offset * 1000;
      const t0 = performance.now();
      await deliverer.runOnce();
      const seconds = (performance.now() - t0) / 1000;
      const attempted = Number(
        (await database.db.selectFrom('webhook_messages').select((eb) => eb.fn.countAll<number | string>().as('n')).where('attempts', '=', i + 1).executeTakeFirstOrThrow()).n,
      );
      rounds.push(`${offset} s: ${attempted} in ${seconds.toFixed(1)} s`);
    }
    clock.at = start + 3600_000;
    await deliverer.runOnce();
    const hour = await outboxCounts(database.db);
    const afterHour = await outboxBytes(database);

    receiver = await startReceiver({ PORT: String(port) });
    const next = await database.db.selectFrom('webhook_messages').select((eb) => eb.fn.min('next_attempt_at').as('at')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    clock.at = Date.parse(`${String(next.at).replace(' ', 'T')}Z`);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await deliverer.runOnce();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    await deliverer.stop();
    const back = await received(receiver);
    const end = await outboxCounts(database.db);
    const rate = back.received / seconds;

    const perMessage = (bytes: number) => ((bytes - empty) / messages).toFixed(0);
    console.log(`3. receiver down for an hour (deliverer in the bench's process on a moved clock; ${messages} messages)`);
    console.log(`${'failed attempts by offset'.padEnd(LABEL)} ${rounds.join('; ')}`);
    console.log(
      `${'after the hour'.padEnd(LABEL)} ${hour.rows} rows for ${messages} messages, ${hour.attempts} attempts, ${hour.pending} pending: ` +
        `rows per message ${(hour.rows / messages).toFixed(2)} (target 1) ${verdict(hour.rows === messages && hour.attempts === 4 * messages)}`,
    );
    console.log(
      `${'outbox bytes per message'.padEnd(LABEL)} ${perMessage(filled)} when written, ${perMessage(afterHour)} after four failed attempts ` +
        `(${database.dialect === 'postgres' ? "pg_total_relation_size('webhook_messages'), dead row versions included" : 'dbstat: table and indexes'})`,
    );
    console.log(
      `${'drain once the receiver is back'.padEnd(LABEL)} ${back.received} of ${messages} in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} msgs/s ` +
        `(target >= ${TARGET_RATE}) ${verdict(rate >= TARGET_RATE && end.pending === 0)}` +
        (partTwoRate ? `; ${(rate / partTwoRate).toFixed(2)}x part 2's server` : '') +
        (end.pending > 0 ? `; ${end.pending} still pending` : ''),
    );
    const cpuSecondsUsed = (cpu.user + cpu.system) / 1e6;
    console.log(
      `${''.padEnd(LABEL)} the deliverer's process: ${cpuSecondsUsed.toFixed(1)} s CPU (${((cpuSecondsUsed / seconds) * 100).toFixed(0)}% of a core), ` +
        `${((cpuSecondsUsed / back.received) * 1e6).toFixed(0)} µs a message`,
    );
    if (problems.length > 0) console.log(`deliverer logged ${problems.length} errors or warnings; the first: ${JSON.stringify(problems[0])}`);
  } finally {
    await stop(receiver);
    await database.close();
  }
}

async function runAll(kind: 'sqlite' | 'postgres', label: string): Promise<void> {
  console.log(`\n${label}`);
  let rate: number | undefined;
  const part = async (name: string, work: (target: Target) => Promise<void>) => {
    if (!PARTS.includes(name)) return;
    const target = await freshDatabase(kind, name);
    try {
      await work(target);
    } finally {
      await target.drop();
    }
  };
  await part('write', writeOverhead);
  await part('drain', async (target) => {
    rate = await drainRate(target);
  });
  await part('outage', (target) => receiverDown(target, rate));
}

mkdirSync(DIR, { recursive: true });
if (PIN) spawnSync('taskset', ['-a', '-cp', String(OTHERS_CPU), String(process.pid)], { stdio: 'ignore' });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, node ${process.version}`);
console.log(
  `autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds of each, interleaved; ${MESSAGES} messages in parts 2 and 3; ` +
    `light load ${LIGHT_RATE} req/s` +
    (PIN ? '; the server on CPU 0, the receiver, the load and the bench on CPU 1' : ''),
);
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
if (wanted.includes('sqlite')) await runAll('sqlite', 'SQLite (WAL)');
if (wanted.includes('postgres')) {
  if (!(await postgresReachable())) console.log('\nPostgreSQL: not reachable (BENCH_DATABASE_URL), skipped');
  else await runAll('postgres', 'PostgreSQL');
}
