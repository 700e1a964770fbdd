// User events: ingestion speed against a ceiling, read speed against a fixed body, and a bulk
// delete of 500,000 of 1,000,000 rows while GET /user-events keeps being measured.
// Loopback only; files under .bench/. Figures go to docs/benchmarks.md by hand.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { formatDateTime, systemClock } from '../src/lib/time.js';
import { buildAccounts } from '../src/services.js';
import { serve } from './lib/processes.js';

const DIR = join(process.cwd(), '.bench', 'user-events');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const VOLUME = Number(process.env.BENCH_ROWS ?? 1_000_000);

function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, options: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A fresh migrated Rapport database with one account, events and users; returns its API key. */
async function prepareRapport(file: string, users: number) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const database = openDatabase({ kind: 'sqlite', filename: file });
  await migrateToLatest(database);
  const accounts = buildAccounts(database.db, systemClock);
  const account = await accounts.createAccount('bench');
  const { key } = await accounts.createKey(account.id);
  await database.close();
  const raw = new SQLite(file);
  const now = formatDateTime(new Date());
  raw.prepare('insert into events (account_id, name, createtime) values (?, ?, ?)').run(account.id, 'signup', now);
  raw.prepare('insert into events (account_id, name, createtime) values (?, ?, ?)').run(account.id, 'purchase', now);
  const addUser = raw.prepare(
    'insert into users (account_id, service_uid, email, createtime, updatetime) values (?, ?, ?, ?, ?)',
  );
  raw.transaction(() => {
    for (let i = 1; i <= users; i++) addUser.run(account.id, `u-${i}`, `u${i}@example.com`, now, now);
  })();
  raw.close();
  return { key, accountId: account.id };
}

function line(label: string, ours: Load, ceiling: Load, target: number): string {
  const ratio = ours.rps / ceiling.rps;
  return (
    `${label.padEnd(34)} rapport ${ours.rps.toFixed(0).padStart(6)} req/s p50 ${ours.p50} ms p99 ${ours.p99} ms | ` +
    `ceiling ${ceiling.rps.toFixed(0).padStart(6)} req/s p99 ${ceiling.p99} ms | ratio ${ratio.toFixed(2)} (target >= ${target}) ` +
    `${ratio >= target ? 'MET' : 'MISSED'}${ours.errors + ours.non2xx > 0 ? ` [${ours.errors} errors, ${ours.non2xx} non-2xx]` : ''}`
  );
}

async function throughput(): Promise<void> {
  console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${mb(totalmem())} RAM, node ${process.version}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, SQLite (WAL)\n`);
  const rapportFile = join(DIR, 'rapport.db');
  const ceilingFile = join(DIR, 'ceiling.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${ceilingFile}${suffix}`, { force: true });
  const { key } = await prepareRapport(rapportFile, 1000);
  const auth = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
  const body = JSON.stringify({
    event: 'signup',
    service_uid: 'u-42',
    datetime: '2026-01-15 10:20:30',
    metadata: { plan: 'gold', source: 'bench', campaign: 'spring' },
  });

  const rapport = await serve('rapport', { DATABASE_URL: `sqlite:${rapportFile}`, WORKER_ENABLED: 'false' });
  const listing = await fetch(`${rapport.url}/apiv3/user-events?service_uid=u-42`, { headers: auth });
  const events = await fetch(`${rapport.url}/apiv3/events`, { headers: auth });
  const fixedUserEvents = await listing.text();
  const fixedEvents = await events.text();
  const ceiling = await serve('ceiling', { CEILING_DB: ceilingFile, FIXED_BODY: fixedEvents });

  // Interleaved, in the same run: ceiling then Rapport for each pair.
  const ingestCeiling = await load(`${ceiling.url}/ingest`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const ingest = await load(`${rapport.url}/apiv3/user-events`, { method: 'POST', body, headers: auth });
  const eventsCeiling = await load(`${ceiling.url}/fixed`, {});
  const eventsOurs = await load(`${rapport.url}/apiv3/events`, { headers: auth });
  await ceiling.stop();
  const ceiling2 = await serve('ceiling', { CEILING_DB: ceilingFile, FIXED_BODY: fixedUserEvents });
  const listCeiling = await load(`${ceiling2.url}/fixed`, {});
  const listOurs = await load(`${rapport.url}/apiv3/user-events?service_uid=u-42`, { headers: auth });
  await ceiling2.stop();
  const walDuring = fileSize(`${rapportFile}-wal`);
  await rapport.stop();

  console.log(line('POST /user-events vs insert route', ingest, ingestCeiling, 0.7));
  console.log(`${''.padEnd(34)} rapport p99 ${ingest.p99} ms (target <= 10 ms) ${ingest.p99 <= 10 ? 'MET' : 'MISSED'}`);
  console.log(line('GET /events vs fixed body', eventsOurs, eventsCeiling, 0.8));
  console.log(line('GET /user-events?service_uid vs fixed', listOurs, listCeiling, 0.8));
  const rows = new SQLite(rapportFile, { readonly: true }).prepare('select count(*) as n from user_events').get() as { n: number };
  console.log(`\nrows inserted by Rapport: ${rows.n}; WAL file at the end of the load: ${mb(walDuring)}; after shutdown: ${mb(fileSize(`${rapportFile}-wal`))}`);
}

async function bulkDelete(): Promise<void> {
  const file = join(DIR, 'volume.db');
  const users = 1000;
  const { key, accountId } = await prepareRapport(file, users);
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  const started = performance.now();
  const insert = raw.prepare('insert into user_events (account_id, event_id, user_id, datetime, metadata) values (?, ?, ?, ?, ?)');
  const base = Date.UTC(2025, 0, 1);
  raw.transaction(() => {
    for (let i = 0; i < VOLUME; i++) {
      const eventId = (i % 2) + 1; // 1 = signup (to delete), 2 = purchase (kept)
      const userId = (i % users) + 1;
      const datetime = formatDateTime(new Date(base + (i % 31_536_000) * 1000));
      insert.run(accountId, eventId, userId, datetime, i % 10 === 0 ? '{"source":"bench"}' : null);
    }
  })();
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  console.log(`\nloaded ${VOLUME} user events in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const rapport = await serve('rapport', { DATABASE_URL: `sqlite:${file}`, WORKER_ENABLED: 'true', WORKER_POLL_MS: '200' });
  const auth = { authorization: `Basic ${key}`, 'content-type': 'application/json' };
  const latencies: number[] = [];
  let running = true;
  const reader = async () => {
    while (running) {
      const uid = `u-${1 + Math.floor(Math.random() * users)}`;
      const t0 = performance.now();
      const response = await fetch(`${rapport.url}/apiv3/user-events?service_uid=${uid}`, { headers: auth });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /user-events answered ${response.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  // Baseline: the same readers for 3 s with no deletion running.
  let readers = Array.from({ length: 4 }, reader);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  running = false;
  await Promise.all(readers);
  latencies.sort((a, b) => a - b);
  const quiet = [...latencies];
  latencies.length = 0;
  running = true;
  readers = Array.from({ length: 4 }, reader);
  const t0 = performance.now();
  const accepted = await fetch(`${rapport.url}/apiv3/user-events/bulk`, {
    method: 'DELETE',
    headers: auth,
    body: JSON.stringify({ event_name: 'signup', from: '2025-01-01', to: '2025-12-31' }),
  });
  const { payload } = (await accepted.json()) as { payload: { request_id: string } };
  let view: { status: string; result: { deleted: number } | null } = { status: 'pending', result: null };
  const deadline = Date.now() + 120_000;
  while (view.status !== 'done' && view.status !== 'failed' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${rapport.url}/apiv3/requests/${payload.request_id}`, { headers: auth });
    view = ((await response.json()) as { payload: typeof view }).payload;
  }
  const seconds = (performance.now() - t0) / 1000;
  running = false;
  await Promise.all(readers);
  const wal = fileSize(`${file}-wal`);
  await rapport.stop();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(
    `bulk delete: ${view.status}, ${view.result?.deleted ?? 0} of ${VOLUME} deleted in ${seconds.toFixed(1)} s (target <= 15 s) ${seconds <= 15 ? 'MET' : 'MISSED'}`,
  );
  console.log(
    `concurrent GET /user-events?service_uid (4 clients): ${latencies.length} requests, p50 ${pct(50)} ms, p99 ${pct(99)} ms (target < 50 ms) ${Number(pct(99)) < 50 ? 'MET' : 'MISSED'}`,
  );
  const q = (p: number) => quiet[Math.min(quiet.length - 1, Math.floor((p / 100) * quiet.length))]!.toFixed(1);
  console.log(`same readers with no deletion running: ${quiet.length} requests in 3 s, p50 ${q(50)} ms, p99 ${q(99)} ms`);
  console.log(`WAL file after the delete: ${mb(wal)}`);
}

mkdirSync(DIR, { recursive: true });
const only = process.env.BENCH_PART;
if (!only || only === 'throughput') await throughput();
if (!only || only === 'delete') await bulkDelete();
