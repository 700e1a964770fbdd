// The test suite runs on JavaScript compiled once before a run, not through tsx's loader: with the
// loader every test file's process (the runner starts one per file) spent about 5 s of CPU loading
// the app's ~1,400 modules through tsx's hooks thread, half the suite's CPU on two cores; compiled,
// about half of that. esbuild is the transpiler tsx uses, so the code that runs is the same; type
// checking stays `npm run typecheck` (tsc).
//
// .test-build/ mirrors the repository: src/, test/ and the SDK's sources with each .ts compiled to .js beside a link to
// the .ts (tests read sources), every other file and top-level entry a link to the original, so
// paths taken from import.meta.url (fixtures, docs, the console build, package.json) resolve as before.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'esbuild';

export const TEST_BUILD = '.test-build';
/** Folders whose TypeScript the tests run (the SDK's sources and scripts are imported by test/sdk/). */
const COMPILED = ['src', 'test', 'packages/sdk/src', 'packages/sdk/scripts'];

/** Builds this run's tree, .test-build/run-<pid>/ (runs at once in one checkout do not share one); returns its path. */
export async function buildTests(root) {
  removeStale(join(root, TEST_BUILD));
  const out = join(root, TEST_BUILD, `run-${process.pid}`);
  mkdirSync(out, { recursive: true });
  process.on('exit', () => rmSync(out, { recursive: true, force: true }));
  const entryPoints = [];
  // Every entry is linked, but the compiled folders (mirrored: a link to each file, and JavaScript
  // beside each .ts) and the folders above them (made, their other entries linked).
  const place = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path).split(sep).join('/');
      if (rel === TEST_BUILD || rel === '.git') continue;
      if (rel === 'node_modules') continue; // vendored below
      if (COMPILED.includes(rel)) mirror(path);
      else if (COMPILED.some((folder) => folder.startsWith(`${rel}/`))) {
        mkdirSync(join(out, rel), { recursive: true });
        place(path);
      } else symlinkSync(path, join(out, rel));
    }
  };
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
  place(root);
  await vendor(root, out);
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

// Two pure-ESM packages make up 635 of the ~1,340 modules every test process loads before its
// first test (typebox 373 files, kysely 262): resolving and reading them was a third of the CPU of
// importing the app. The test tree's node_modules links every package but these, which are one
// bundle each (esbuild, shared chunks between a package's entry points), and the one package that
// imports typebox, copied so that it imports the bundle too (one typebox in the process).
const VENDORED = { typebox: ['typebox', 'typebox/compile', 'typebox/format', 'typebox/value'], kysely: ['kysely'] };
const IMPORTS_VENDORED = ['@fastify/type-provider-typebox'];

async function vendor(root, out) {
  const from = join(root, 'node_modules');
  const to = join(out, 'node_modules');
  mkdirSync(to);
  const skip = new Set([...Object.keys(VENDORED), ...IMPORTS_VENDORED]);
  for (const name of readdirSync(from)) {
    if (skip.has(name)) continue;
    if (name.startsWith('@') && IMPORTS_VENDORED.some((pkg) => pkg.startsWith(`${name}/`))) {
      mkdirSync(join(to, name));
      for (const scoped of readdirSync(join(from, name))) {
        if (!skip.has(`${name}/${scoped}`)) symlinkSync(join(from, name, scoped), join(to, name, scoped));
      }
    } else symlinkSync(join(from, name), join(to, name));
  }
  for (const pkg of IMPORTS_VENDORED) cpSync(join(from, pkg), join(to, pkg), { recursive: true });
  const entryPoints = Object.entries(VENDORED).flatMap(([pkg, specifiers]) =>
    specifiers.map((specifier) => ({ in: specifier, out: `${pkg}/${specifier === pkg ? 'index' : specifier.slice(pkg.length + 1)}` })),
  );
  const result = await build({
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: join(to, '.vendored'),
    chunkNames: 'chunks/[name]-[hash]',
    absWorkingDir: root,
    metafile: true,
    logLevel: 'warning',
  });
  for (const [pkg, specifiers] of Object.entries(VENDORED)) {
    mkdirSync(join(to, pkg));
    const exports = {};
    for (const specifier of specifiers) {
      const sub = specifier === pkg ? 'index' : specifier.slice(pkg.length + 1);
      const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith(`.vendored/${pkg}/${sub}.js`))?.[1];
      if (!output) throw new Error(`vendoring ${specifier}: no bundle was written`);
      const target = `../.vendored/${pkg}/${sub}.js`;
      writeFileSync(join(to, pkg, `${sub}.js`), `export * from '${target}';\n${output.exports.includes('default') ? `export { default } from '${target}';\n` : ''}`);
      exports[specifier === pkg ? '.' : `./${sub}`] = `./${sub}.js`;
    }
    writeFileSync(join(to, pkg, 'package.json'), JSON.stringify({ name: pkg, type: 'module', exports }));
  }
}
