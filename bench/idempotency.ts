// D6: what an Idempotency-Key costs. POST /user-events with a fresh key on every request against the
// same requests without one, in the same run, side by side (target: keyed >= 0.8x unkeyed), and,
// for information, retries that all get the kept answer (one key for the whole run).
// SQLite (WAL), then PostgreSQL when it is reachable. Options:
//   BENCH_SECONDS=10       the length of each load run
//   BENCH_ROUNDS=2         interleaved rounds of each (without, with a key)
//   BENCH_DATABASES=sqlite|postgres   only one of them
// Loopback only; files under .bench/. Figures go to docs/benchmarks.md by hand.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database.js';
import { signupAccount } from './lib/bench-account.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { serve } from './lib/processes.js';

const DIR = join(process.cwd(), '.bench', 'idempotency');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const USERS = 1000;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

type Keying = 'none' | 'fresh' | 'same';

async function load(url: string, headers: Record<string, string>, body: string, keying: Keying): Promise<Load> {
  const sameKey = randomUUID();
  if (keying === 'same') {
    // Answered once first, so every request of the run is a retry that gets the kept answer.
    const first = await fetch(url, { method: 'POST', headers: { ...headers, 'idempotency-key': sameKey }, body });
    if (first.status !== 200) throw new Error(`first keyed request answered ${first.status}: ${await first.text()}`);
  }
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    body,
    headers: keying === 'same' ? { ...headers, 'idempotency-key': sameKey } : headers,
    ...(keying === 'fresh'
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...(request.headers as Record<string, string>), 'idempotency-key': randomUUID() } }) }] }
      : {}),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const prepare = (config: Parameters<typeof openDatabase>[0]) => signupAccount(config, USERS);

const mean = (loads: Load[], pick: (load: Load) => number) => loads.reduce((sum, l) => sum + pick(l), 0) / loads.length;

function line(label: string, loads: Load[]): string {
  const failed = loads.reduce((sum, l) => sum + l.errors + l.non2xx, 0);
  return (
    `${label.padEnd(28)} ${mean(loads, (l) => l.rps).toFixed(0).padStart(6)} req/s  p50 ${mean(loads, (l) => l.p50).toFixed(1)} ms  ` +
    `p99 ${mean(loads, (l) => l.p99).toFixed(1)} ms  (${loads.map((l) => l.rps.toFixed(0)).join(', ')})` +
    (failed > 0 ? `  [${failed} errors or non-2xx]` : '')
  );
}

async function run(label: string, databaseUrl: string, key: string): Promise<void> {
  const server = await serve('rapport', { DATABASE_URL: databaseUrl, WORKER_ENABLED: 'false' });
  try {
    const url = `${server.url}/apiv3/user-events`;
    const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ event: 'signup', service_uid: 'u-42', datetime: '2026-01-15 10:20:30', metadata: { plan: 'gold', source: 'bench' } });
    // Interleaved rounds, so drift of the machine or of the database's size weighs on both alike.
    const plain: Load[] = [];
    const keyed: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plain.push(await load(url, headers, body, 'none'));
      keyed.push(await load(url, headers, body, 'fresh'));
    }
    const replays = await load(url, headers, body, 'same');
    const ratio = mean(keyed, (l) => l.rps) / mean(plain, (l) => l.rps);
    console.log(`\n${label}`);
    console.log(line('POST /user-events, no key', plain));
    console.log(line('  with a fresh key each', keyed));
    console.log(`${''.padEnd(28)} ratio ${ratio.toFixed(2)} (target >= 0.8) ${ratio >= 0.8 ? 'MET' : 'MISSED'}`);
    console.log(line('  one key, all replayed', [replays]));
  } finally {
    await server.stop();
  }
}

mkdirSync(DIR, { recursive: true });
console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, node ${process.version}`);
console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds of each, interleaved`);
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');

if (wanted.includes('sqlite')) {
  const file = join(DIR, 'rapport.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  await run('SQLite (WAL)', `sqlite:${file}`, await prepare({ kind: 'sqlite', filename: file }));
}
if (wanted.includes('postgres')) {
  if (!(await postgresReachable())) console.log('\nPostgreSQL: not reachable (BENCH_DATABASE_URL), skipped');
  else {
    const database = await throwawayDatabase(`bench_idempotency_${process.pid}`);
    try {
      await run('PostgreSQL', database.url, await prepare({ kind: 'postgres', connectionString: database.url }));
    } finally {
      await database.drop();
    }
  }
}
