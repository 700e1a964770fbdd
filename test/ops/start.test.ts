import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { formatDateTime } from '../../src/lib/time.js';
import { startServer } from '../../src/server.js';
import { testConfig, usingPostgres } from '../helpers/app.js';
import { createAccount, sharedDatabase } from './support.js';

// Item 6 and 8 as an operator sees them: `npm start` runs the compiled server, SIGTERM to the npm
// process stops it (no child left behind), a shutdown that cannot finish in SHUTDOWN_TIMEOUT_MS
// cuts the connections, the start-up log line names version, address and database, and uploads
// interrupted by the previous run are discarded at start.

const ROOT = process.cwd();
const dir = mkdtempSync(join(tmpdir(), 'rapport-start-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshDb = () => `sqlite:${join(dir, `db${++counter}`, 'rapport.db')}`;
const KEY = 'start-test-key-0123456789';
// Every server started here is stopped when the file ends, whatever an assertion did.
const children = new Set<ChildProcess>();
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function newestChange(path: string): number {
  return readdirSync(path, { withFileTypes: true }).reduce(
    (newest, entry) => Math.max(newest, entry.isDirectory() ? newestChange(join(path, entry.name)) : statSync(join(path, entry.name)).mtimeMs),
    0,
  );
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: Promise<string>;
}

function run(command: string, args: string[], env: Record<string, string>): Running {
  // Load shedding off: this machine may be busy with other tests; shedding has its own tests.
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const match = /"msg":"Rapport \S+ serving (http:\/\/127\.0\.0\.1:\d+) on /.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${out}`)));
  });
  return { child, output: () => out, exited, url };
}

function logLines(output: string): Array<Record<string, any>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

describe('npm start (the compiled server)', () => {
  before(async () => {
    // CI builds dist/ at `npm ci` (prepare); a development tree may have changed since.
    const buildInfo = join(ROOT, 'dist', 'cli.js'); // written last by the build
    if (!existsSync(buildInfo) || newestChange(join(ROOT, 'src')) > statSync(buildInfo).mtimeMs) {
      await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT });
    }
  });

  it('runs node dist/cli.js itself, logs what it serves, and stops on SIGTERM to npm with no process left', async () => {
    const server = run('npm', ['start'], { DATABASE_URL: freshDb(), BOOTSTRAP_API_KEY: KEY });
    const url = await server.url;
    const started = logLines(server.output()).find((line) => line.msg?.startsWith('Rapport '));
    assert.ok(started, server.output());
    const pid = started.pid as number;
    assert.notEqual(pid, server.child.pid, 'the server is a child of npm');
    assert.match(started.msg, new RegExp(`^Rapport \\d+\\.\\d+\\.\\d+ serving ${url} on sqlite:/`));
    assert.equal(started.address, url);
    assert.match(started.version, /^\d+\.\d+\.\d+/);
    assert.match(started.database, /^sqlite:\/.*rapport\.db$/);

    const health = await fetch(`${url}/health`);
    assert.equal(health.status, 200);
    const users = await fetch(`${url}/apiv3/users`, { headers: { authorization: `Basic ${KEY}` } });
    assert.equal(users.status, 200);

    server.child.kill('SIGTERM'); // to npm, as a process manager would
    assert.equal(await server.exited, 0);
    assert.match(server.output(), /shutting down/);
    assert.equal(alive(pid), false, 'the server process is gone');
    assert.equal(await refused(url), true, 'nothing listens any more');
  });

  it('prints its version', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join('dist', 'cli.js'), '--version'], { cwd: ROOT });
    assert.match(stdout.trim(), /^\d+\.\d+\.\d+$/);
  });
});

describe('shutdown', () => {
  it('cuts the connections left after SHUTDOWN_TIMEOUT_MS and exits with 1', async () => {
    const server = run(process.execPath, [join('bin', 'rapport.js'), 'serve'], { DATABASE_URL: freshDb(), BOOTSTRAP_API_KEY: KEY, SHUTDOWN_TIMEOUT_MS: '300' });
    const url = await server.url;
    // A request that never finishes arriving.
    const hung = http.request(`${url}/apiv3/users`, {
      method: 'POST',
      headers: { authorization: `Basic ${KEY}`, 'content-type': 'application/json', 'content-length': '100' },
    });
    const cut = new Promise<string>((resolve) => {
      hung.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
      hung.on('response', (response) => resolve(`answered ${response.statusCode}`));
    });
    hung.write('{"service_uid":');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 1);
    assert.ok(Date.now() - signalled < 5000, 'exits soon after the timeout');
    assert.match(server.output(), /shutdown timed out: closing the remaining connections/);
    assert.match(await cut, /ECONNRESET|socket hang up/);
  });
});

describe('start-up sweep of interrupted blacklist uploads', () => {
  it('discards uploads left open by a previous run, and (on PostgreSQL) only those untouched for minutes', async () => {
    const shared = await sharedDatabase(1);
    const { db } = shared.handles[0]!;
    const { accountId } = await createAccount(shared.handles[0]!);
    const stage = async (minutesAgo: number) => {
      const at = formatDateTime(new Date(Date.now() - minutesAgo * 60_000));
      const { id } = await db
        .insertInto('blacklist_uploads')
        .values({ account_id: accountId, status: 'open', created_at: at, touched_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('blacklist_staging')
        .values([1, 2, 3].map((line) => ({ upload_id: id, line, email: `u${line}@example.com`, telephone: null })))
        .execute();
      return id;
    };
    const crashed = await stage(10); // its process died ten minutes ago
    const recent = await stage(0); // touched a moment ago (on PostgreSQL, maybe by a live process)
    const database = usingPostgres()
      ? { kind: 'postgres' as const, connectionString: shared.postgres!.url, schema: shared.postgres!.schema }
      : { kind: 'sqlite' as const, filename: shared.file! };
    const app = await startServer(testConfig({ database, host: '127.0.0.1', port: 0, workerEnabled: false }));
    try {
      const uploads = (await db.selectFrom('blacklist_uploads').select('id').execute()).map((row) => row.id);
      const staged = await db.selectFrom('blacklist_staging').select('upload_id').distinct().execute();
      // A SQLite file is served by one process: everything opened before the start is dead.
      const expected = usingPostgres() ? [recent] : [];
      assert.deepEqual(uploads, expected);
      assert.deepEqual(
        staged.map((row) => row.upload_id),
        expected,
      );
      assert.ok(!uploads.includes(crashed));
    } finally {
      await app.close();
      await shared.drop();
    }
  });
});
