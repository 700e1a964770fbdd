import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { promisify } from 'node:util';
import pg from 'pg';

// The command-line tool and the server process, run as a user would: child processes on a real
// SQLite file. The CLI's data layer is covered by the HTTP suites on both databases; what differs
// by database is how the process ends, timed below on PostgreSQL too when TEST_DATABASE_URL is set.

const run = promisify(execFile);
export const dir = mkdtempSync(join(tmpdir(), 'rapport-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));
export const BIN = join(process.cwd(), 'bin', 'rapport.js');
export let dbCounter = 0;
export const freshDb = () => `sqlite:${join(dir, `db${++dbCounter}`, 'rapport.db')}`;

export async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

export interface Server {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  exited: Promise<number | null>;
}

// Every server started here is stopped when the file ends, whatever an assertion did.
export const servers = new Set<ChildProcess>();
after(() => {
  for (const child of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export async function startServer(env: Record<string, string>): Promise<Server> {
  // Load shedding off, as in test/ops/start.test.ts: on a busy machine the warm-up right after the
  // start can look like overload and refuse the first requests; shedding has its own tests.
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.add(child);
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => reject(new Error(`server exited:\n${out}`)));
  });
  return { child, url, stdout: () => out, exited };
}

export async function stop(server: Server): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** A fresh PostgreSQL database of its own on TEST_DATABASE_URL's server (the CLI takes no schema), dropped when the file ends. */
export async function freshPostgresDb(): Promise<string> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `t_cli_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  after(async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Runs the tool and times it: from its last output (its work is done: the result is printed last)
 * to its exit. That span is what a process that lingers adds (pg's idle connections held the event
 * loop for their 10 s idle timeout); starting the process (loading Node, tsx compiling the sources
 * when dist/ is stale) is not, and varies with the machine's load.
 */
export async function timedCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; lingeredMs: number }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let lastOutput = performance.now();
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    lastOutput = performance.now();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    lastOutput = performance.now();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr, lingeredMs: performance.now() - lastOutput };
}
