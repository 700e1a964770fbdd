// Creating customers (POST /users): this checkout against another (BENCH_BASELINE_DIR, default
// /work/baseline: main before a change), each round on a fresh database, in alternating order.
//
//   npm run bench -- users-create
//   BENCH_DATABASES=postgres|sqlite (both)   BENCH_ROUNDS (3)   BENCH_USERS (2000)   BENCH_WORKERS (16)
//   BENCH_WARMUP (0): creations sent (and a 2 s pause) before the measure, so that it leaves out
//   the start-up's work (the route schemas compiled after listen, the first statements prepared)
//
// Each run: a fresh database (PostgreSQL: a throwaway database; SQLite: a new file under .bench/)
// with one account, a fresh server process, then BENCH_WORKERS workers each sending POST /users
// one after the other (`points: 100`, a service_uid and a first name), BENCH_USERS in all. Load
// shedding is off in both servers (OVERLOAD_* = 0): this measures the write, not O5. Reported per
// run: creations a second, the server process's CPU per request (/proc, 10 ms ticks), failures.
// The machine may be shared: the rounds alternate which checkout goes first, and the medians of
// each side are compared.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { serve } from './lib/processes.js';

const BASELINE_DIR = process.env.BENCH_BASELINE_DIR ?? '/work/baseline';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 0);
const BOOTSTRAP_KEY = 'users-create-bench-key-0123456789';
const DBS = process.env.BENCH_DATABASES ? [process.env.BENCH_DATABASES] : ['postgres', 'sqlite'];

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Run {
  rps: number;
  cpuUsPerRequest: number;
  failed: number;
}

async function createDatabase(kind: string, tag: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'postgres') return throwawayDatabase(`bench_users_${tag}_${process.pid}`);
  const file = join(process.cwd(), '.bench', `users-create-${tag}-${process.pid}.sqlite`);
  rmSync(file, { force: true });
  const drop = async () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  };
  return { url: `sqlite:${file}`, drop };
}

async function run(kind: string, side: 'now' | 'baseline', round: number): Promise<Run> {
  const { url, drop } = await createDatabase(kind, `${side}_${round}`);
  try {
    // Each server migrates its own database and makes the account from BOOTSTRAP_API_KEY: a
    // baseline with fewer migrations cannot start on a database this checkout migrated.
    const key = BOOTSTRAP_KEY;
    const script = side === 'now' ? undefined : join(BASELINE_DIR, 'bench', 'servers', 'rapport.ts');
    const server = await serve('rapport', { DATABASE_URL: url, BOOTSTRAP_API_KEY: key, OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_IN_FLIGHT: '0', LOG_LEVEL: 'warn' }, script);
    try {
      const headers = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
      for (let i = 0; i < WARMUP; i++) {
        const body = JSON.stringify({ service_uid: `w-${i}`, first_name: `Warm ${i}`, points: 100 });
        await (await fetch(`${server.url}/apiv3/users`, { method: 'POST', headers, body })).arrayBuffer();
      }
      if (WARMUP > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
      let next = 0;
      let failed = 0;
      const cpuBefore = cpuMs(server.child.pid!);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (next < USERS) {
            const i = next++;
            const body = JSON.stringify({ service_uid: `c-${i}`, first_name: `Customer ${i}`, points: 100 });
            const response = await fetch(`${server.url}/apiv3/users`, { method: 'POST', headers, body });
            await response.arrayBuffer();
            if (response.status !== 201) failed += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpuUsPerRequest = ((cpuMs(server.child.pid!) - cpuBefore) * 1000) / USERS;
      return { rps: USERS / seconds, cpuUsPerRequest, failed };
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const kind of DBS) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('postgres: not reachable, skipped');
    continue;
  }
  const runs: Record<'now' | 'baseline', Run[]> = { now: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: Array<'now' | 'baseline'> = round % 2 === 0 ? ['baseline', 'now'] : ['now', 'baseline'];
    for (const side of order) {
      const result = await run(kind, side, round);
      runs[side].push(result);
      console.log(
        `${kind} round ${round + 1} ${side.padEnd(8)} ${result.rps.toFixed(0).padStart(5)} creations/s  ` +
          `${(result.cpuUsPerRequest / 1000).toFixed(2)} ms CPU/request  ${result.failed} failed`,
      );
    }
  }
  const rps = (side: 'now' | 'baseline') => median(runs[side].map((r) => r.rps));
  const cpu = (side: 'now' | 'baseline') => median(runs[side].map((r) => r.cpuUsPerRequest)) / 1000;
  console.log(
    `${kind}: median ${rps('now').toFixed(0)} vs ${rps('baseline').toFixed(0)} creations/s (×${(rps('now') / rps('baseline')).toFixed(2)}), ` +
      `CPU ${cpu('now').toFixed(2)} vs ${cpu('baseline').toFixed(2)} ms/request (×${(cpu('now') / cpu('baseline')).toFixed(2)}); ` +
      `${WORKERS} workers, ${USERS} creations, ${ROUNDS} rounds, ${WARMUP} warm-up`,
  );
}
