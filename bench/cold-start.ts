// Cold start: time from spawning the server process to its first 200 from GET /health, on SQLite.
// Variants, taken in turn within each run so that the machine's load falls on all of them alike:
// - built: `node dist/cli.js serve`, what `npm start` runs (the esbuild bundle with its V8 code cache);
// - built, no code cache: the same bundle without its cache file (a copy of dist/ without it);
// - per-file: src/ compiled file by file by tsc, as the build did before the bundle;
// - sources: through tsx, as `npm run dev`;
// - built, without NODE_EXTRA_CA_CERTS, when the environment sets it;
// - baseline (optional): COLD_START_BASELINE=<a checkout with a built dist/> runs its node dist/cli.js.
// Two cases each: a restart on an existing database, and the very first start (empty file:
// migrations and the first account). Target: restart <= 0.5 s. Reported per case: wall
// time (median, min, max) and the CPU time the server used by its first answer (median), which
// depends much less on the other load of a shared machine; and the load average.
// Loopback only; files under .bench/cold-start. BENCH_RUNS (default 7) runs per case and variant.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './lib/ports.js';

const ROOT = process.cwd();
const DIR = join(ROOT, '.bench', 'cold-start');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
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

interface Variant {
  label: string;
  command: string[];
  cwd: string;
  /** The environment, when not this process's own. */
  env?: NodeJS.ProcessEnv;
}

interface Start {
  wallMs: number;
  cpuMs: number;
}

/** From spawn to the first 200 of /health: wall and CPU time; the server is then stopped with SIGTERM. */
async function coldStart({ command, cwd, env }: Variant, database: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd,
    env: { ...(env ?? process.env), DATABASE_URL: `sqlite:${database}`, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', BOOTSTRAP_API_KEY: KEY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = started + 60_000;
  try {
    for (;;) {
      if (await healthy(port)) return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid!) };
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() > deadline) throw new Error('no answer from /health within 60 s');
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
    `CPU median ${median(starts.map((s) => s.cpuMs)).toFixed(0)} ms`
  );
}

/** A directory laid out like the checkout (dist/ beside package.json, node_modules, packages/). */
function tree(name: string): string {
  const dir = join(DIR, name);
  mkdirSync(join(dir, 'dist'), { recursive: true });
  for (const entry of ['package.json', 'node_modules', 'packages']) symlinkSync(join(ROOT, entry), join(dir, entry));
  return dir;
}


if (!existsSync(join(ROOT, 'dist', 'cli.js'))) {
  console.error('dist/cli.js is missing: run npm run build first');
  process.exit(1);
}
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });

// The build without its code cache: every file of dist/ but the cache.
const noCache = tree('no-code-cache');
for (const file of readdirSync(join(ROOT, 'dist'))) {
  if (!file.endsWith('.v8cache')) copyFileSync(join(ROOT, 'dist', file), join(noCache, 'dist', file));
}
// The per-file build, as before the bundle: tsc, src/ to dist/ file by file.
const perFile = tree('per-file');
writeFileSync(
  join(perFile, 'tsconfig.json'),
  JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), compilerOptions: { noEmit: false, rootDir: join(ROOT, 'src'), outDir: join(perFile, 'dist') }, include: [join(ROOT, 'src')] }),
);
execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(perFile, 'tsconfig.json')], { stdio: 'inherit' });

const variants: Variant[] = [
  { label: 'built (node dist/cli.js serve, as npm start: bundle + code cache)', command: [join('dist', 'cli.js'), 'serve'], cwd: ROOT },
  { label: 'built, without its code cache', command: [join(noCache, 'dist', 'cli.js'), 'serve'], cwd: ROOT },
  { label: 'per-file tsc build (how dist/ was built before)', command: [join(perFile, 'dist', 'cli.js'), 'serve'], cwd: ROOT },
  { label: 'sources (node --import tsx src/cli.ts serve)', command: ['--import', 'tsx', join('src', 'cli.ts'), 'serve'], cwd: ROOT },
];
// A machine that sets NODE_EXTRA_CA_CERTS (this one does, for its proxy) makes Node read and parse
// those certificates before it runs any code: its own start, shown apart.
if (process.env.NODE_EXTRA_CA_CERTS) {
  const { NODE_EXTRA_CA_CERTS: _certificates, ...env } = process.env;
  variants.splice(1, 0, { ...variants[0]!, label: 'built, without the NODE_EXTRA_CA_CERTS this machine sets', env });
}
const baseline = process.env.COLD_START_BASELINE;
if (baseline) {
  variants.push({ label: `baseline (${baseline}: node dist/cli.js serve)`, command: [join(resolve(baseline), 'dist', 'cli.js'), 'serve'], cwd: resolve(baseline) });
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
console.log(`cold start to the first GET /health answer, SQLite, ${RUNS} runs per case (target: restart <= 500 ms)`);
console.log(`load average at the start: ${load()}`);
const results = variants.map(() => ({ first: [] as Start[], restart: [] as Start[] }));
for (let run = 0; run < RUNS; run++) {
  for (const [index, variant] of variants.entries()) {
    const database = join(DIR, `${index}-${run}.db`);
    results[index]!.first.push(await coldStart(variant, database));
    results[index]!.restart.push(await coldStart(variant, database));
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  }
}
for (const [index, { label }] of variants.entries()) {
  const { first, restart } = results[index]!;
  const met = median(restart.map((s) => s.wallMs)) <= 500 ? 'MET' : 'MISSED';
  console.log(`${label}\n  restart (existing database): ${summary(restart)} ${met}\n  first start (empty database): ${summary(first)}`);
}
console.log(`load average at the end: ${load()}`);
rmSync(DIR, { recursive: true, force: true });
