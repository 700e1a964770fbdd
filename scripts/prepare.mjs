// What `npm ci` / `npm install` builds after the packages are in place (the root's `prepare`): the
// SDK (tsc) at the same time as the web console (vite) followed by the server bundle
// (scripts/build.mjs). The SDK's build is the longest and independent (the console bundles the SDK
// from its sources); the server's build comes after the console's because its training start
// serves the console when it is built, and the V8 code cache it records should cover that path.
// Each is mostly one thread, so on two cores this takes about as long as the longest branch instead
// of the sum (docs/benchmarks.md, "Install time"). The workspaces have no `prepare` of their own,
// so nothing is built twice. Each build prints one line when it ends; a failure also prints that
// build's output and fails the install.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.env.npm_execpath;

/** `npm run build -w <workspace>` through the npm that runs this install, or the one on PATH. */
const npmRun = (workspace) =>
  npm ? [process.execPath, [npm, 'run', 'build', '--silent', '-w', workspace]] : ['npm', ['run', 'build', '--silent', '-w', workspace]];

const SERVER = { name: 'server', command: [process.execPath, ['scripts/build.mjs']] };
const CONSOLE = { name: 'console', command: npmRun('@rapport/console') };
const SDK = { name: 'sdk', command: npmRun('@rapport/sdk') };
/** Branches run at the same time; the builds of one branch one after the other, stopping at a failure. */
const BRANCHES = [[SDK], [CONSOLE, SERVER]];

function run({ name, command: [file, args] }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n`, ms: Date.now() - started }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, ms: Date.now() - started }));
  });
}

async function runBranch(branch) {
  const results = [];
  for (const build of branch) {
    const result = await run(build);
    process.stdout.write(`prepare: ${result.name} ${result.code === 0 ? 'built' : `FAILED (exit ${result.code})`} in ${(result.ms / 1000).toFixed(1)} s\n`);
    // A build's own report (vite's table of chunks, ...) only when it failed: one line each otherwise.
    if (result.code !== 0) for (const line of result.output.trimEnd().split('\n')) process.stdout.write(`  ${result.name} | ${line}\n`);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const failed = (await Promise.all(BRANCHES.map(runBranch))).flat().filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`prepare: ${failed.map((result) => result.name).join(', ')} failed`);
  process.exit(1);
}
