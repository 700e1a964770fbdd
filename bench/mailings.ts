// Mailings (M5, M6): how fast one process sends a mailing, what sending costs the API and memory,
// how long freezing a large audience takes, and what a crash or a second process changes.
// An SMTP sink in its own process (bench/servers/smtp-sink.ts: smtp-server, accepting and counting
// every message, each recipient once, duplicates counted) receives everything; Rapport runs in its
// own process (bench/servers/rapport.ts) with its sender on.
// Parts (BENCH_PARTS, default send,crash,two; freeze only when asked: its data set is slow to build):
//   send   a mailing whose body uses five customer fields and one custom attribute (Liquid), to a
//          segment of BENCH_SMALL (10,000) customers, then, in a fresh server, BENCH_RECIPIENTS
//          (100,000): throughput from POST /send to the sink's last acceptance (target >= 1,000 msg/s);
//          the p99 of GET /users/{id} and POST /user-events at a light fixed rate while sending
//          against the same load just before (target <= 2x); the server's RSS growth during the
//          send (target < 50 MB, and the large send's within 10 MB of the small one's).
//          BENCH_PROFILE=1: the large send's server runs with --cpu-prof, and where its time went is
//          printed (bench/lib/cpuprofile-summary.ts, the send's seconds only).
//   crash  BENCH_CRASH (20,000) recipients; the server is killed (SIGKILL) once the sink has a third
//          of them, then started again on the same database: skipped (never received) must be 0,
//          duplicates at most the messages in flight at the kill (accepted by the sink, not recorded).
//   two    PostgreSQL only: two server processes share one mailing of BENCH_RECIPIENTS: 0 duplicates,
//          and the throughput against one process's in the same run.
//   freeze the segments bench's data set (bench/lib/segments-data.ts) at BENCH_FREEZE_SCALE (1:
//          1,000,000 customers): POST /send of a mailing to all of them (target <= 10 s), the
//          sender off (the freeze is what POST /send does).
// SQLite (WAL) then PostgreSQL when reachable; BENCH_DATABASES=sqlite|postgres for one.
// Loopback only; files under .bench/mailings/. Figures go to docs/benchmarks.md by hand.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { attributeItemRows, foldedUserColumns } from '../src/db/folded-columns.js';
import type { DB } from '../src/db/types.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { benchAccount } from './lib/bench-account.js';
import { sampleRss, rssKb } from './lib/memory.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';
import { buildData } from './lib/segments-data.js';

const DIR = join(process.cwd(), '.bench', 'mailings');
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const CRASH = Number(process.env.BENCH_CRASH ?? 20_000);
const FREEZE_SCALE = Number(process.env.BENCH_FREEZE_SCALE ?? 1);
const IDLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARTS = (process.env.BENCH_PARTS ?? 'send,crash,two').split(',');
const PROFILE = process.env.BENCH_PROFILE === '1';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const LIGHT_RATE = 100;
const TARGET_RATE = 1000;
const LABEL = 44;
// Five customer fields and one custom attribute, as the issue asks; the footer link comes from M3.
const BODY = `<html><body>
<p>Hello {{ customer.first_name | default: "there" }} {{ customer.last_name }},</p>
<p>Our {{ customer.city }} store ({{ customer.postcode }}) has news for {{ customer.email }}.</p>
<p>As a {{ customer.custom_attributes.tier | default: "new" }} member you get early access.</p>
<p><a href="https://shop.example.com/news">Read more</a></p>
</body></html>`;

type Kind = 'sqlite' | 'postgres';
interface Target {
  kind: Kind;
  url: string;
  drop(): Promise<void>;
}

async function freshDatabase(kind: Kind, part: string): Promise<Target> {
  if (kind === 'sqlite') {
    const file = join(DIR, `${part}.db`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    return { kind, url: `sqlite:${file}`, drop: async () => {} };
  }
  const database = await throwawayDatabase(`bench_mailings_${part.replace(/\W/g, '_')}_${process.pid}`);
  return { kind, url: database.url, drop: database.drop };
}

const configOf = (target: Target) =>
  target.kind === 'sqlite' ? ({ kind: 'sqlite', filename: target.url.slice('sqlite:'.length) } as const) : ({ kind: 'postgres', connectionString: target.url } as const);

async function withDb<T>(target: Target, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const database = openDatabase(configOf(target));
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function rapport(target: Target, sink: Sink, env: Record<string, string> = {}): Promise<Served> {
  return serve('rapport', {
    DATABASE_URL: target.url,
    WORKER_ENABLED: 'true',
    SMTP_URL: `smtp://127.0.0.1:${sink.smtpPort}`,
    MAIL_FROM: 'news@shop.example.com',
    PUBLIC_URL: 'https://mail.shop.example.com',
    ...env,
  });
}

function api(server: Served, key: string) {
  const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${server.url}/apiv3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await response.json()) as { payload?: unknown };
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json.payload;
  };
}

// ---- the sink ----

interface SinkCounts {
  smtp_port: number;
  received: number;
  unique: number;
  duplicates: number;
  first_at: number | null;
  last_at: number | null;
}
interface Sink {
  served: Served;
  smtpPort: number;
  counts(): Promise<SinkCounts>;
  reset(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const served = await serve('smtp-sink', {});
  const counts = async () => (await (await fetch(served.url)).json()) as SinkCounts;
  const first = await counts();
  return { served, smtpPort: first.smtp_port, counts, reset: async () => void (await fetch(served.url, { method: 'POST' })).arrayBuffer() };
}

// ---- the data ----

/**
 * `users` customers (ids 1..users, service_uid `u-<id>`, every one with an e-mail, all in Spain),
 * with first and last names, city, postcode and the custom attribute `tier`; the event `signup`;
 * a segment of all of them; written straight into the database (the app's folded columns).
 */
async function customers(target: Target, users: number): Promise<{ key: string; segmentId: number }> {
  const database = openDatabase(configOf(target));
  try {
    const { accountId, key } = await benchAccount(database);
    const db = database.db;
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    // Created through the app in this process, so the definition is stored as the API stores it.
    const app = await buildApp({ config: loadConfig({ ...process.env, DATABASE_URL: target.url, LOG_LEVEL: 'warn', WORKER_ENABLED: 'false' }), database });
    const inject = async (url: string, body: unknown) => {
      const response = await app.inject({ method: 'POST', url: `/apiv3${url}`, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      if (response.statusCode >= 300) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
      const json = JSON.parse(response.body) as { payload?: Record<string, unknown> } & Record<string, unknown>;
      return json.payload ?? json;
    };
    await inject('/events', { name: 'signup' });
    await inject('/account/custom-attributes', {
      label: 'Tier',
      field_type: 'select',
      data_type: 'string',
      options: ['bronze', 'silver', 'gold'].map((value) => ({ value, text: value })),
    });
    const definition = await db.selectFrom('attribute_definitions').select('id').where('account_id', '=', accountId).where('name', '=', 'tier').executeTakeFirstOrThrow();
    const firsts = ['Inés', 'José', 'María', 'Juan', 'Lucía', 'Álvaro', 'Sofía', 'Martín'];
    const lasts = ['García', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Núñez', "O'Brien", 'Ibáñez'];
    const cities = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Córdoba', 'Bilbao'];
    const tiers = ['bronze', 'silver', 'gold'];
    const BATCH = 400;
    for (let start = 1; start <= users; start += BATCH) {
      const rows: Array<Record<string, unknown>> = [];
      const values: Array<Record<string, unknown>> = [];
      const items: unknown[] = [];
      for (let id = start; id < Math.min(users + 1, start + BATCH); id++) {
        const row = {
          service_uid: `u-${id}`,
          email: `u${id}@example.com`,
          first_name: firsts[id % firsts.length]!,
          last_name: lasts[(id >> 3) % lasts.length]!,
          city: cities[id % cities.length]!,
          postcode: String(10000 + (id % 40000)),
          country: 'ES',
          telephone: null,
          tags: '[]',
        };
        rows.push({ id, account_id: accountId, ...row, ...(foldedUserColumns(row) as Record<string, string | null>), createtime: now, updatetime: now });
        const value = JSON.stringify(tiers[id % 3]);
        values.push({ account_id: accountId, definition_id: Number(definition.id), record_id: id, value });
        items.push(...attributeItemRows(accountId, Number(definition.id), id, value));
      }
      await db.transaction().execute(async (t) => {
        await t.insertInto('users').values(rows as never).execute();
        await t.insertInto('attribute_values').values(values as never).execute();
        await t.insertInto('attribute_value_items').values(items as never).execute();
      });
    }
    if (target.kind === 'postgres') {
      // Ids were given: the sequence moves past them (POST /users must not collide), and statistics are fresh.
      await sql`select setval(pg_get_serial_sequence('users', 'id'), ${users})`.execute(db);
      await sql`analyze`.execute(db);
    }
    const segment = await inject('/segments', { title: 'Spain', definition: { all: [{ field: 'country', op: 'eq', value: 'ES' }] } });
    await app.close();
    return { key, segmentId: Number(segment.id) };
  } finally {
    await database.close();
  }
}

// ---- the light load ----

interface Light {
  requests: number;
  p99: number;
  failed: number;
}
const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

/** LIGHT_RATE requests a second of one route until stopped (latencies from each response). */
function lightLoad(server: Served, key: string, route: 'get' | 'post') {
  const latencies: number[] = [];
  const run = autocannon({
    url: route === 'get' ? `${server.url}/apiv3/users/42` : `${server.url}/apiv3/user-events`,
    method: route === 'get' ? 'GET' : 'POST',
    body: route === 'post' ? JSON.stringify({ event: 'signup', service_uid: 'u-42', metadata: { source: 'bench' } }) : undefined,
    connections: 5,
    overallRate: LIGHT_RATE,
    duration: 24 * 3600,
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
  });
  run.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  return async (): Promise<Light> => {
    run.stop();
    const result = await run;
    latencies.sort((a, b) => a - b);
    return { requests: latencies.length, p99: percentile(latencies, 99), failed: result.errors + result.non2xx };
  };
}

function bothLoads(server: Served, key: string) {
  const get = lightLoad(server, key, 'get');
  const post = lightLoad(server, key, 'post');
  return async () => ({ get: await get(), post: await post() });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
const load1 = () => loadavg()[0]!.toFixed(2);

async function newMailing(call: ReturnType<typeof api>, segmentId: number, name = 'Bench news'): Promise<number> {
  const mailing = await call('POST', '/mailings', {
    name,
    subject: 'News for {{ customer.first_name }} in {{ customer.city }}',
    preheader: 'Early access for {{ customer.custom_attributes.tier }} members',
    body: BODY,
    segment_id: segmentId,
  });
  return Number(mailing.id);
}

/** Waits until the mailing is `sent` (or `timeoutS` passed); its last answer. */
async function finished(call: ReturnType<typeof api>, id: number, timeoutS = 1800): Promise<any> {
  const until = Date.now() + timeoutS * 1000;
  let said = Date.now();
  for (;;) {
    // Load shedding (503) while the sender keeps the event loop busy is a figure of its own (the light
    // load counts it); the poll just asks again.
    const mailing = await call('GET', `/mailings/${id}`).catch((error: Error) => {
      if (/answered 503/.test(error.message)) return { status: 'shed' };
      throw error;
    });
    if (mailing.status === 'sent' || mailing.status === 'cancelled' || Date.now() > until) return mailing;
    if (VERBOSE && Date.now() - said > 5000) {
      said = Date.now();
      console.log(`  … ${mailing.status} ${JSON.stringify(mailing.stats ?? {})}`);
    }
    await sleep(250);
  }
}

interface SendFigures {
  recipients: number;
  freezeS: number;
  seconds: number;
  rate: number;
  rssGrowthMb: number;
  cpuMsPerMessage: number;
  idle: { get: Light; post: Light };
  busy: { get: Light; post: Light };
  sink: SinkCounts;
  stats: Record<string, number>;
}

/** One send of `users` recipients in a fresh database and a fresh server. */
async function oneSend(kind: Kind, users: number, profile: boolean): Promise<SendFigures> {
  const target = await freshDatabase(kind, `send-${users}`);
  const sink = await startSink();
  let server: Served | undefined;
  const profileDir = join(DIR, `profile-${kind}-${users}`);
  try {
    const { key, segmentId } = await customers(target, users);
    if (profile) {
      rmSync(profileDir, { recursive: true, force: true });
      process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
    }
    server = await rapport(target, sink);
    delete process.env.BENCH_NODE_ARGS;
    const call = api(server, key);
    // A warm process: a test send of the same mailing compiles its templates' path, and the light
    // load's routes run before they are measured.
    const id = await newMailing(call, segmentId);
    await call('POST', `/mailings/${id}/test`, { emails: ['warm@example.com'] });
    const warm = bothLoads(server, key);
    await sleep(2000);
    await warm();
    await sink.reset();
    const idleLoad = bothLoads(server, key);
    await sleep(IDLE_SECONDS * 1000);
    const idle = await idleLoad();
    const pid = server.child.pid!;
    const rssBefore = rssKb(pid);
    const peak = sampleRss(pid, 50);
    const busyLoad = bothLoads(server, key);
    const cpuBefore = cpuSeconds(pid);
    const began = Date.now();
    await call('POST', `/mailings/${id}/send`, {});
    const freezeS = (Date.now() - began) / 1000;
    const done = await finished(call, id);
    const cpu = cpuSeconds(pid) - cpuBefore;
    const rssPeak = peak();
    const busy = await busyLoad();
    const counts = await sink.counts();
    const seconds = ((counts.last_at ?? Date.now()) - began) / 1000;
    return {
      recipients: users,
      freezeS,
      seconds,
      rate: counts.received / seconds,
      rssGrowthMb: (rssPeak - rssBefore) / 1024,
      cpuMsPerMessage: (cpu * 1000) / Math.max(1, counts.received),
      idle,
      busy,
      sink: counts,
      stats: done.stats,
    };
  } finally {
    await server?.stop();
    await sink.served.stop();
    await target.drop();
    if (profile) {
      const files = readdirSync(profileDir, { withFileTypes: true }).filter((f) => f.isFile()).map((f) => join(profileDir, f.name));
      // The send's seconds only (LAST), not the start-up and the data's creation.
      spawnSync(process.execPath, ['--import', 'tsx', join('bench', 'lib', 'cpuprofile-summary.ts'), ...files], { stdio: 'inherit', env: { ...process.env, LAST: '0' } });
    }
  }
}

function lightLine(label: string, idle: Light, busy: Light): string {
  const ratio = busy.p99 / idle.p99;
  return (
    `${label.padEnd(LABEL)} idle p99 ${idle.p99.toFixed(1)} ms (${idle.requests}), sending p99 ${busy.p99.toFixed(1)} ms (${busy.requests}): ` +
    `${ratio.toFixed(2)}x (target <= 2x) ${verdict(ratio <= 2)}` +
    (idle.failed + busy.failed > 0 ? `  [${idle.failed + busy.failed} errors or non-2xx]` : '')
  );
}

async function sendPart(kind: Kind): Promise<number> {
  const small = await oneSend(kind, SMALL, false);
  console.log(`load average ${load1()}`);
  const large = await oneSend(kind, RECIPIENTS, PROFILE);
  for (const f of [small, large]) {
    console.log(
      `${`send to ${f.recipients} recipients`.padEnd(LABEL)} ${f.sink.received} received (${f.sink.unique} distinct, ${f.sink.duplicates} duplicates) in ${f.seconds.toFixed(1)} s ` +
        `(freeze ${f.freezeS.toFixed(2)} s): ${f.rate.toFixed(0)} msg/s (target >= ${TARGET_RATE}) ${verdict(f.rate >= TARGET_RATE && f.sink.unique === f.recipients)}; ` +
        `stats ${JSON.stringify(f.stats)}`,
    );
    // CPU time is what the machine's load changes least: the figure to compare between versions.
    console.log(`${'  Rapport CPU per message'.padEnd(LABEL)} ${f.cpuMsPerMessage.toFixed(2)} ms (the light load's requests included)`);
    console.log(lightLine(`  GET /users/{id}, ${LIGHT_RATE}/s`, f.idle.get, f.busy.get));
    console.log(lightLine(`  POST /user-events, ${LIGHT_RATE}/s`, f.idle.post, f.busy.post));
    console.log(`${'  RSS growth during the send'.padEnd(LABEL)} ${f.rssGrowthMb.toFixed(1)} MB (target < 50 MB) ${verdict(f.rssGrowthMb < 50)}`);
  }
  const apart = large.rssGrowthMb - small.rssGrowthMb;
  console.log(`${`RSS growth ${RECIPIENTS} vs ${SMALL}`.padEnd(LABEL)} ${apart.toFixed(1)} MB more (target <= 10 MB) ${verdict(apart <= 10)}; load average ${load1()}`);
  return large.rate;
}

async function crashPart(kind: Kind): Promise<void> {
  const target = await freshDatabase(kind, 'crash');
  const sink = await startSink();
  // A short lease: the rows the killed process held are claimable again soon after the restart.
  const env = { MAILING_LEASE_MS: '3000' };
  let server: Served | undefined;
  try {
    const { key, segmentId } = await customers(target, CRASH);
    server = await rapport(target, sink, env);
    let call = api(server, key);
    const id = await newMailing(call, segmentId);
    await call('POST', `/mailings/${id}/send`, {});
    while ((await sink.counts()).received < CRASH / 3) await sleep(20);
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server!.child.once('close', resolve));
    await sleep(300);
    const atKill = await sink.counts();
    const recorded = await withDb(target, async (db) =>
      Number((await sql<{ n: number | string }>`select count(*) as n from mailing_recipients where mailing_id = ${id} and status = 'sent'`.execute(db)).rows[0]!.n),
    );
    const inFlight = atKill.received - recorded;
    server = await rapport(target, sink, env);
    call = api(server, key);
    const done = await finished(call, id, 600);
    const end = await sink.counts();
    const skipped = CRASH - end.unique;
    console.log(
      `${'kill -9 after a third, restart'.padEnd(LABEL)} killed with ${atKill.received} received, ${recorded} recorded sent: ${inFlight} in flight; ` +
        `after the restart ${end.unique} of ${CRASH} received, ${skipped} skipped (target 0), ${end.duplicates} duplicates (target <= ${inFlight}) ` +
        `${verdict(skipped === 0 && end.duplicates <= inFlight && done.status === 'sent')}; status ${done.status}, stats ${JSON.stringify(done.stats)}`,
    );
  } finally {
    await server?.stop();
    await sink.served.stop();
    await target.drop();
  }
}

async function twoPart(oneRate: number | undefined): Promise<void> {
  const target = await freshDatabase('postgres', 'two');
  const sink = await startSink();
  const servers: Served[] = [];
  try {
    const { key, segmentId } = await customers(target, RECIPIENTS);
    servers.push(await rapport(target, sink), await rapport(target, sink));
    const call = api(servers[0]!, key);
    const id = await newMailing(call, segmentId);
    const cpuBefore = servers.map((s) => cpuSeconds(s.child.pid!));
    const began = Date.now();
    await call('POST', `/mailings/${id}/send`, {});
    const done = await finished(call, id);
    const counts = await sink.counts();
    const seconds = ((counts.last_at ?? Date.now()) - began) / 1000;
    const rate = counts.received / seconds;
    const cpu = servers.map((s, i) => (cpuSeconds(s.child.pid!) - cpuBefore[i]!).toFixed(1));
    console.log(
      `${'two processes, one mailing'.padEnd(LABEL)} ${counts.received} received (${counts.unique} distinct), ${counts.duplicates} duplicates (target 0) ` +
        `${verdict(counts.duplicates === 0 && counts.unique === RECIPIENTS)} in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} msg/s` +
        (oneRate ? `, ${(rate / oneRate).toFixed(2)}x one process` : '') +
        `; CPU s per process ${cpu.join(', ')}; status ${done.status}; load average ${load1()}`,
    );
  } finally {
    for (const s of servers) await s.stop();
    await sink.served.stop();
    await target.drop();
  }
}

/** CPU seconds (user + system) of a process so far, from /proc. */
function cpuSeconds(pid: number): number {
  const stat = spawnSync('cat', [`/proc/${pid}/stat`]).stdout.toString();
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function freezePart(kind: Kind): Promise<void> {
  const target = await freshDatabase(kind, 'freeze');
  const sink = await startSink();
  let server: Served | undefined;
  try {
    const database = openDatabase(configOf(target));
    let key: string;
    const built = performance.now();
    try {
      const account = await benchAccount(database);
      key = account.key;
      const anchor = new Date(Date.UTC(2026, 10, 1));
      const app = await buildApp({ config: loadConfig({ ...process.env, DATABASE_URL: target.url, LOG_LEVEL: 'warn', WORKER_ENABLED: 'false' }), database });
      await buildData({ kind, target: kind === 'sqlite' ? target.url.slice('sqlite:'.length) : target.url, accountId: account.accountId, scale: FREEZE_SCALE, anchor, app, key, log: () => {} });
      await app.close();
    } finally {
      await database.close();
    }
    console.log(`freeze data set (BENCH_FREEZE_SCALE=${FREEZE_SCALE}) built in ${((performance.now() - built) / 1000).toFixed(0)} s`);
    // The sender off: the freeze is POST /send's own work; nothing is sent.
    server = await rapport(target, sink, { WORKER_ENABLED: 'false' });
    const call = api(server, key);
    const segment = await call('POST', '/segments', { title: 'Everyone', definition: { all: [{ field: 'country', op: 'eq', value: 'ES' }] } });
    const id = await newMailing(call, Number(segment.id));
    const began = performance.now();
    await call('POST', `/mailings/${id}/send`, {});
    const seconds = (performance.now() - began) / 1000;
    const mailing = await call('GET', `/mailings/${id}`);
    console.log(
      `${'freeze (POST /send)'.padEnd(LABEL)} ${mailing.stats.recipients} recipients (${mailing.stats.suppressed} suppressed) in ${seconds.toFixed(2)} s ` +
        `(target <= 10 s) ${verdict(seconds <= 10)}; load average ${load1()}`,
    );
  } finally {
    await server?.stop();
    await sink.served.stop();
    await target.drop();
  }
}

mkdirSync(DIR, { recursive: true });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, node ${process.version}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`parts ${PARTS.join(', ')}; ${RECIPIENTS} and ${SMALL} recipients; light load ${LIGHT_RATE} req/s of each route; idle ${IDLE_SECONDS} s`);
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[];
for (const kind of wanted) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('\nPostgreSQL: not reachable (BENCH_DATABASE_URL), skipped');
    continue;
  }
  console.log(`\n${kind === 'sqlite' ? 'SQLite (WAL)' : 'PostgreSQL'}`);
  let rate: number | undefined;
  if (PARTS.includes('send')) rate = await sendPart(kind);
  if (PARTS.includes('crash')) await crashPart(kind);
  if (PARTS.includes('two') && kind === 'postgres') await twoPart(rate);
  if (PARTS.includes('freeze')) await freezePart(kind);
}
