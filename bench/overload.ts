// Overload: 2,000 clients, one keep-alive connection each, against one Rapport process (the compiled
// server, as `npm start` runs it) on SQLite, each sending its next request as soon as it has an
// answer. Two kinds of client, one run each: polite (a refused client waits Retry-After, as the
// platform's client does on 429) and hammer (it asks again at once: the worst case). Reports the
// latency of the requests that were served (p50/p99), the server's RSS, answers by status,
// connection errors, and whether every refusal carried Retry-After. Targets: p99 of
// served < 250 ms, RSS < 200 MB, every refusal a 429/503 with Retry-After, nothing dropped.
// Loopback only, bounded: BENCH_SECONDS (default 15) per kind; files under .bench/overload.
// First a burst (BENCH_BURST, default 500, requests at once on as many connections, BENCH_BURST_ROUNDS
// times): O5 says it is answered in full. BENCH_CONNECTIONS (default 2000), BENCH_RAMP_MS (default 0: all clients start at once; else spread over it), BENCH_CLIENT=burst|polite|hammer (one kind only). BENCH_CLIENT=refusals
// measures what a refusal costs the server: every request is refused (OVERLOAD_MAX_IN_FLIGHT=1 while
// the bench holds one request open), the clients hammer, and the server's CPU per answer is the cost. OVERLOAD_*,
// RATE_LIMIT_PER_MINUTE and DB_POOL_SIZE are passed on to the server, to try other settings;
// BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") goes to the server's node.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { freePort } from './lib/ports.js';

const ROOT = process.cwd();
const DIR = join(ROOT, '.bench', 'overload');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? 0);
const KEY = 'overload-bench-key-0123456789';
const MB = 1024 * 1024;

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/**
 * Connections waiting in the listening socket's accept queue (the kernel has completed their
 * handshake; the server has not accepted them yet): rx_queue of the LISTEN row in /proc/net/tcp.
 */
function acceptQueue(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[3] === '0A') return Number.parseInt(fields[4]!.split(':')[1]!, 16);
  }
  return 0;
}

function rss(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

async function startServer(port: number, settings: Record<string, string>): Promise<ChildProcess> {
  const passed = Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(OVERLOAD_|RATE_LIMIT_|DB_POOL_SIZE)/.test(name)));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join('dist', 'cli.js'), 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: `sqlite:${join(DIR, 'rapport.db')}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      BOOTSTRAP_API_KEY: KEY,
      WORKER_ENABLED: 'false',
      ...passed,
      ...settings,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 30 s');
}

type Mode = 'polite' | 'hammer' | 'refusals' | 'burst';
const MODES: Mode[] = process.env.BENCH_CLIENT ? [process.env.BENCH_CLIENT as Mode] : ['burst', 'polite', 'hammer'];
const BURST = Number(process.env.BENCH_BURST ?? 500);
const BURST_ROUNDS = Number(process.env.BENCH_BURST_ROUNDS ?? 5);

/**
 * Burst: BURST connections opened beforehand, then one write on each at once (a store's
 * import of new customers), BURST_ROUNDS times with a pause between. O5: a burst the server answers
 * within about a second is answered in full.
 */
async function burst(base: string, pid: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: BURST, maxFreeSockets: BURST });
  const ask = (method: string, path: string, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}${path}`, { method, agent, headers: { authorization: `Basic ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(body);
    });
  console.log(`burst: ${BURST} connections opened beforehand, then ${BURST} POST /users at once, ${BURST_ROUNDS} rounds`);
  await Promise.all(Array.from({ length: BURST }, () => ask('GET', '/health')));
  for (let round = 1; round <= BURST_ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const cpu = -cpuSeconds(pid);
    const started = performance.now();
    const statuses = new Map<string, number>();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        let status: string;
        try {
          status = String(await ask('POST', '/apiv3/users', JSON.stringify({ service_uid: `burst-${round}-${i}`, points: 10 })));
        } catch {
          status = 'error';
        }
        times.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
    times.sort((a, b) => a - b);
    const byStatus = [...statuses.entries()].sort().map(([status, count]) => `${status}: ${count}`).join(', ');
    const served = (statuses.get('201') ?? 0) === BURST;
    console.log(
      `  round ${round}: all answered in ${(times.at(-1)! / 1000).toFixed(2)} s (p50 ${percentile(times, 50).toFixed(0)} ms); ${byStatus}; server CPU ${(cpu + cpuSeconds(pid)).toFixed(2)} s; load ${loadAverage().toFixed(1)} — answered in full: ${served ? 'MET' : 'MISSED'}`,
    );
  }
  agent.destroy();
}

interface LoadResult {
  mode: Mode;
  statuses: Map<number, number>;
  served: number[];
  refused: number[];
  refusedWithoutRetryAfter: number;
  errors: number;
  rssBefore: number;
  rssPeak: number;
  /** Server CPU seconds used during the run. */
  cpu: number;
  /** CPU seconds this process (the load generator) used during the run. */
  clientCpu: number;
  /** The load generator's own event-loop delay, p99 in ms: latency it adds to every measurement. */
  clientDelayP99: number;
  /** Load average (1 min) at the start and the end. */
  load: [number, number];
  /** Most connections seen waiting to be accepted, and for how long any were (sampled every 100 ms). */
  acceptQueueMax: number;
  acceptQueueSeconds: number;
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/**
 * CONNECTIONS clients, one keep-alive connection each, for SECONDS. Each sends its next request as
 * soon as it has an answer; a refused one (429/503) first waits Retry-After when polite (what the
 * platform's client does on 429; on 503 it backs off exponentially), not at all when hammering.
 * Three reads of the user list or one user for one write of a new user.
 */
async function load(base: string, pid: number, mode: Mode): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const result: LoadResult = { mode, statuses: new Map(), served: [], refused: [], refusedWithoutRetryAfter: 0, errors: 0, rssBefore: rss(pid), rssPeak: 0, cpu: -cpuSeconds(pid), clientCpu: 0, clientDelayP99: 0, load: [loadAverage(), 0], acceptQueueMax: 0, acceptQueueSeconds: 0 };
  const clientCpuBefore = process.cpuUsage();
  const clientDelay = monitorEventLoopDelay({ resolution: 10 });
  clientDelay.enable();
  result.rssPeak = result.rssBefore;
  const port = Number(new URL(base).port);
  const sampler = setInterval(() => {
    result.rssPeak = Math.max(result.rssPeak, rss(pid));
    const waiting = acceptQueue(port);
    result.acceptQueueMax = Math.max(result.acceptQueueMax, waiting);
    if (waiting > 0) result.acceptQueueSeconds += 0.1;
  }, 100);
  const end = performance.now() + SECONDS * 1000;
  let written = 0;
  const send = (index: number) =>
    new Promise<{ status: number; retryAfter: number | undefined; ms: number }>((resolve, reject) => {
      const write = index % 4 === 3;
      const body = write ? JSON.stringify({ service_uid: `load-${mode}-${++written}` }) : undefined;
      const path = write ? '/apiv3/users' : index % 4 === 2 ? `/apiv3/users/${Buffer.from('seed-7').toString('base64')}` : '/apiv3/users?limit=25';
      const started = performance.now();
      const request = http.request(`${base}${path}`, { method: write ? 'POST' : 'GET', agent, headers: { authorization: `Basic ${KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) } }, (response) => {
        response.resume();
        response.on('end', () => {
          const header = response.headers['retry-after'];
          resolve({ status: response.statusCode!, retryAfter: header === undefined ? undefined : Number(header), ms: performance.now() - started });
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(body);
    });
  const client = async (id: number) => {
    // BENCH_RAMP_MS spreads the clients' start: the later ones connect to a server already busy.
    await new Promise((resolve) => setTimeout(resolve, (id * RAMP_MS) / CONNECTIONS));
    for (let index = id; performance.now() < end; index++) {
      try {
        const answer = await send(index);
        result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 429 || answer.status === 503) {
          result.refused.push(answer.ms);
          if (answer.retryAfter === undefined || !(answer.retryAfter > 0)) result.refusedWithoutRetryAfter += 1;
          if (mode === 'polite') await new Promise((resolve) => setTimeout(resolve, Math.min(end - performance.now(), (answer.retryAfter ?? 1) * 1000)));
        } else {
          result.served.push(answer.ms);
        }
      } catch {
        result.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, id) => client(id)));
  clearInterval(sampler);
  result.cpu += cpuSeconds(pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  result.clientCpu = (clientCpu.user + clientCpu.system) / 1e6;
  clientDelay.disable();
  result.clientDelayP99 = clientDelay.percentile(99) / 1e6;
  result.load[1] = loadAverage();
  agent.destroy();
  result.served.sort((a, b) => a - b);
  result.refused.sort((a, b) => a - b);
  return result;
}

function report(result: LoadResult): void {
  const total = [...result.statuses.values()].reduce((a, b) => a + b, 0);
  const byStatus = [...result.statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
  const otherErrors = [...result.statuses.entries()].filter(([status]) => status >= 500 && status !== 503).reduce((n, [, count]) => n + count, 0);
  const p99 = percentile(result.served, 99);
  const peakMb = result.rssPeak / MB;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  console.log(`${result.mode} clients (${result.mode === 'polite' ? 'a refused client waits Retry-After' : 'a refused client asks again at once'}): ${CONNECTIONS} connections, ${SECONDS} s`);
  console.log(`  answers: ${total} (${(total / SECONDS).toFixed(0)}/s) — ${byStatus}`);
  console.log(`  served: ${result.served.length} (${(result.served.length / SECONDS).toFixed(0)}/s), p50 ${percentile(result.served, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (target < 250) ${verdict(p99 < 250)}`);
  console.log(`  refused (429/503): ${result.refused.length}, p99 ${percentile(result.refused, 99).toFixed(0)} ms; without Retry-After: ${result.refusedWithoutRetryAfter} ${verdict(result.refusedWithoutRetryAfter === 0)}`);
  console.log(`  5xx other than 503: ${otherErrors}; connection errors and timeouts: ${result.errors} ${verdict(otherErrors + result.errors === 0)}`);
  console.log(`  accept queue: up to ${result.acceptQueueMax} connections waiting to be accepted; some waiting during ${result.acceptQueueSeconds.toFixed(1)} s of the run`);
  console.log(`  server RSS: ${(result.rssBefore / MB).toFixed(0)} MB before, peak ${peakMb.toFixed(0)} MB (target < 200) ${verdict(peakMb < 200)}`);
  // CPU per answer depends little on how busy the machine is; the latencies depend on it a lot.
  console.log(`  server CPU: ${result.cpu.toFixed(1)} s (${((100 * result.cpu) / SECONDS).toFixed(0)}% of a core), ${((1e6 * result.cpu) / Math.max(1, total)).toFixed(0)} µs per answer; load generator ${((100 * result.clientCpu) / SECONDS).toFixed(0)}% of a core (its event-loop delay p99 ${result.clientDelayP99.toFixed(0)} ms); load average ${result.load[0].toFixed(1)} → ${result.load[1].toFixed(1)}`);
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

if (!existsSync(join(ROOT, 'dist', 'cli.js'))) {
  console.error('dist/cli.js is missing: run npm run build first');
  process.exit(1);
}
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const refusalsOnly = MODES.includes('refusals');
const server = await startServer(port, refusalsOnly ? { OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_EVENT_LOOP_DELAY_MS: '0' } : {});
const headers = { authorization: `Basic ${KEY}`, 'content-type': 'application/json' };
const held: http.ClientRequest[] = [];
try {
  for (let i = 0; i < 200; i++) {
    const body = JSON.stringify({ service_uid: `seed-${i}`, email: `seed${i}@example.com` });
    // a busy machine may make even the seeding look like overload: wait as told and retry
    while ((await fetch(`${base}/apiv3/users`, { method: 'POST', headers, body })).status === 503) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Warm-up: every route compiled, caches filled.
  for (let i = 0; i < 50; i++) await fetch(`${base}/apiv3/users?limit=25`, { headers });
  console.log(`overload: SQLite, compiled server (node dist/cli.js serve), load from this process over loopback`);

  if (refusalsOnly) {
    // Ten requests in flight for the whole run (their bodies never end): with OVERLOAD_MAX_IN_FLIGHT=1,
    // every other one is refused (never while ten or fewer are in flight, O5).
    for (let i = 0; i < 10; i++) {
      const request = http.request(`${base}/apiv3/users`, { method: 'POST', agent: false, headers: { ...headers, 'content-length': '100' } });
      request.on('error', () => {});
      request.write('{"ser');
      held.push(request);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const results = [];
  for (const mode of MODES) {
    if (mode === 'burst') await burst(base, server.pid!);
    else results.push(await load(base, server.pid!, mode));
  }
  for (const result of results) report(result);
} finally {
  for (const request of held) request.destroy();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(DIR, { recursive: true, force: true });
}
