// The production build (npm run build; `prepare` runs it at npm install/ci). Writes dist/:
//   rapport.cjs (+ .map)   src/cli.ts and everything it imports, our code and our pure-JavaScript
//                          dependencies, bundled by esbuild into one script
//   rapport-<hash>.v8cache V8's code cache for that script, recorded by one training start
//   cli.js                 what `npm start` runs (node dist/cli.js serve): compiles the bundle
//                          with the code cache and runs it in the same process (signals reach it)
//   package.json           makes dist/ CommonJS
// Why (docs/benchmarks.md, "Cold start"): Node loading ~1,400 module files was most of the start;
// one file removes the lookups and reads, and the code cache removes most parsing and compiling.
// esbuild is the transpiler tsx uses, so the bundle runs our code as the tests run it; type checking
// stays `npm run typecheck` (tsc).
//
// Left out of the bundle, required from node_modules at run time: the native module better-sqlite3
// and pg (required lazily, PostgreSQL only).
// Every bundled file keeps its own location: import.meta.url, __dirname and __filename are
// rewritten to the URL or path the file has in the installed tree (dist/http/console.js for
// src/http/console.ts, node_modules/@fastify/swagger-ui/lib for that package, ...), computed at run
// time from the bundle's own location, so the files they read next to themselves (swagger-ui's page,
// the console build, package.json) are found as before.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');
const BUNDLE = 'rapport.cjs';

const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native'];

/** Where a bundled file was, relative to dist/: src/x/y.ts ran as dist/x/y.js. */
function builtLocation(path) {
  const asBuilt = path.startsWith(`${src}${sep}`) ? join(dist, relative(src, path).replace(/\.ts$/, '.js')) : path;
  return relative(dist, asBuilt).split(sep).join('/');
}

const LOCATION_NAMES = /\bimport\.meta\.url\b|(?<![.\w$])__(?:dirname|filename)\b/;

const keepLocations = {
  name: 'keep-locations',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!LOCATION_NAMES.test(source)) return undefined;
      if (/\b(?:const|let|var)\s+(?:__dirname|__filename)\b/.test(source)) {
        throw new Error(`${path} declares __dirname or __filename: teach scripts/build.mjs about it`);
      }
      const url = `new URL(${JSON.stringify(builtLocation(path))}, __rapportDist)`;
      const contents = source
        .replace(/\bimport\.meta\.url\b/g, `${url}.href`)
        .replace(/(?<![.\w$])__filename\b/g, `__rapportPath(${url})`)
        .replace(/(?<![.\w$])__dirname\b/g, `__rapportPath(new URL('.', ${url})).slice(0, -1)`);
      return { contents, loader: /\.[cm]?ts$/.test(path) ? 'ts' : 'js' };
    });
  },
};

/**
 * Built-in modules that dependencies require at load but use only for options we do not set
 * (fastify's HTTP/2 and HTTPS servers): each is loaded on first use of one of its properties. Loading
 * them, TLS included, was ~40 ms of the start.
 */
const LAZY_BUILTINS = ['node:http2', 'http2', 'node:https', 'https'];

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(pluginBuild) {
    const filter = new RegExp(`^(?:${LAZY_BUILTINS.join('|')})$`);
    pluginBuild.onResolve({ filter }, ({ path, namespace }) =>
      namespace === 'lazy-builtin' ? { path, external: true } : { path, namespace: 'lazy-builtin' },
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, ({ path }) => ({
      loader: 'js',
      contents: `let loaded;
const real = () => (loaded ??= require(${JSON.stringify(path)}));
module.exports = new Proxy({}, {
  get: (_, key) => real()[key],
  set: (_, key, value) => Reflect.set(real(), key, value),
  has: (_, key) => key in real(),
  ownKeys: () => Reflect.ownKeys(real()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
    return descriptor && { ...descriptor, configurable: true };
  },
});
`,
    }));
  },
};

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const result = await build({
  entryPoints: [join(src, 'cli.ts')],
  outfile: join(dist, BUNDLE),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: EXTERNAL,
  plugins: [keepLocations, lazyBuiltins],
  sourcemap: true,
  legalComments: 'linked',
  // ASCII only: read as latin1, one byte a character. Not minified: stack traces point at readable
  // lines of dist/rapport.cjs, under a comment naming the source file (Node 20 applies no source map
  // to a vm.Script); minifying saved ~5 ms of reading.
  charset: 'ascii',
  logLevel: 'warning',
  write: false,
  banner: {
    js: "const { fileURLToPath: __rapportPath, pathToFileURL: __rapportUrl } = require('node:url'); const __rapportDist = __rapportUrl(__filename);",
  },
});
let hash = '';
for (const file of result.outputFiles) {
  writeFileSync(file.path, file.contents);
  if (file.path.endsWith(BUNDLE)) hash = createHash('sha256').update(file.contents).digest('hex').slice(0, 16);
}
const cacheName = `rapport-${hash}.v8cache`;

// The start script, and a package.json that makes dist/ CommonJS: Node then runs cli.js without
// setting up its ES module loader at all. The code cache is named after the bundle's hash: V8 itself
// checks only the source's length, Node's version and V8's flags, and compiles from source when
// they differ.
writeFileSync(join(dist, 'package.json'), '{ "type": "commonjs" }\n');
writeFileSync(
  join(dist, 'cli.js'),
  `// Written by scripts/build.mjs: runs ${BUNDLE}, compiled with the V8 code cache ${cacheName} when
// it is there and fits this Node.js (same version and flags), from source otherwise.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const vm = require('node:vm');

const bundle = join(__dirname, '${BUNDLE}');
const cache = join(__dirname, '${cacheName}');
let cachedData;
try {
  cachedData = readFileSync(cache);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(
  '(function (exports, require, module, __filename, __dirname) {"use strict";' + readFileSync(bundle, 'latin1') + '\\n})',
  { filename: bundle, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER },
);
// The build's training start records the cache when it exits.
if (process.env.RAPPORT_RECORD_CODE_CACHE === cache) process.once('exit', () => writeFileSync(cache, script.createCachedData()));
const bundled = { exports: {} };
script.runInThisContext()(bundled.exports, require, bundled, bundle, __dirname);
`,
);

/**
 * The training start: the server on a fresh in-memory database (migrations, first account, routes,
 * listen) until its first /health answer, then SIGTERM; the functions compiled by then are what the
 * code cache keeps. Only these settings reach it: never the environment's own database.
 */
async function recordCodeCache() {
  const cache = join(dist, cacheName);
  const child = spawn(process.execPath, [join(dist, 'cli.js'), 'serve'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: 'sqlite::memory:', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', RAPPORT_RECORD_CODE_CACHE: cache },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      const address = /"address":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (address && (await answers(`${address}/health`))) break;
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('no answer from /health within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  if (!existsSync(cache)) throw new Error('the server stopped without writing it');
}

function answers(url) {
  return new Promise((resolve) => {
    http.get(url, (response) => resolve(response.resume() && response.statusCode === 200)).on('error', () => resolve(false));
  });
}

try {
  await recordCodeCache();
} catch (error) {
  // The server runs without it, only slower to start.
  console.warn(`build: no V8 code cache (${error instanceof Error ? error.message : String(error)}); the server starts without it`);
}
