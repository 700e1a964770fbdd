import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { cli, freshDb, lastLine } from './helpers/cli.js';

// The command-line tool, run as a user would: child processes on a real SQLite file (the server
// process and how each command ends: cli-serve.test.ts). Helpers: helpers/cli.ts.

describe('rapport command-line tool', () => {
  it('creates accounts and keys, lists them by prefix only, and revokes by prefix', async () => {
    const env = { DATABASE_URL: freshDb() };
    const created = await cli(['accounts', 'create', '--name', 'Acme'], env);
    assert.equal(created.code, 0, created.stderr);
    const firstKey = lastLine(created.stdout);
    assert.match(firstKey, /^rk_[A-Za-z0-9_-]{43}$/);
    const accounts = await cli(['accounts', 'list'], env);
    assert.match(accounts.stdout, /^1\tAcme\t\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/m);

    const key = await cli(['keys', 'create', '--account', '1'], env);
    const secondKey = lastLine(key.stdout);
    assert.match(secondKey, /^rk_/);
    assert.notEqual(secondKey, firstKey);

    const listed = await cli(['keys', 'list', '--account', '1'], env);
    assert.equal(listed.stdout.trim().split('\n').length, 2);
    assert.ok(!listed.stdout.includes(firstKey) && !listed.stdout.includes(secondKey), 'keys are never listed');
    const prefix = secondKey.slice(0, 11);
    assert.ok(listed.stdout.includes(prefix));

    const revoked = await cli(['keys', 'revoke', prefix], env);
    assert.equal(revoked.code, 0);
    assert.match(revoked.stdout, /revoked 1 key/);
    assert.match((await cli(['keys', 'list', '--account', '1'], env)).stdout, new RegExp(`${prefix}\\t.*revoked`));
    const again = await cli(['keys', 'revoke', prefix], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /no active key with prefix/);
  });

  it('creates read-only keys with --scope read and lists each key\'s scope (D8)', async () => {
    const env = { DATABASE_URL: freshDb() };
    assert.equal((await cli(['accounts', 'create', '--name', 'Acme'], env)).code, 0);
    const read = await cli(['keys', 'create', '--account', '1', '--scope', 'read'], env);
    assert.equal(read.code, 0, read.stderr);
    const readKey = lastLine(read.stdout);
    assert.match(read.stdout, /^key rk_\S+ \(read\) created for account 1$/m);
    const full = await cli(['keys', 'create', '--account', '1', '--scope', 'full'], env);
    assert.match(full.stdout, /\(full\) created/);
    const listed = (await cli(['keys', 'list', '--account', '1'], env)).stdout.trim().split('\n');
    assert.deepEqual(
      listed.map((line) => line.split('\t')[1]),
      ['full', 'read', 'full'],
      'the first key (accounts create) and a key without --scope are full',
    );
    assert.ok(listed[1]!.startsWith(`${readKey.slice(0, 11)}\tread\tcreated `));
    const bad = await cli(['keys', 'create', '--account', '1', '--scope', 'write'], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--scope must be full or read/);
    assert.equal((await cli(['keys', 'list', '--account', '1'], env)).stdout.trim().split('\n').length, 3, 'nothing created');
  });

  it('people add prints a welcome link; people reset prints a link that sets a new password (T1, T2)', async () => {
    const env = { DATABASE_URL: freshDb(), PUBLIC_URL: 'https://rapport.example.com/' };
    assert.equal((await cli(['accounts', 'create', '--name', 'Acme'], env)).code, 0);
    const added = await cli(['people', 'add', '--account', '1', '--email', ' Ana@Example.com ', '--role', 'editor'], env);
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /^person 1 ana@example\.com \(editor\) added to account 1; their welcome link \(valid 72 hours, once\):$/m);
    assert.match(lastLine(added.stdout), /^https:\/\/rapport\.example\.com\/console\/welcome\?token=[A-Za-z0-9_-]{43}$/);
    for (const [args, message] of [
      [['people', 'add', '--account', '1', '--email', 'ana@example.com', '--role', 'viewer'], /is a person of account 1 already/],
      [['people', 'add', '--account', '1', '--email', 'bo@example.com', '--role', 'admin'], /--role owner, editor or viewer/],
    ] as const) {
      const result = await cli([...args], env);
      assert.equal(result.code, 1, args.join(' '));
      assert.match(result.stderr, message);
    }
    const reset = await cli(['people', 'reset', '--email', 'ANA@example.com'], env);
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /for ana@example\.com of account 1 \(valid 72 hours, once/, 'no password yet: a welcome link again');
    assert.match(lastLine(reset.stdout), /^https:\/\/rapport\.example\.com\/console\/welcome\?token=/);
    assert.notEqual(lastLine(reset.stdout), lastLine(added.stdout));
    assert.doesNotMatch(added.stderr + reset.stderr, /PUBLIC_URL/, 'PUBLIC_URL set: nothing guessed');
  });

  it('without PUBLIC_URL, people add and reset link to HOST and PORT as the server would, loopback for 0.0.0.0, and say it was guessed', async () => {
    const env = { DATABASE_URL: freshDb(), PUBLIC_URL: '', HOST: '0.0.0.0', PORT: '3456' };
    assert.equal((await cli(['accounts', 'create', '--name', 'Acme'], env)).code, 0);
    const added = await cli(['people', 'add', '--account', '1', '--email', 'cy@example.com', '--role', 'viewer'], env);
    assert.equal(added.code, 0, added.stderr);
    assert.match(lastLine(added.stdout), /^http:\/\/127\.0\.0\.1:3456\/console\/welcome\?token=[A-Za-z0-9_-]{43}$/);
    assert.match(added.stderr, /PUBLIC_URL is not set, so the link starts with http:\/\/127\.0\.0\.1:3456, guessed from HOST and PORT \(0\.0\.0\.0:3456 here\)/);
    const reset = await cli(['people', 'reset', '--email', 'cy@example.com'], { ...env, HOST: '', PORT: '' });
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(lastLine(reset.stdout), /^http:\/\/127\.0\.0\.1:8080\/console\/welcome\?token=/);
    assert.match(reset.stderr, /PUBLIC_URL is not set, so the link starts with http:\/\/127\.0\.0\.1:8080, guessed/);
  });

  it('explains bad usage and unknown accounts', async () => {
    const env = { DATABASE_URL: freshDb() };
    const noName = await cli(['accounts', 'create'], env);
    assert.equal(noName.code, 1);
    assert.match(noName.stderr, /accounts create needs --name/);
    const noAccount = await cli(['keys', 'create', '--account', '42'], env);
    assert.equal(noAccount.code, 1);
    assert.match(noAccount.stderr, /no account with id 42/);
    const unknown = await cli(['frobnicate'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /unknown command: frobnicate/);
  });

  it('prints its version with --version', async () => {
    const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await cli([flag], { DATABASE_URL: freshDb() });
      assert.equal(result.code, 0);
      assert.equal(result.stdout.trim(), version);
    }
  });

  it('lists without creating or migrating the database', async () => {
    const url = freshDb();
    const file = url.slice('sqlite:'.length);
    for (const args of [['accounts', 'list'], ['keys', 'list', '--account', '1']]) {
      const missing = await cli(args, { DATABASE_URL: url });
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /no database at .*: start the server or run "rapport migrate" first/);
      assert.equal(existsSync(file), false, 'no file was created');
    }
    // an existing file without Rapport's tables stays without them
    mkdirSync(dirname(file), { recursive: true });
    new SQLite(file).close();
    const empty = await cli(['accounts', 'list'], { DATABASE_URL: url });
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /no Rapport tables yet/);
    const check = new SQLite(file);
    assert.deepEqual(check.prepare("select name from sqlite_master where type = 'table'").all(), []);
    check.close();
    // once migrated, listing reads
    assert.equal((await cli(['migrate'], { DATABASE_URL: url })).code, 0);
    const listed = await cli(['accounts', 'list'], { DATABASE_URL: url });
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.stdout, '');
  });

  it('migrate applies the migrations once', async () => {
    const env = { DATABASE_URL: freshDb() };
    assert.match((await cli(['migrate'], env)).stdout, /applied: 0001_foundation/);
    assert.match((await cli(['migrate'], env)).stdout, /database is up to date/);
  });

  it('stops on invalid configuration with one line naming the variable', async () => {
    for (const [name, value, message] of [
      ['PORT', 'abc', /^rapport: invalid configuration: PORT: must be a whole number/],
      ['DATABASE_URL', 'mysql://x', /^rapport: invalid configuration: DATABASE_URL: must start with sqlite: or postgres:\/\//],
      ['LOG_LEVEL', 'loud', /^rapport: invalid configuration: LOG_LEVEL: must be one of/],
      ['BOOTSTRAP_API_KEY', 'short', /^rapport: invalid configuration: BOOTSTRAP_API_KEY: /],
      ['SMTP_URL', 'http://mail', /^rapport: invalid configuration: SMTP_URL: /],
    ] as const) {
      const result = await cli(['serve'], { DATABASE_URL: freshDb(), [name]: value });
      assert.equal(result.code, 1, name);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
      assert.match(result.stderr, message);
    }
  });
});
