// Reads: Rapport's read routes against a same-work baseline, on SQLite and PostgreSQL.
//
//   npm run bench -- reads                     SQLite, then PostgreSQL when reachable
//   BENCH_DATABASES=sqlite|postgres            only one of them
//   BENCH_DATABASE_URL=postgres://…            the PostgreSQL server (default: the local
//                                              postgres://postgres@127.0.0.1:5432/test); a throwaway
//                                              database is created there and dropped
//   BENCH_SECONDS=5 BENCH_ROUNDS=3             length of each autocannon run, number of rounds
//   BENCH_WARMUP_SECONDS=5                     warm-up per route and server before the first round
//   BENCH_PART=ratios|paired|scaling           only the ratios, the paired CPU comparison, or only the
//                                              PostgreSQL scaling (default: ratios, then scaling)
//   BENCH_PAIRED_REQUESTS=15000                requests per side and route in a paired round
//   BENCH_PAIRED_SECONDS=8                     instead: load every server of a paired round for
//                                              this long (all loaded for the whole measurement)
//   BENCH_ROUTES=events,user-events-uid,…      only these routes (labels' keys below)
//   BENCH_REUSE=1                              keep the prepared database under .bench/reads and
//                                              reuse it next time (profiling iterations)
//   BENCH_BEFORE_DIR=/path/to/checkout         also run that checkout's Rapport (bench/servers/
//                                              rapport.ts) in every round: before/after figures
//                                              (paired: a third server on the same CPU, before ÷ now)
//
// The baseline (bench/servers/reads-baseline.ts) runs the same SQL as Rapport and answers the same
// bytes (checked before measuring, `time` aside), with only Fastify's router in front. Both servers
// run in their own processes on the same database, loopback, 50 connections; in every round each
// route is loaded on both, in alternating order, and the table shows the medians of the rounds.
// The paired part is the steadier judge of a few per cent (req/s of separate runs move by up to 1.4×
// here): in each round both servers start afresh on the same CPU (taskset), are warmed up, then
// every read route is loaded on both *at the same time*, and each server's CPU time per request is
// read from /proc; whatever else slows the machine slows both alike. Two identical baselines measured
// this way differ by 0-2 % per round, where separate runs differed by up to 23 %.
// On PostgreSQL the scaling part loads two Rapport processes (two ports, 25 connections each)
// against one (50 connections), rounds interleaved the same way.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { postgresReachable } from './lib/postgres.js';
import { type Kind, PRODUCTS, USERS, WRITER, prepareReads } from './lib/reads-data.js';
import { type Served, serve } from './lib/processes.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CONNECTIONS = 50;
const KEY_CACHE_MS = process.env.API_KEY_CACHE_MS ?? '1000';
const DIR = join(process.cwd(), '.bench', 'reads');
const REUSE = process.env.BENCH_REUSE === '1';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const some = (n: number) => 1 + Math.floor(Math.random() * n);

interface Route {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: () => string;
  body?: string;
  /** Rapport ÷ baseline to reach. */
  target: number;
}

const ROUTES: Route[] = [
  { key: 'events', label: 'GET /events', method: 'GET', path: () => '/apiv3/events', target: 0.9 },
  { key: 'user-events-uid', label: 'GET /user-events?service_uid=', method: 'GET', path: () => `/apiv3/user-events?service_uid=u-${some(USERS)}`, target: 0.9 },
  {
    key: 'user-events-range',
    label: 'GET /user-events?from&to',
    method: 'GET',
    path: () => `/apiv3/user-events?from=2025-01-0${some(3)}&to=2025-01-0${3 + some(1)}`,
    target: 0.9,
  },
  { key: 'user', label: 'GET /users/{id}', method: 'GET', path: () => `/apiv3/users/${some(USERS)}`, target: 0.9 },
  { key: 'purchases', label: 'GET /purchases?service_uid=', method: 'GET', path: () => `/apiv3/purchases?service_uid=u-${some(USERS)}`, target: 0.9 },
  { key: 'product', label: 'GET /products/{sku}', method: 'GET', path: () => `/apiv3/products/${b64(`P-${some(PRODUCTS) - 1}`)}`, target: 0.9 },
  {
    key: 'post-user-event',
    label: 'POST /user-events',
    method: 'POST',
    path: () => '/apiv3/user-events',
    body: JSON.stringify({ event: 'signup', service_uid: WRITER, datetime: '2026-06-01 10:00:00', metadata: { plan: 'gold', source: 'bench' } }),
    target: 1.0,
  },
];

interface Load {
  rps: number;
  p99: number;
  failed: number;
  /** CPU time of the server process per answered request (µs): steadier than req/s on a shared machine. */
  cpuUs: number;
}

/** User + system CPU time of a process so far, in ms (from /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function load(server: Served, route: Route, key: string, connections = CONNECTIONS): Promise<Load> {
  const cpuBefore = cpuMs(server.child.pid!);
  const result = await autocannon({
    url: `${server.url}${route.path()}`,
    connections,
    duration: SECONDS,
    method: route.method,
    body: route.body,
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, path: route.path() }) }],
  });
  const cpuUs = ((cpuMs(server.child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.non2xx, cpuUs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** The answer with what legitimately differs between two servers (handling time, a new row's id) blanked. */
function comparable(text: string): string {
  return text.replace(/"time":"\d+ms"/, '"time":"-"').replace(/^\{"payload":\{"id":\d+,/, '{"payload":{"id":0,');
}

/** Every route answers the same bytes on both servers, for a sample of its paths; throws otherwise. */
async function checkSameAnswers(routes: Route[], servers: Served[], key: string): Promise<void> {
  for (const route of routes) {
    for (let i = 0; i < (route.method === 'GET' ? 20 : 1); i += 1) {
      const path = route.path();
      const answers = await Promise.all(
        servers.map(async (server) => {
          const response = await fetch(`${server.url}${path}`, {
            method: route.method,
            headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
            body: route.body,
          });
          return { status: response.status, text: await response.text() };
        }),
      );
      const [first, ...rest] = answers;
      if (first!.status !== 200) throw new Error(`${route.method} ${path} answered ${first!.status}: ${first!.text.slice(0, 300)}`);
      for (const other of rest) {
        if (other.status !== first!.status || comparable(other.text) !== comparable(first!.text)) {
          throw new Error(`${route.method} ${path}: the servers answer differently:\n${first!.text.slice(0, 2000)}\n---\n${other.text.slice(0, 2000)}`);
        }
      }
    }
  }
}

async function prepared(kind: Kind): Promise<{ url: string; key: string; drop: () => Promise<void> }> {
  const saved = join(DIR, `${kind}.json`);
  if (REUSE && existsSync(saved)) return { ...(JSON.parse(readFileSync(saved, 'utf8')) as { url: string; key: string }), drop: async () => {} };
  const started = Date.now();
  // A run that does not reuse prepares its own file, leaving the one kept for BENCH_REUSE (and its key) alone.
  const data = await prepareReads(kind, join(DIR, REUSE ? 'reads.db' : 'reads-once.db'));
  console.log(`prepared the data set in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!REUSE) return data;
  writeFileSync(saved, JSON.stringify({ url: data.url, key: data.key }));
  return { ...data, drop: async () => {} };
}

const rapportEnv = (url: string) => ({
  DATABASE_URL: url,
  WORKER_ENABLED: 'false',
  RATE_LIMIT_PER_MINUTE: '0',
  // The event-loop signal of load shedding sheds at random on a machine shared with other work; the
  // in-flight cap (default 500, never reached at 50 connections) keeps the hook doing its work.
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  API_KEY_CACHE_MS: KEY_CACHE_MS,
  LOG_LEVEL: 'warn',
});

const fmt = (n: number) => n.toFixed(0).padStart(6);
const load1 = () => loadavg()[0]!.toFixed(2);

async function ratios(kind: Kind, url: string, key: string, routes: Route[]): Promise<void> {
  const rapport = await serve('rapport', rapportEnv(url));
  const baseline = await serve('reads-baseline', { DATABASE_URL: url, API_KEY_CACHE_MS: KEY_CACHE_MS });
  const beforeDir = process.env.BENCH_BEFORE_DIR;
  const before = beforeDir ? await serve('rapport', rapportEnv(url), join(beforeDir, 'bench', 'servers', 'rapport.ts')) : undefined;
  const sides: Array<{ name: string; server: Served }> = [
    { name: 'rapport', server: rapport },
    { name: 'baseline', server: baseline },
    ...(before ? [{ name: 'before', server: before }] : []),
  ];
  try {
    await checkSameAnswers(routes, sides.map((side) => side.server), key);
    console.log(`answers checked: the same bytes from ${sides.map((s) => s.name).join(', ')} for every route (time aside)`);
    // Warm-up, not counted: JIT, lazily compiled schemas, page cache. V8 goes on optimising for the
    // first 20,000-40,000 requests of a route (--trace-opt), so the warm-up is long enough for that.
    for (const route of routes) for (const side of sides) await autocannon({ url: `${side.server.url}${route.path()}`, connections: 10, duration: WARMUP_SECONDS, method: route.method, body: route.body, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' } });
    const results = new Map<string, Map<string, Load[]>>(routes.map((route) => [route.key, new Map(sides.map((side) => [side.name, []]))]));
    const loads: string[] = [];
    const lastCores = new Map<string, Record<string, number>>();
    for (let round = 0; round < ROUNDS; round += 1) {
      loads.push(load1());
      for (const route of routes) {
        // Alternate who goes first, so neither side always runs on a warmer (or busier) machine.
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) {
          const { value, cores } = await measured([side.server], () => load(side.server, route, key));
          results.get(route.key)!.get(side.name)!.push(value);
          lastCores.set(`${route.key} ${side.name}`, cores);
        }
      }
      console.log(`round ${round + 1}/${ROUNDS} done (load average at its start ${loads[round]})`);
    }
    loads.push(load1());
    const rss = sides.map((side) => `${side.name} ${rssMb(side.server.child.pid!).toFixed(0)} MB`).join(', ');

    console.log(`\n${kind}: medians of ${ROUNDS} rounds, ${SECONDS} s each, ${CONNECTIONS} connections; load average per round ${loads.join(' → ')}`);
    console.log(
      `${'route'.padEnd(32)} ${'rapport'.padStart(6)} req/s   p99 | ${'baseline'.padStart(6)} req/s   p99 | ratio  target` +
        (before ? ' | before req/s   p99  after/before' : ''),
    );
    for (const route of routes) {
      const of = (name: string) => results.get(route.key)!.get(name)!;
      const ours = of('rapport');
      const theirs = of('baseline');
      const rps = median(ours.map((l) => l.rps));
      const baseRps = median(theirs.map((l) => l.rps));
      const ratio = rps / baseRps;
      const failed = [...sides].reduce((sum, side) => sum + of(side.name).reduce((s, l) => s + l.failed, 0), 0);
      let line =
        `${route.label.padEnd(32)} ${fmt(rps)} ${String(median(ours.map((l) => l.p99))).padStart(5)} ms | ${fmt(baseRps)} ${String(median(theirs.map((l) => l.p99))).padStart(5)} ms | ` +
        `${ratio.toFixed(2)}  >= ${route.target.toFixed(1)} ${ratio >= route.target ? 'MET' : 'MISSED'}`;
      if (before) {
        const old = of('before');
        const oldRps = median(old.map((l) => l.rps));
        line += ` | ${fmt(oldRps)} ${String(median(old.map((l) => l.p99))).padStart(5)} ms  ${(rps / oldRps).toFixed(2)}`;
      }
      if (failed > 0) line += `  [${failed} errors or non-2xx]`;
      console.log(line);
      const cpu = (loads: Load[]) => median(loads.map((l) => l.cpuUs));
      console.log(
        `${''.padEnd(32)} CPU per request: rapport ${cpu(ours).toFixed(0)} µs, baseline ${cpu(theirs).toFixed(0)} µs (baseline ÷ rapport ${(cpu(theirs) / cpu(ours)).toFixed(2)})` +
          (before ? `, before ${cpu(of('before')).toFixed(0)} µs` : '') +
          `; rounds req/s: rapport ${ours.map((l) => l.rps.toFixed(0)).join('/')}, baseline ${theirs.map((l) => l.rps.toFixed(0)).join('/')}` +
          (before ? `, before ${of('before').map((l) => l.rps.toFixed(0)).join('/')}` : ''),
      );
      console.log(`${''.padEnd(32)} CPU in cores, last round: Rapport's run: ${describeCores(lastCores.get(`${route.key} rapport`)!)}`);
    }
    console.log(`RSS at the end of the run: ${rss}`);
  } finally {
    for (const side of sides) await side.server.stop();
  }
}

const PAIRED_REQUESTS = Number(process.env.BENCH_PAIRED_REQUESTS ?? 15_000);
/** When set, each paired measurement loads every server for this many seconds instead of a count of requests. */
const PAIRED_SECONDS = Number(process.env.BENCH_PAIRED_SECONDS ?? 0);

/** `amount` requests at 50 connections; the server's CPU time per answered request (µs). */
async function cpuPerRequest(server: Served, route: Route, key: string, amount: number): Promise<number> {
  const before = cpuMs(server.child.pid!);
  const result = await autocannon({
    url: `${server.url}${route.path()}`,
    connections: CONNECTIONS,
    ...(PAIRED_SECONDS > 0 ? { duration: PAIRED_SECONDS } : { amount }),
    method: route.method,
    headers: { authorization: `Basic ${key}` },
    requests: [{ setupRequest: (request) => ({ ...request, path: route.path() }) }],
  });
  if (result.errors + result.non2xx > 0) throw new Error(`${route.label}: ${result.errors + result.non2xx} errors or non-2xx answers`);
  return ((cpuMs(server.child.pid!) - before) * 1000) / Math.max(1, result.requests.total);
}

/** Rapport and the baseline on one CPU, loaded at the same time: baseline ÷ Rapport CPU per request. */
async function paired(kind: Kind, url: string, key: string, routes: Route[]): Promise<void> {
  const reads = routes.filter((route) => route.method === 'GET');
  const pinned = cpus().length > 1 && spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]).status === 0;
  const cpu = pinned ? 1 : undefined;
  const perRoute = new Map<string, Array<{ rapport: number; baseline: number; before?: number }>>(reads.map((route) => [route.key, []]));
  const beforeDir = process.env.BENCH_BEFORE_DIR;
  const loads: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(load1());
    const rapport = await serve('rapport', rapportEnv(url), undefined, cpu);
    const baseline = await serve('reads-baseline', { DATABASE_URL: url, API_KEY_CACHE_MS: KEY_CACHE_MS }, undefined, cpu);
    const before = beforeDir ? await serve('rapport', rapportEnv(url), join(beforeDir, 'bench', 'servers', 'rapport.ts'), cpu) : undefined;
    const servers = before ? [rapport, baseline, before] : [rapport, baseline];
    try {
      if (round === 0) await checkSameAnswers(reads, servers, key);
      for (const route of reads) for (const server of servers) await cpuPerRequest(server, route, key, PAIRED_REQUESTS);
      for (const route of reads) {
        const [ours, theirs, earlier] = await Promise.all(servers.map((server) => cpuPerRequest(server, route, key, PAIRED_REQUESTS)));
        perRoute.get(route.key)!.push({ rapport: ours!, baseline: theirs!, before: earlier });
      }
    } finally {
      for (const server of servers) await server.stop();
    }
    console.log(`paired round ${round + 1}/${ROUNDS} done (load average at its start ${loads[round]})`);
  }
  loads.push(load1());
  console.log(
    `\n${kind}, paired: both servers ${pinned ? 'on CPU 1' : 'unpinned (no taskset)'}, loaded at the same time (${CONNECTIONS} connections each, ` +
      `${PAIRED_REQUESTS} requests per route and side after as many to warm up), fresh processes every round; ${ROUNDS} rounds; load average ${loads.join(' → ')}`,
  );
  for (const route of reads) {
    const rounds = perRoute.get(route.key)!;
    const ratios = rounds.map((r) => r.baseline / r.rapport);
    const ratio = median(ratios);
    console.log(
      `${route.label.padEnd(32)} CPU per request baseline ÷ Rapport: ${ratio.toFixed(2)} >= ${route.target.toFixed(1)} ${ratio >= route.target ? 'MET' : 'MISSED'} ` +
        `(rounds ${ratios.map((r) => r.toFixed(3)).join(' ')}; µs Rapport ${median(rounds.map((r) => r.rapport)).toFixed(0)}, baseline ${median(rounds.map((r) => r.baseline)).toFixed(0)})`,
    );
    if (beforeDir) {
      const gains = rounds.map((r) => r.before! / r.rapport);
      console.log(`${''.padEnd(32)} CPU per request before ÷ now: ${median(gains).toFixed(3)} (rounds ${gains.map((r) => r.toFixed(3)).join(' ')})`);
    }
  }
}

/** The database a DATABASE_URL names on PostgreSQL (its server processes show it), else undefined. */
let benchDatabase: string | undefined;

/**
 * CPU seconds used so far: the whole machine (busy and total), the PostgreSQL server processes
 * serving the bench's database (other work on the machine may use PostgreSQL too), this process.
 */
function cpuCensus(): { busy: number; total: number; postgres: Map<string, number>; generator: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.slice(0, 8).reduce((sum, t) => sum + t, 0);
  const postgres = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!benchDatabase || !/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${benchDatabase} `)) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      postgres.set(entry, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  const own = process.cpuUsage();
  return { busy: (total - idle) / 100, total: total / 100, postgres, generator: (own.user + own.system) / 1e6 };
}

/** Where the CPU went during `run`, in cores (CPU seconds per second): what limits a run. */
async function measured<T>(servers: Served[], run: () => Promise<T>): Promise<{ value: T; cores: Record<string, number> }> {
  const started = performance.now();
  const before = cpuCensus();
  const serversBefore = servers.map((server) => cpuMs(server.child.pid!));
  const value = await run();
  const after = cpuCensus();
  const seconds = (performance.now() - started) / 1000;
  const rapport = servers.reduce((sum, server, i) => sum + cpuMs(server.child.pid!) - serversBefore[i]!, 0) / 1000;
  return {
    value,
    cores: {
      rapport: rapport / seconds,
      // per server process: connections that closed meanwhile (idle ones of another server's pool) drop out
      postgres: [...after.postgres].reduce((sum, [pid, used]) => sum + used - (before.postgres.get(pid) ?? 0), 0) / seconds,
      generator: (after.generator - before.generator) / seconds,
      machine: (after.busy - before.busy) / seconds,
    },
  };
}

const describeCores = (cores: Record<string, number>) =>
  `server ${cores.rapport!.toFixed(2)}, PostgreSQL for it ${cores.postgres!.toFixed(2)}, load generator ${cores.generator!.toFixed(2)}, whole machine ${cores.machine!.toFixed(2)} of ${cpus().length}`;

async function scaling(url: string, key: string, routes: Route[]): Promise<void> {
  const reads = routes.filter((route) => route.method === 'GET');
  const one = await serve('rapport', rapportEnv(url));
  const two = await serve('rapport', rapportEnv(url));
  try {
    for (const route of reads) for (const server of [one, two]) await load(server, route, key, 10);
    const single = new Map<string, number[]>(reads.map((route) => [route.key, []]));
    const pair = new Map<string, number[]>(reads.map((route) => [route.key, []]));
    const cores = new Map<string, { one: Record<string, number>; two: Record<string, number> }>();
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      loads.push(load1());
      for (const route of reads) {
        const runOne = async () => {
          const { value, cores: used } = await measured([one], () => load(one, route, key));
          single.get(route.key)!.push(value.rps);
          cores.set(route.key, { ...cores.get(route.key)!, one: used });
        };
        const runTwo = async () => {
          const { value, cores: used } = await measured([one, two], () =>
            Promise.all([load(one, route, key, CONNECTIONS / 2), load(two, route, key, CONNECTIONS / 2)]),
          );
          pair.get(route.key)!.push(value[0].rps + value[1].rps);
          cores.set(route.key, { ...cores.get(route.key)!, two: used });
        };
        if (round % 2 === 0) await runOne().then(runTwo);
        else await runTwo().then(runOne);
      }
    }
    loads.push(load1());
    console.log(`\npostgres scaling: two Rapport processes (two ports, ${CONNECTIONS / 2} connections each) against one (${CONNECTIONS}); medians of ${ROUNDS} rounds; load average per round ${loads.join(' → ')}`);
    for (const route of reads) {
      const a = median(single.get(route.key)!);
      const b = median(pair.get(route.key)!);
      console.log(`${route.label.padEnd(32)} one ${fmt(a)} req/s | two ${fmt(b)} req/s | ×${(b / a).toFixed(2)} (target >= 1.6) ${b / a >= 1.6 ? 'MET' : 'MISSED'}`);
      const used = cores.get(route.key)!;
      console.log(`${''.padEnd(32)} CPU in cores, last round: one process: ${describeCores(used.one)}; two: ${describeCores(used.two)}`);
    }
  } finally {
    await one.stop();
    await two.stop();
  }
}

mkdirSync(DIR, { recursive: true });
const wantedRoutes = process.env.BENCH_ROUTES?.split(',');
const routes = wantedRoutes ? ROUTES.filter((route) => wantedRoutes.includes(route.key)) : ROUTES;
const part = process.env.BENCH_PART;
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM, node ${process.version}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`API_KEY_CACHE_MS=${KEY_CACHE_MS} on both sides; ${ROUNDS} rounds of ${SECONDS} s per route and side`);
for (const kind of (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[]) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped');
    continue;
  }
  console.log(`\n== ${kind === 'sqlite' ? 'SQLite (WAL, one file on local disk)' : 'PostgreSQL (local server, throwaway database)'} ==`);
  const { url, key, drop } = await prepared(kind);
  benchDatabase = kind === 'postgres' ? new URL(url).pathname.slice(1) : undefined;
  try {
    if (part === 'paired') await paired(kind, url, key, routes);
    else if (part !== 'scaling') await ratios(kind, url, key, routes);
    if (kind === 'postgres' && (part === undefined || part === 'scaling')) await scaling(url, key, routes);
  } finally {
    await drop();
  }
}
