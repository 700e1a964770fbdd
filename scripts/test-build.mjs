// The test suite runs on JavaScript compiled once before a run, not through tsx's loader: with the
// loader every test file's process (the runner starts one per file) spent about 5 s of CPU loading
// the app's ~1,400 modules through tsx's hooks thread, half the suite's CPU on two cores; compiled,
// about half of that. esbuild is the transpiler tsx uses, so the code that runs is the same; type
// checking stays `npm run typecheck` (tsc).
//
// .test-build/ mirrors the repository: src/ and test/ with each .ts compiled to .js beside a link to
// the .ts (tests read sources), every other file and top-level entry a link to the original, so
// paths taken from import.meta.url (fixtures, docs, the console build, package.json) resolve as before.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

export const TEST_BUILD = '.test-build';
const COMPILED = ['src', 'test'];

/** Builds this run's tree, .test-build/run-<pid>/ (runs at once in one checkout do not share one); returns its path. */
export async function buildTests(root) {
  removeStale(join(root, TEST_BUILD));
  const out = join(root, TEST_BUILD, `run-${process.pid}`);
  mkdirSync(out, { recursive: true });
  process.on('exit', () => rmSync(out, { recursive: true, force: true }));
  for (const name of readdirSync(root)) {
    if (!COMPILED.includes(name) && name !== TEST_BUILD && name !== '.git') symlinkSync(join(root, name), join(out, name));
  }
  const entryPoints = [];
  const mirror = (dir) => {
    mkdirSync(join(out, relative(root, dir)), { recursive: true });
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) mirror(path);
      else {
        symlinkSync(path, join(out, relative(root, path)));
        if (name.endsWith('.ts') && !name.endsWith('.d.ts')) entryPoints.push(path);
      }
    }
  };
  for (const dir of COMPILED) mirror(join(root, dir));
  await build({
    entryPoints,
    outdir: out,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return out;
}

/** Trees of runs whose process is gone (killed before it could remove its own). */
function removeStale(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (pid && alive(pid)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
