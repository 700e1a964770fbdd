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
    const failed = (code: number | null) => reject(new Error(`${name} server exited with ${code}`));
    child.once('exit', failed);
    const listen = (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /LISTENING (\S+)/.exec(buffered);
      if (!match) return;
      // Later output is read and dropped (a full pipe would block the server).
      child.stdout!.off('data', listen);
      child.off('exit', failed);
      child.stdout!.resume();
      resolve({ url: match[1]!, child, stop: () => stopProcess(child) });
    };
    child.stdout!.on('data', listen);
  });
}

/**
 * SIGTERM, then waits for the process to end: at once if it has ended already, SIGKILL if it is
 * still running 15 s later.
 */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`process ${child.pid} still running 15 s after SIGTERM; killed`);
    child.kill('SIGKILL');
  }, 15_000);
  await ended;
  clearTimeout(timer);
}
