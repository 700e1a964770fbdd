// Cold start: time from spawning the server process to its first 200 from GET /health, on SQLite.
// Runs the compiled server as `npm start` does (node dist/cli.js serve) and, for comparison, the
// sources through tsx. Two cases each: a restart on an existing database, and the very first start
// (empty file: migrations and the first account). Target (issue 9): restart <= 0.5 s.
// Loopback only; files under .bench/cold-start. BENCH_RUNS (default 10) runs per case.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './lib/ports.js';

const ROOT = process.cwd();
const DIR = join(ROOT, '.bench', 'cold-start');
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const KEY = 'cold-start-bench-key-0123456789';

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * CPU time (user + system) the process has used so far, from /proc (10 ms ticks): on a shared
 * machine the wall time depends on the other load, the CPU time much less.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Start {
  wallMs: number;
  cpuMs: number;
}

/** From spawn to the first 200 of /health: wall and CPU time; the server is then stopped with SIGTERM. */
async function coldStart(command: string[], database: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `sqlite:${database}`, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', BOOTSTRAP_API_KEY: KEY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = started + 30_000;
  try {
    for (;;) {
      if (await healthy(port)) return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid!) };
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() > deadline) throw new Error('no answer from /health within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(starts: Start[]): string {
  const wall = starts.map((s) => s.wallMs).sort((a, b) => a - b);
  return (
    `wall median ${median(wall).toFixed(0)} ms (min ${wall[0]!.toFixed(0)}, max ${wall.at(-1)!.toFixed(0)}), ` +
    `CPU median ${median(starts.map((s) => s.cpuMs)).toFixed(0)} ms, ${starts.length} runs`
  );
}

const variants: Array<{ label: string; command: string[] }> = [
  { label: 'compiled (node dist/cli.js serve)', command: [join('dist', 'cli.js'), 'serve'] },
  { label: 'sources (node --import tsx src/cli.ts serve)', command: ['--import', 'tsx', join('src', 'cli.ts'), 'serve'] },
];
if (!existsSync(join(ROOT, 'dist', 'cli.js'))) {
  console.error('dist/cli.js is missing: run npm run build first');
  process.exit(1);
}

rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });
console.log(`cold start to the first GET /health answer, SQLite, ${RUNS} runs per case (target: restart <= 500 ms)`);
for (const { label, command } of variants) {
  const first: Start[] = [];
  const restart: Start[] = [];
  for (let run = 0; run < RUNS; run++) {
    const database = join(DIR, `first-${run}.db`);
    first.push(await coldStart(command, database));
    restart.push(await coldStart(command, database));
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  }
  const met = median(restart.map((s) => s.wallMs)) <= 500 ? 'MET' : 'MISSED';
  console.log(`${label}\n  restart (existing database): ${summary(restart)} ${met}\n  first start (empty database): ${summary(first)}`);
}
rmSync(DIR, { recursive: true, force: true });
