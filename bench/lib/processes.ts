import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface Served {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts bench/servers/<name>.ts (or `script`, e.g. the same server in another checkout) in its own
 * process (the load generator must not share its CPU).
 */
export function serve(name: string, env: Record<string, string>, script = join(here, '..', 'servers', `${name}.ts`), cpu?: number): Promise<Served> {
  // BENCH_NODE_ARGS (e.g. "--cpu-prof") goes to the server processes, for profiling.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = [process.execPath, ...nodeArgs, '--import', 'tsx', script];
  // On one CPU (taskset execs the server: the child's pid is the server's).
  if (cpu !== undefined) command.unshift('taskset', '-c', String(cpu));
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) => reject(new Error(`${name} server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /LISTENING (\S+)/.exec(buffered);
      if (match) {
        child.removeAllListeners('exit');
        child.stdout!.resume();
        resolve({
          url: match[1]!,
          child,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}
