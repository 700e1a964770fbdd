// npm test: the whole suite against SQLite, then again against PostgreSQL when TEST_DATABASE_URL
// is set. Without it the PostgreSQL pass is skipped with a notice, never silently.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildTests } from './test-build.mjs';

function testFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

// Files run in the SQLite pass only, the PostgreSQL pass naming each with why: those whose result
// cannot depend on the database, and the clients of the API checked from outside (the console in a
// browser, the documents' shell examples, the SDK's README examples), whose every route is tested
// on both databases by its own API test file. Running those clients twice would take CI past its
// 25 minutes on two cores (27 min, 2026-11-29) for no route the API tests do not already cover.
const CLIENTS = 'a client of the API, checked from outside; the API it calls is tested on both databases by its own files';
const ONCE = {
  ...Object.fromEntries(readdirSync('test/console').filter((name) => name.endsWith('.browser.test.ts')).map((name) => [`test/console/${name}`, `the console in a browser: ${CLIENTS}`])),
  'test/docs/examples.test.ts': `the documents' shell examples: ${CLIENTS}`,
  'test/sdk/readme.test.ts': `the SDK's README examples: ${CLIENTS}`,
  'test/cli.test.ts': 'the commands run on SQLite files of their own in both passes',
  'test/http/openapi-client.test.ts': 'a client generated from the OpenAPI document, which is the same on both',
  'test/http/openapi-lint.test.ts': 'lints the OpenAPI document, which is the same on both',
  'test/http/messages-words.test.ts': 'reads the sources',
  'test/db/sqlite-stream.test.ts': 'SQLite only',
  'test/db/statement-batcher.test.ts': 'no database',
  'test/jobs/webhook-address-guard.test.ts': 'no database',
  'test/jobs/webhook-pacing.test.ts': 'no database',
  'test/jobs/webhook-sender.test.ts': 'no database',
  'test/lib/passwords.test.ts': 'no database',
  'test/lib/time.test.ts': 'no database',
  'test/modules/custom-attributes-values.test.ts': 'no database',
  'test/modules/mailings-mime.test.ts': 'no database',
  'test/modules/segments-definition.test.ts': 'no database',
  'test/ops/config.test.ts': 'no database',
};

const only = process.argv.slice(2);
const files = only.length > 0 ? only : testFiles('test');
const started = Date.now();
const built = await buildTests(process.cwd());
console.log(`compiled src/ and test/ into ${relative(process.cwd(), built)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const compiled = files.map((file) => join(built, file.replace(/\.ts$/, '.js')));

function run(label, env, skipped = []) {
  const chosen = compiled.filter((_, i) => !skipped.includes(files[i]));
  // `node --test` given no file runs every test file it finds: a pass left with none (the files
  // named all run in the SQLite pass only) is not run.
  if (chosen.length === 0) {
    console.log(`\n=== ${label}: no test file (each named runs in the SQLite pass only) ===`);
    return Promise.resolve({ code: 0, pass: 0, fail: 0, skipped: 0 });
  }
  return new Promise((resolve) => {
    console.log(`\n=== ${label}: ${chosen.length} test files ===`);
    if (skipped.length > 0) {
      console.log(`Run in the SQLite pass only (${skipped.length}), each with why:`);
      for (const file of skipped) console.log(`  ${file}: ${ONCE[file]}`);
    }
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
        '--test-reporter=./scripts/file-times.mjs', '--test-reporter-destination=stdout',
        '--test-concurrency=3', '--test-timeout=300000', ...chosen],
      { env: { ...env, RAPPORT_TEST_BUILD: built }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString();
      if (output.length > 100_000) output = output.slice(-20_000);
    });
    child.on('close', (code) => {
      const count = (name) => Number(new RegExp(`^ℹ ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      resolve({ code: code ?? 1, pass: count('pass'), fail: count('fail'), skipped: count('skipped') });
    });
  });
}

async function adminQuery(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Each PostgreSQL test file copies a database migrated once here (CREATE DATABASE … TEMPLATE, about
// 0.1 s) instead of migrating a schema of its own (0.7 s quiet, 1.5 s on a loaded CI machine).
async function migratedTemplate(url) {
  const name = `rapport_tpl_${process.pid}`;
  await adminQuery(url, `drop database if exists ${name} with (force)`);
  await adminQuery(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const migrate = `const { openDatabase } = await import(${JSON.stringify(pathToFileURL(join(built, 'src/db/database.js')).href)});
const { migrateToLatest } = await import(${JSON.stringify(pathToFileURL(join(built, 'src/db/migrate.js')).href)});
const database = openDatabase({ kind: 'postgres', connectionString: ${JSON.stringify(target.href)} });
await migrateToLatest(database);
await database.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', migrate], { stdio: 'inherit' });
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error(`migrating the PostgreSQL template database ${name} failed`);
  return name;
}

// Each SQLite test database is a copy of one migrated here (better-sqlite3 opens a serialized image
// in about a millisecond; migrating takes 0.2-0.4 s of CPU, paid by every test app before).
async function migratedSqliteImage() {
  const file = join(built, 'sqlite-migrated.db');
  const image = join(built, 'sqlite-migrated.image');
  const migrate = `const { openDatabase } = await import(${JSON.stringify(pathToFileURL(join(built, 'src/db/database.js')).href)});
const { migrateToLatest } = await import(${JSON.stringify(pathToFileURL(join(built, 'src/db/migrate.js')).href)});
const { default: SQLite } = await import('better-sqlite3');
const { writeFileSync } = await import('node:fs');
const database = openDatabase({ kind: 'sqlite', filename: ${JSON.stringify(file)} });
await migrateToLatest(database);
await database.close();
const connection = new SQLite(${JSON.stringify(file)});
connection.pragma('journal_mode = DELETE');
writeFileSync(${JSON.stringify(image)}, connection.serialize());
connection.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', migrate], { stdio: 'inherit' });
  const [code] = await once(child, 'close');
  if (code !== 0) throw new Error('migrating the SQLite template database failed');
  return image;
}

const { TEST_DATABASE_URL, TEST_DATABASE_TEMPLATE: _unused, TEST_SQLITE_TEMPLATE: _unused2, ...baseEnv } = process.env;
const results = [await run('SQLite', { ...baseEnv, TEST_SQLITE_TEMPLATE: await migratedSqliteImage() })];

if (TEST_DATABASE_URL) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    console.error(`\nTEST_DATABASE_URL is set but PostgreSQL is unreachable: ${error.message}`);
    process.exit(1);
  }
  const template = await migratedTemplate(TEST_DATABASE_URL);
  try {
    results.push(await run('PostgreSQL', { ...baseEnv, TEST_DATABASE_URL, TEST_DATABASE_TEMPLATE: template }, files.filter((file) => file in ONCE)));
  } finally {
    await adminQuery(TEST_DATABASE_URL, `drop database if exists ${template} with (force)`);
  }
} else {
  console.log('\nNOTICE: TEST_DATABASE_URL is not set, so the PostgreSQL pass was SKIPPED.');
  console.log('        Set TEST_DATABASE_URL=postgres://user@host:5432/db to run it.');
}

const pass = results.reduce((n, r) => n + r.pass, 0);
const fail = results.reduce((n, r) => n + r.fail, 0);
const failed = results.some((r) => r.code !== 0);
console.log(`\n${results.length === 2 ? 'sqlite+postgres' : 'sqlite'}: ${pass} passed, ${fail} failed`);
process.exit(failed ? 1 : 0);
