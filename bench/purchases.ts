// Purchases (S1, S3): bulk ingestion speed and the cost of one purchase against one user event.
//
//   npm run bench -- purchases                       SQLite, then PostgreSQL when reachable
//   BENCH_PURCHASES=10000 npm run bench -- purchases  a smaller smoke run (default 100,000)
//   BENCH_DATABASE_URL=postgres://user@host:5432/db  the PostgreSQL server (default: the local
//                                                    postgres://postgres@127.0.0.1:5432/test);
//                                                    a throwaway database is created there and dropped
//   BENCH_DATABASES=sqlite|postgres                  only one of them
//   BENCH_SECONDS=10                                 duration of each autocannon run in part (b)
//
// (a) BENCH_PURCHASES purchases of 3 items through POST /purchases/bulk, 100 per request, from 4
//     concurrent clients, over 10,000 users and 5,000 products: purchases/s and server RSS growth.
// (b) single POST /purchases against POST /user-events at 50 connections, in the same run: the ratio.
// The server runs in its own process (bench/servers/rapport.ts); loopback only; files under .bench/.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { formatDateTime, systemClock } from '../src/lib/time.js';
import { buildAccounts } from '../src/services.js';
import { postgresReachable, throwawayDatabase } from './lib/postgres.js';
import { type Served, serve } from './lib/processes.js';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 100_000);
const USERS = 10_000;
const PRODUCTS = 5_000;
const PER_REQUEST = 100;
const CLIENTS = 4;
const ITEMS = 3;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { sqlite: 2_500, postgres: 1_000 } as const;
const DIR = join(process.cwd(), '.bench', 'purchases');
const RUN = randomBytes(3).toString('hex');

type Kind = keyof typeof TARGETS;

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

/** Samples the server's RSS every 50 ms; answers the peak when stopped. */
function sampleRss(pid: number): () => number {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // process gone
    }
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssKb(pid));
  };
}

let invoiceSequence = 0;
const pick = (n: number) => Math.floor(Math.random() * n);

/** One S1 purchase of 3 items as a connector sends it. */
function purchase(): Record<string, unknown> {
  invoiceSequence += 1;
  const items = Array.from({ length: ITEMS }, () => {
    const product = pick(PRODUCTS);
    return { sku: `P-${product}`, product_name: `Product ${product}`, quantity: 1 + pick(3), unit_price: 10 + (product % 90) };
  });
  const total = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
  return {
    invoice_number: `B-${RUN}-${invoiceSequence}`,
    service_uid: `u-${pick(USERS)}`,
    points: Math.floor(total / 10),
    channel: 'in-store',
    branch_name: `Branch ${pick(20)}`,
    createtime: '2026-03-01 12:00:00',
    prices: { gross: total, tax: total * 0.21, discount: 0, total },
    payment: { type: 'credit', brand: 'Visa', total, installments: 1 },
    purchase_detail: items,
  };
}

/** A fresh database with one account, USERS users, PRODUCTS products and the event "purchase". */
async function prepare(kind: Kind): Promise<{ url: string; key: string; drop: () => Promise<void> }> {
  let url: string;
  let drop = async () => {};
  if (kind === 'sqlite') {
    const file = join(DIR, 'purchases.db');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    url = `sqlite:${file}`;
  } else {
    ({ url, drop } = await throwawayDatabase(`rapport_bench_purchases_${RUN}`));
  }
  const database = openDatabase(parseDatabaseUrl(url));
  try {
    await migrateToLatest(database);
    const accounts = buildAccounts(database.db, systemClock);
    const account = await accounts.createAccount('bench');
    const { key } = await accounts.createKey(account.id);
    const now = formatDateTime(new Date());
    const db = database.db;
    await db.insertInto('events').values({ account_id: account.id, name: 'purchase', createtime: now }).execute();
    for (let from = 0; from < USERS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, USERS - from) }, (_, i) => ({
        account_id: account.id,
        service_uid: `u-${from + i}`,
        email: `u${from + i}@example.com`,
        createtime: now,
        updatetime: now,
      }));
      await db.insertInto('users').values(rows).execute();
    }
    for (let from = 0; from < PRODUCTS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, PRODUCTS - from) }, (_, i) => ({
        account_id: account.id,
        sku: `P-${from + i}`,
        name: `Product ${from + i}`,
        price: 10 + ((from + i) % 90),
        createtime: now,
        updatetime: now,
      }));
      await db.insertInto('products').values(rows).execute();
    }
    return { url, key, drop };
  } finally {
    await database.close();
  }
}

async function postBulk(base: string, key: string): Promise<void> {
  const body = JSON.stringify(Array.from({ length: PER_REQUEST }, purchase));
  const response = await fetch(`${base}/apiv3/purchases/bulk`, {
    method: 'POST',
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST /purchases/bulk answered ${response.status}: ${text.slice(0, 300)}`);
  const { payload } = JSON.parse(text) as { payload: { created: number; failed: unknown[] } };
  if (payload.created !== PER_REQUEST) throw new Error(`bulk stored ${payload.created} of ${PER_REQUEST}: ${JSON.stringify(payload.failed.slice(0, 3))}`);
}

async function load(url: string, key: string, body: () => string) {
  // autocannon's setupRequest gives each request its own body (a purchase needs a new invoice number).
  const options = {
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, body: body() }) }],
  };
  const result = await autocannon(options as unknown as Parameters<typeof autocannon>[0]);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const describeLoad = (label: string, l: Awaited<ReturnType<typeof load>>) =>
  `${label.padEnd(18)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms` +
  (l.errors + l.non2xx > 0 ? `  [${l.errors} errors, ${l.non2xx} non-2xx]` : '');

async function run(kind: Kind): Promise<void> {
  console.log(`\n== ${kind === 'sqlite' ? 'SQLite (WAL, file on local disk)' : 'PostgreSQL (local server, throwaway database)'} ==`);
  const seeded = performance.now();
  const { url, key, drop } = await prepare(kind);
  console.log(`seeded ${USERS} users and ${PRODUCTS} products in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  // No load shedding or rate limit: the bench measures throughput, not the shedding.
  const server = await serve('rapport', {
    DATABASE_URL: url,
    WORKER_ENABLED: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_IN_FLIGHT: '0',
  });
  try {
    const pid = server.child.pid!;
    // Warm-up (not counted): loads every module and compiles the bulk path.
    for (let i = 0; i < 3; i += 1) await postBulk(server.url, key);

    // (a) bulk ingestion
    const requests = Math.ceil(PURCHASES / PER_REQUEST);
    const before = rssKb(pid);
    const peakOf = sampleRss(pid);
    let next = 0;
    const started = performance.now();
    const client = async () => {
      while (next < requests) {
        next += 1;
        await postBulk(server.url, key);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - started) / 1000;
    const peak = peakOf();
    const rate = (requests * PER_REQUEST) / seconds;
    const target = TARGETS[kind];
    console.log(
      `(a) ${requests * PER_REQUEST} purchases of ${ITEMS} items, ${PER_REQUEST} per POST /purchases/bulk, ${CLIENTS} clients: ` +
        `${seconds.toFixed(1)} s, ${rate.toFixed(0)} purchases/s (target >= ${target}) ${rate >= target ? 'MET' : 'MISSED'}`,
    );
    console.log(`    server RSS ${mb(before)} before, peak ${mb(peak)}, growth ${mb(peak - before)}; after ${mb(rssKb(pid))}`);

    // (b) one purchase per request against one user event per request, same server, same run
    const auth = key;
    const single = await load(`${server.url}/apiv3/purchases`, auth, () => JSON.stringify(purchase()));
    const event = JSON.stringify({ event: 'purchase', service_uid: 'u-42', datetime: '2026-03-01 12:00:00', metadata: { order: '77' } });
    const events = await load(`${server.url}/apiv3/user-events`, auth, () => event);
    console.log(`(b) ${CONNECTIONS} connections, ${SECONDS} s each:`);
    console.log(`    ${describeLoad('POST /purchases', single)}`);
    console.log(`    ${describeLoad('POST /user-events', events)}`);
    console.log(`    ratio purchases / user events: ${(single.rps / events.rps).toFixed(2)}`);
  } finally {
    await stop(server);
    await drop();
  }
}

const stop = (server: Served): Promise<void> => server.stop();

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${mb(totalmem() / 1024)} RAM, node ${process.version}`);
console.log(`purchases: ${PURCHASES} (BENCH_PURCHASES), ${USERS} users, ${PRODUCTS} products`);
const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',') as Kind[];
if (wanted.includes('sqlite')) await run('sqlite');
if (wanted.includes('postgres')) {
  if (await postgresReachable()) await run('postgres');
  else console.log('\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped');
}
