// D4: erasing a segment of about 100,000 members from the segments bench's data set
// (1,000,000 customers, 3M purchases, 10M user events; SQLite; built by
// `BENCH_REUSE=1 BENCH_DATABASES=sqlite npm run bench -- segments`): the time from acceptance to the
// request's end, the p99 of GET /users/{id} (customers outside the segment) meanwhile, and nothing
// left behind: a query per table that refers to customers, over the erased ids.
// Works on a copy of the built database (the segments bench keeps its own). Options:
//   BENCH_MEMBERS=100000   about how many members (the segment: points at or above a threshold)
//   BENCH_READERS=4        concurrent readers during the erasure
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { CUSTOMER_REFERENCES } from '../src/modules/customer-data/references.js';
import { serve } from './lib/processes.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const READERS = Number(process.env.BENCH_READERS ?? 4);
const SAVED = join(process.cwd(), '.bench', 'segments', 'sqlite-1.json');
const DIR = join(process.cwd(), '.bench', 'erasure');
const load1 = () => loadavg()[0]!.toFixed(2);

if (!existsSync(SAVED)) {
  console.log(`no built data set at ${SAVED}: run BENCH_REUSE=1 BENCH_DATABASES=sqlite npm run bench -- segments first; skipped`);
  process.exit(0);
}
const saved = JSON.parse(readFileSync(SAVED, 'utf8')) as { url: string; key: string; data: { accountId: number; anchor: string } };
const source = saved.url.replace(/^sqlite:/, '');
const copy = join(DIR, 'erasure.db');
rmSync(DIR, { recursive: true, force: true });
mkdirSync(DIR, { recursive: true });

let started = performance.now();
const original = new SQLite(source);
original.pragma('wal_checkpoint(TRUNCATE)');
original.close();
execFileSync('cp', [source, copy]);
console.log(`copied the data set (${(performance.now() - started) / 1000 | 0} s)`);
started = performance.now();
const database = openDatabase({ kind: 'sqlite', filename: copy });
await migrateToLatest(database);
await database.close();
console.log(`migrated the copy to the latest schema (${((performance.now() - started) / 1000).toFixed(0)} s)`);

const file = new SQLite(copy);
const accountId = saved.data.accountId;
const threshold = (file.prepare('select points from users where account_id = ? order by points desc limit 1 offset ?').get(accountId, MEMBERS - 1) as { points: number }).points;
const memberIds = (file.prepare('select id from users where account_id = ? and points >= ? order by id').all(accountId, threshold) as Array<{ id: number }>).map((row) => row.id);
const outsiders = (file.prepare('select id from users where account_id = ? and points < ? order by random() limit 5000').all(accountId, threshold) as Array<{ id: number }>).map((row) => row.id);

/** Rows that refer to these customers, per table (attribute tables: the customers' kind only). */
function referring(ids: number[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ref of CUSTOMER_REFERENCES) {
    if (ref.records !== 'customers') continue;
    const label = ref.kind ? `${ref.table} (${ref.kind})` : ref.table;
    const kind = ref.kind ? ' and definition_id in (select id from attribute_definitions where kind = ?)' : '';
    const hasDefinition = ref.kind !== undefined && ref.table === 'attribute_values';
    let total = 0;
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const statement = file.prepare(`select count(*) as n from ${ref.table} where ${ref.column} in (${chunk.map(() => '?').join(',')})${hasDefinition ? kind : ''}`);
      total += (statement.get(...chunk, ...(hasDefinition ? [ref.kind] : [])) as { n: number }).n;
    }
    counts.set(label, total);
  }
  // Rows of the customers' purchases: items, and custom values of purchases and items, left orphaned.
  counts.set('purchase_items without their purchase', (file.prepare('select count(*) as n from purchase_items pi where not exists (select 1 from purchases p where p.id = pi.purchase_id)').get() as { n: number }).n);
  return counts;
}

const before = referring(memberIds);
console.log(`segment: points >= ${threshold}, ${memberIds.length} members; rows referring to them: ${[...before].map(([t, n]) => `${t} ${n}`).join(', ')}`);

const server = await serve('rapport-at', {
  DATABASE_URL: `sqlite:${copy}`,
  BENCH_CLOCK: `${saved.data.anchor.replace(' ', 'T')}Z`,
  WORKER_ENABLED: 'true',
  WORKER_POLL_MS: '100',
  RATE_LIMIT_PER_MINUTE: '0',
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_MAX_IN_FLIGHT: '0',
});
const headers = { authorization: `Basic ${saved.key}`, 'content-type': 'application/json' };
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}/apiv3${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as { payload: any; code: string; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.code} ${json.message}`);
  return json.payload;
};
try {
  const segment = await call('POST', '/segments', { title: 'Erasure bench', definition: { all: [{ field: 'points', op: 'gte', value: threshold }] } });
  started = performance.now();
  const dry = await call('DELETE', '/multiusers/bulk?dry_run=true', { segment_id: segment.id });
  console.log(`dry run: ${((performance.now() - started) / 1000).toFixed(1)} s, would_delete ${JSON.stringify(dry.would_delete)}`);

  const latencies: number[] = [];
  let reading = true;
  const reader = async () => {
    while (reading) {
      const id = outsiders[Math.floor(Math.random() * outsiders.length)]!;
      const at = performance.now();
      const response = await fetch(`${server.url}/apiv3/users/${id}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /users/${id} answered ${response.status} during the erasure`);
      latencies.push(performance.now() - at);
    }
  };
  const readers = Array.from({ length: READERS }, reader);
  started = performance.now();
  const accepted = await call('DELETE', '/multiusers/bulk', { segment_id: segment.id });
  const acceptedMs = performance.now() - started;
  let view: any;
  for (;;) {
    view = await call('GET', `/requests/${accepted.request_id}`);
    if (view.status === 'done' || view.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  reading = false;
  await Promise.all(readers);
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `erasure: accepted in ${(acceptedMs / 1000).toFixed(2)} s, ${view.status} after ${seconds.toFixed(1)} s (${(memberIds.length / seconds).toFixed(0)} customers/s); ` +
      `${JSON.stringify(view.result ?? view.progress ?? {})}; load ${load1()}`,
  );
  console.log(`GET /users/{id} of other customers meanwhile (${READERS} readers): ${latencies.length} reads, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`);
  const after = referring(memberIds);
  const left = [...after].filter(([, n]) => n > 0);
  console.log(`left behind: ${left.length === 0 ? 'nothing' : left.map(([t, n]) => `${t} ${n}`).join(', ')} (${[...after].map(([t, n]) => `${t} ${n}`).join(', ')})`);
} finally {
  await server.stop();
  file.close();
  rmSync(DIR, { recursive: true, force: true });
}
