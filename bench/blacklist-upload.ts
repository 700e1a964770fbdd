// Blacklist upload benchmark (L4): streams generated e-mail CSVs through the real HTTP endpoint of a
// server running as a child process, samples that process's resident memory from /proc, and
// compares the upload with a plain batched INSERT of the same rows into the same database.
//
//   npx tsx bench/blacklist-upload.ts                 SQLite (a file in a temp dir)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/blacklist-upload.ts
//                                                     PostgreSQL (a throwaway database on that server)
//   BENCH_LINES=1000000,3000000 (default)             file sizes to upload, in lines
//   BENCH_SERVER_NODE_OPTIONS='--max-old-space-size=64'   e.g. to prove the upload fits a small heap
//
// Loopback only; the whole run is bounded by BENCH_TIMEOUT_S (default 1200 s).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import pg from 'pg';
import { uploadBlacklist, writeEmailCsv } from './lib/blacklist-upload.js';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

const LINES = (process.env.BENCH_LINES ?? '1000000,3000000').split(',').map(Number);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 1200);
const KEY = `bench_${randomBytes(12).toString('hex')}`;
const BATCH = 4000;

const work = mkdtempSync(join(tmpdir(), 'rapport-bench-'));
let child: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

const deadline = setTimeout(() => {
  console.error(`benchmark exceeded ${TIMEOUT_S}s; stopping`);
  void cleanup().then(() => process.exit(2));
}, TIMEOUT_S * 1000);

async function cleanup(): Promise<void> {
  clearTimeout(deadline);
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
  }
  await dropDatabase?.();
  rmSync(work, { recursive: true, force: true });
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function writeCsv(lines: number, prefix: string): Promise<string> {
  return writeEmailCsv(join(work, `${prefix}-${lines}.csv`), lines - 1, prefix);
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/**
 * Samples a process's RSS every 20 ms until stopped; returns the peak in kB, overall and up to the
 * moment `mark()` was called (the client finished sending: the streaming/staging phase).
 */
function sampleRss(pid: number): { mark(): void; stop(): { peak: number; streamingPeak: number } } {
  let peak = rssKb(pid);
  let streamingPeak: number | undefined;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // process gone
    }
  }, 20);
  return {
    mark() {
      streamingPeak = peak;
    },
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssKb(pid));
      return { peak, streamingPeak: streamingPeak ?? peak };
    },
  };
}

/** Streams the file from disk in a multipart body, file part first (as the platform's client does). */
function upload(port: number, file: string, blacklist: string, type: string, onSent: () => void = () => {}) {
  return uploadBlacklist(`http://127.0.0.1:${port}`, KEY, file, { blacklist, type }, onSent);
}

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['bin/rapport.js', 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      BOOTSTRAP_API_KEY: KEY,
      LOG_LEVEL: 'warn',
      WORKER_ENABLED: 'false',
      UPLOAD_LIMIT_MB: '1000',
      NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ready`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

/** The reference: the same normalised rows, inserted in batches straight into blacklist_entries. */
async function plainInsert(databaseUrl: string, lines: number, prefix: string): Promise<number> {
  const database = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const account = await database.db
      .insertInto('accounts')
      .values({ name: 'bench-plain-insert', created_at: '2026-01-01 00:00:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const started = performance.now();
    for (let from = 0; from < lines - 1; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(from + BATCH, lines - 1); i++) {
        rows.push({ account_id: account.id, list: 'email', value: `${prefix}.user${i}@example.com`, createtime: '2026-01-01 00:00:00' });
      }
      await database.db.insertInto('blacklist_entries').values(rows).onConflict((oc) => oc.doNothing()).execute();
    }
    return performance.now() - started;
  } finally {
    await database.close();
  }
}

async function databaseUrlForRun(): Promise<{ url: string; label: string }> {
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) return { url: `sqlite:${join(work, 'bench.db')}`, label: 'SQLite (WAL, file on local disk)' };
  const name = `rapport_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), label: 'PostgreSQL (local server)' };
}

const mb = (kb: number) => (kb / 1024).toFixed(1);

async function main(): Promise<void> {
  const { url, label } = await databaseUrlForRun();
  const port = await freePort();
  console.log(`database: ${label}; node ${process.version}; files in ${work}`);
  const files = new Map<number, string>();
  for (const lines of LINES) files.set(lines, await writeCsv(lines, `u${lines}`));

  child = await startServer(url, port);
  const pid = child.pid!;
  // Warm-up: loads every module and JIT-compiles the upload path before anything is measured.
  const warm = await upload(port, await writeCsv(5000, 'warm'), 'email', 'delete-create');
  if (warm.status !== 200) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);

  const first = LINES[0]!;
  const plainMs = await plainInsert(url, first, `u${first}`);
  console.log(`plain batched insert of ${first - 1} rows (${BATCH} per statement): ${(plainMs / 1000).toFixed(2)} s`);

  for (const [lines, file] of files) {
    const before = rssKb(pid);
    const sampler = sampleRss(pid);
    const started = performance.now();
    let sentMs = 0;
    const result = await upload(port, file, 'email', 'delete-create', () => {
      sentMs = performance.now() - started;
      sampler.mark();
    });
    const ms = performance.now() - started;
    const { peak, streamingPeak } = sampler.stop();
    if (result.status !== 200) throw new Error(`upload of ${lines} lines failed: ${result.status} ${result.body}`);
    const sizeMb = (statSync(file).size / 1024 / 1024).toFixed(1);
    const ratio = lines === first ? `, ${(ms / plainMs).toFixed(2)}x the plain insert` : '';
    console.log(
      `upload delete-create ${lines} lines (${sizeMb} MB): ${(ms / 1000).toFixed(2)} s${ratio} ` +
        `(body sent after ${(sentMs / 1000).toFixed(2)} s); server RSS ${mb(before)} MB before, ` +
        `peak ${mb(peak)} MB, growth ${mb(peak - before)} MB (${mb(streamingPeak - before)} MB while streaming)`,
    );
  }
}

main().then(
  () => cleanup(),
  async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  },
);
