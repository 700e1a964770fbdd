// Issue 33's target: a burst of 50 console sign-ins at once (every one a real scrypt check, off the
// event loop) keeps the other requests' p99 during it within 2x idle. SQLite; side by side, one
// server process with PASSWORD_HASH_CONCURRENCY at its default (cores - 1) and one at one hash per
// core, bursts taking turns.
//
//   npm run bench -- sign-in-burst
//   BENCH_ROUNDS=5          bursts of each setting, each after an idle window of the same light load
//   BENCH_IDLE_SECONDS=5    the idle window before each burst
//
// The light load: GET /apiv3/users/{id} with the API key at LIGHT_RATE a second, at fixed times
// (a request is sent on time even when the previous one has not answered, so a stall shows in the
// latencies instead of slowing the load). Idle p99: the light requests sent in the idle windows;
// during: those sent from a burst's start until its last sign-in answered. Loopback only; files
// under .bench/; figures go to docs/benchmarks.md by hand, with the load average.
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/db/database.js';
import { hashPassword } from '../src/lib/passwords.js';
import { formatDateTime } from '../src/lib/time.js';
import { benchAccount } from './lib/bench-account.js';
import { serve } from './lib/processes.js';

const DIR = join(process.cwd(), '.bench', 'sign-in-burst');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const PEOPLE = 50;
const CUSTOMERS = 1000;
const LIGHT_RATE = 50;
const PASSWORD = 'bench sign-in password';
const TARGET_RATIO = 2;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  sentAt: number;
  ms: number;
  status: number;
}

/** The database: one account, its customers and 50 people with one password (hashed once: each sign-in checks it). */
async function seed(filename: string): Promise<string> {
  const database = openDatabase({ kind: 'sqlite', filename });
  try {
    const { accountId, key } = await benchAccount(database);
    const now = formatDateTime(new Date());
    const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({ account_id: accountId, service_uid: `c-${i + 1}`, email: `c${i + 1}@example.com`, createtime: now, updatetime: now }));
    for (let i = 0; i < customers.length; i += 200) await database.db.insertInto('users').values(customers.slice(i, i + 200)).execute();
    const hash = await hashPassword(PASSWORD);
    const people = Array.from({ length: PEOPLE }, (_, i) => ({ account_id: accountId, email: `person${i + 1}@example.com`, role: 'editor', password_hash: hash, created_at: now }));
    await database.db.insertInto('people').values(people).execute();
    return key;
  } finally {
    await database.close();
  }
}

/** Sends the light load until `stop()`; answers every sample. */
function lightLoad(url: string, key: string): { samples: Sample[]; stop(): Promise<void> } {
  const samples: Sample[] = [];
  const pending = new Set<Promise<void>>();
  let running = true;
  const one = async () => {
    const sentAt = performance.now();
    const id = 1 + Math.floor(Math.random() * CUSTOMERS);
    const response = await fetch(`${url}/apiv3/users/${id}`, { headers: { Authorization: `Basic ${key}`, Accept: 'application/json' } });
    await response.arrayBuffer();
    samples.push({ sentAt, ms: performance.now() - sentAt, status: response.status });
  };
  const loop = (async () => {
    const interval = 1000 / LIGHT_RATE;
    let next = performance.now();
    while (running) {
      const request = one().catch(() => {});
      pending.add(request);
      void request.then(() => pending.delete(request));
      next += interval;
      await sleep(Math.max(0, next - performance.now()));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      await Promise.all(pending);
    },
  };
}

async function signIn(url: string, n: number): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/console/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Rapport-Console': '1' },
    body: JSON.stringify({ email: `person${n}@example.com`, password: PASSWORD }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

interface Setting {
  label: string;
  concurrency: number;
  url: string;
  key: string;
  stop(): Promise<void>;
  idle: number[];
  during: number[];
  rows: string[];
}

async function round(setting: Setting, n: number): Promise<void> {
  const load = lightLoad(setting.url, setting.key);
  try {
    await sleep(1000); // the load settles, not counted
    const idleFrom = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    const burstFrom = performance.now();
    const answers = await Promise.all(Array.from({ length: PEOPLE }, (_, i) => signIn(setting.url, i + 1)));
    const burstTo = performance.now();
    await sleep(500); // the light requests sent during the burst answer
    const idleRound = load.samples.filter((s) => s.sentAt >= idleFrom && s.sentAt < burstFrom).map((s) => s.ms);
    const duringRound = load.samples.filter((s) => s.sentAt >= burstFrom && s.sentAt <= burstTo).map((s) => s.ms);
    setting.idle.push(...idleRound);
    setting.during.push(...duringRound);
    const notOk = answers.filter((a) => a.status !== 200).length + load.samples.filter((s) => s.status !== 200).length;
    const signIns = answers.map((a) => a.ms);
    setting.rows.push(
      `| ${setting.label} | ${n} | ${(burstTo - burstFrom).toFixed(0)} ms | ${percentile(signIns, 50).toFixed(0)} / ${percentile(signIns, 99).toFixed(0)} ms | ${notOk} | ${percentile(idleRound, 99).toFixed(1)} ms | ${percentile(duringRound, 99).toFixed(1)} ms (${duringRound.length}) |`,
    );
  } finally {
    await load.stop();
  }
}

async function main(): Promise<void> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const cores = cpus().length;
  // Side by side: the default (one core left to the rest) and one hash per core (the setting before).
  const settings: Setting[] = [];
  for (const concurrency of [Math.max(1, cores - 1), cores]) {
    const filename = join(DIR, `rapport-${concurrency}.db`);
    const key = await seed(filename);
    const server = await serve('rapport', { DATABASE_URL: `sqlite:${filename}`, PASSWORD_HASH_CONCURRENCY: String(concurrency), RATE_LIMIT_PER_MINUTE: '0' });
    settings.push({ label: `${concurrency} at once`, concurrency, url: server.url, key, stop: server.stop, idle: [], during: [], rows: [] });
  }
  console.log(`sign-in burst: ${PEOPLE} sign-ins at once, light load ${LIGHT_RATE}/s, ${ROUNDS} rounds each; ${cores} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  try {
    for (let n = 1; n <= ROUNDS; n += 1) for (const setting of settings) await round(setting, n);
  } finally {
    for (const setting of settings) await setting.stop();
  }
  console.log('\n| hashes | round | burst took | sign-in p50 / p99 | not 200 | light p99 idle | light p99 during (requests) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const setting of settings) for (const row of setting.rows) console.log(row);
  console.log('');
  for (const setting of settings) {
    const ratio = percentile(setting.during, 99) / percentile(setting.idle, 99);
    console.log(
      `${setting.label}: light p99 idle ${percentile(setting.idle, 99).toFixed(1)} ms, during bursts ${percentile(setting.during, 99).toFixed(1)} ms: ${ratio.toFixed(2)}x idle (target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'})`,
    );
  }
  console.log(`load at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  rmSync(DIR, { recursive: true, force: true });
}

await main();
