// Bounded clients (O5): a sync connector as a new user runs one. A freshly started server (the
// sources through tsx, as `npm run dev` runs them: the slowest start), then WORKERS closed-loop
// workers each sending `POST /users` one after the other, TOTAL in all, started as soon as the
// server listens. O5: a client that keeps 64 or fewer requests open is never refused, so the count
// of 503s must be 0. Reports answers by status, throughput and the p50/p99 of answers.
// BENCH_WORKERS (default "16,64"), BENCH_TOTAL (default 2000), BENCH_DATABASES (default
// "sqlite,postgres"; PostgreSQL on BENCH_DATABASE_URL's server, a throwaway database per run),
// BENCH_ROOT: the checkout whose server runs (default this one; another checkout's sources, e.g. a
// baseline, for a before/after on the same machine). Loopback only; files under .bench/bounded-clients.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './lib/ports.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';

const ROOT = resolve(process.env.BENCH_ROOT ?? process.cwd());
const DIR = join(process.cwd(), '.bench', 'bounded-clients');
const WORKERS = (process.env.BENCH_WORKERS ?? '16,64').split(',').map(Number);
const TOTAL = Number(process.env.BENCH_TOTAL ?? 2000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const KEY = 'bounded-bench-key-0123456789';

async function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli.ts'), 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', BOOTSTRAP_API_KEY: KEY, WORKER_ENABLED: 'false' },
    stdio: ['ignore', process.env.BENCH_SERVER_OUTPUT ? 'inherit' : 'ignore', 'inherit'],
  });
  // The workers start at the first sign of life, as a connector started beside the server would:
  // the listening socket accepting a connection.
  for (let attempt = 0; attempt < 1200; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (up) return child;
    await new Promise((done) => setTimeout(done, 25));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 30 s');
}

async function run(base: string, workers: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const statuses = new Map<number | string, number>();
  const times: number[] = [];
  let next = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const prefix = randomBytes(4).toString('hex');
  const create = (n: number) =>
    new Promise<number>((done, fail) => {
      const body = JSON.stringify({ service_uid: `${prefix}-${n}`, points: 100 });
      const request = http.request(
        `${base}/apiv3/users`,
        { method: 'POST', agent, headers: { authorization: `Basic ${KEY}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode!));
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
      request.on('error', fail);
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < TOTAL) {
        const n = next++;
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const sent = performance.now();
        const status = await create(n).catch((error: Error) => error.message);
        inFlight -= 1;
        times.push(performance.now() - sent);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  const by = [...statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
  console.log(
    `  ${workers} workers: ${TOTAL} POST /users in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds)}/s), max in flight ${maxInFlight}; ` +
      `${by}; 503: ${statuses.get(503) ?? 0}; p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
  );
}

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
console.log(`bounded clients: fresh server from ${ROOT}, closed-loop workers creating customers from its first answer`);
for (const kind of DATABASES) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('postgres: skipped (no server at BENCH_DATABASE_URL)');
    continue;
  }
  console.log(kind);
  for (const workers of WORKERS) {
    const throwaway = kind === 'postgres' ? await throwawayDatabase(`bench_bounded_${randomBytes(4).toString('hex')}`) : undefined;
    const url = throwaway?.url ?? `sqlite:${join(DIR, `rapport-${workers}.db`)}`;
    const port = await freePort();
    const server = await startServer(port, url);
    try {
      await run(`http://127.0.0.1:${port}`, workers);
    } finally {
      server.kill('SIGKILL');
      await new Promise((done) => server.once('exit', done));
      await throwaway?.drop();
    }
  }
}
