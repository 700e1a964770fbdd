import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { after } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { Config, DatabaseConfig } from '../../src/config.js';
import { usingPostgres } from './app.js';
import type { SharedDatabase } from '../ops/support.js';

// Servers in their own processes, as `npm start` runs them, for tests that kill one with SIGKILL
// (nothing of it runs after that: no close hook, no rollback) and start another on the same data.

export interface ChildServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** kill -9, resolved once the process has exited. */
  kill(): Promise<void>;
}

/** How another process opens `shared` (a SQLite file or a PostgreSQL schema). */
export function sharedDatabaseConfig(shared: SharedDatabase): DatabaseConfig {
  return usingPostgres()
    ? { kind: 'postgres', connectionString: shared.postgres!.url, schema: shared.postgres!.schema }
    : { kind: 'sqlite', filename: shared.file! };
}

/**
 * For a describe block: starts server processes, each with testConfig plus `settings` on `database`,
 * listening on a free port of 127.0.0.1. Whatever is still running when the block ends is killed.
 */
export function childServers(): {
  start(database: DatabaseConfig, settings: Partial<Config>, options?: { startTimeoutMs?: number }): Promise<ChildServer>;
  killAll(): void;
} {
  const children = new Set<ChildProcess>();
  const killAll = () => children.forEach((child) => child.kill('SIGKILL'));
  after(killAll);

  function start(database: DatabaseConfig, settings: Partial<Config>, { startTimeoutMs = 60_000 } = {}): Promise<ChildServer> {
    // Under scripts/test.mjs the suite runs compiled (.test-build/, RAPPORT_TEST_BUILD): so does the child.
    const built = process.env.RAPPORT_TEST_BUILD;
    const source = (path: string) => pathToFileURL(built ? resolve(built, path.replace(/\.ts$/, '.js')) : resolve(path)).href;
    const server = source('src/server.ts');
    const helpers = source('test/helpers/app.ts');
    const code =
      `const { startServer } = await import(${JSON.stringify(server)}); const { testConfig } = await import(${JSON.stringify(helpers)});` +
      `const app = await startServer(testConfig({ database: JSON.parse(process.env.CHILD_DATABASE), ...${JSON.stringify({ host: '127.0.0.1', port: 0, ...settings })} }));` +
      `console.log('LISTENING http://127.0.0.1:' + app.server.address().port);`;
    const child = spawn(process.execPath, [...(built ? ['--enable-source-maps'] : ['--import', 'tsx']), '--input-type=module', '-e', code], {
      env: { ...process.env, CHILD_DATABASE: JSON.stringify(database) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(child);
    const kill = async () => {
      const exited = child.exitCode !== null || child.signalCode !== null ? undefined : once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    };
    return new Promise((done, fail) => {
      let out = '';
      const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), startTimeoutMs);
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        const match = /LISTENING (\S+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          done({ url: match[1]!, kill });
        }
      });
      child.once('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
    });
  }

  return { start, killAll };
}
