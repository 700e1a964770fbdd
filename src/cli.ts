import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { type Config, ConfigError, appVersion, loadConfig } from './config.js';
import type { DB } from './db/types.js';
import { isRole } from './http/roles.js';
import type { PeopleService } from './modules/people/service.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/time.js';
import { isKeyScope } from './modules/accounts/keys.js';
import type { AccountsService } from './modules/accounts/service.js';
import { buildAccounts, buildPeople } from './services.js';
import { startServer } from './server.js';

const USAGE = `Usage: rapport <command>

Commands:
  serve                          start the API server (the default)
  migrate                        apply pending database migrations
  accounts create --name <n>     create an account (and print its first API key)
  accounts list                  list accounts
  keys create --account <id> [--scope full|read]
                                 create an API key (read: GET and HEAD only); the key is the last line printed
  keys list --account <id>       list an account's keys (prefix, scope, created, state; never the key)
  keys revoke <prefix>           revoke the key(s) with that prefix
  people add --account <id> --email <e> --role owner|editor|viewer
                                 add a person who signs in to the console; prints their welcome link (72 hours, once)
  people reset --email <e> [--account <id>]
                                 print a link that sets a new password (one hour, once); --account when the
                                 e-mail is a person of several accounts

Options:
  --version                      print the version and exit
  -h, --help                     print this help

Configuration comes from the environment: DATABASE_URL, HOST, PORT, PUBLIC_URL, LOG_LEVEL, ... (see the README).
The list commands only read: they never create or migrate the database.`;

class UsageError extends Error {}

function accountId(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new UsageError('--account <id> is required and must be a number');
  return Number(value);
}

/** Commands that change data bring the database up to date first; read-only ones never write. */
async function withAccounts<T>(mode: 'write' | 'read', fn: (service: AccountsService) => Promise<T>): Promise<T> {
  return withDatabase(mode, (db) => fn(buildAccounts(db, systemClock)));
}

/**
 * People (T1): links are made here and printed, never e-mailed or logged. They start with the base
 * the server's own links have (PUBLIC_URL, else http://HOST:PORT); without PUBLIC_URL that base is
 * a guess from this shell's HOST and PORT, which may not be the server's, and stderr says so.
 */
async function withPeople<T>(fn: (service: PeopleService) => Promise<T>): Promise<T> {
  return withDatabase('write', async (db, config) => {
    const result = await fn(buildPeople(db, { clock: systemClock, publicUrl: config.publicUrl, mailer: null, audit: { record: async () => undefined }, log: { warn() {}, info() {} } }));
    if (!config.publicUrlSet) {
      console.error(
        `rapport: PUBLIC_URL is not set, so the link starts with ${config.publicUrl}, guessed from HOST and PORT (${config.host}:${config.port} here) as a server started like this guesses its own. If people reach the server at another address, run this again with PUBLIC_URL set to it.`,
      );
    }
    return result;
  });
}

async function withDatabase<T>(mode: 'write' | 'read', fn: (db: Kysely<DB>, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (mode === 'read' && config.database.kind === 'sqlite' && config.database.filename !== ':memory:' && !existsSync(config.database.filename)) {
    throw new UsageError(`no database at ${config.database.filename}: start the server or run "rapport migrate" first`);
  }
  const database = openDatabase(config.database);
  try {
    if (mode === 'write') await migrateToLatest(database);
    return await fn(database.db, config);
  } catch (error) {
    if (mode === 'read' && isMissingTable(error)) {
      throw new UsageError('the database has no Rapport tables yet: start the server or run "rapport migrate" first');
    }
    if (mode === 'read' && isMissingColumn(error)) {
      throw new UsageError('the database was made by an older version: start the server or run "rapport migrate" first');
    }
    throw error;
  } finally {
    await database.close();
  }
}

function isMissingColumn(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42703' || (typeof message === 'string' && message.startsWith('no such column'));
}

function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && message.startsWith('no such table'));
}

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      account: { type: 'string' },
      scope: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.version) {
    console.log(appVersion());
    return;
  }
  const [command = 'serve', sub, arg] = positionals;
  if (values.help || command === 'help') {
    console.log(USAGE);
    return;
  }
  if (command === 'serve') {
    await startServer(loadConfig());
    return;
  }
  if (command === 'migrate') {
    const config = loadConfig();
    const database = openDatabase(config.database);
    try {
      const applied = await migrateToLatest(database);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    } finally {
      await database.close();
    }
    return;
  }
  if (command === 'accounts' && sub === 'create') {
    if (!values.name) throw new UsageError('accounts create needs --name <name>');
    const name = values.name;
    await withAccounts('write', async (service) => {
      const account = await service.createAccount(name);
      const { key, row } = await service.createKey(account.id);
      console.log(`account ${account.id} "${account.name}" created; key prefix ${row.prefix}`);
      console.log(key);
    });
    return;
  }
  if (command === 'accounts' && sub === 'list') {
    await withAccounts('read', async (service) => {
      for (const a of await service.listAccounts()) console.log(`${a.id}\t${a.name}\t${a.created_at}`);
    });
    return;
  }
  if (command === 'keys' && sub === 'create') {
    const id = accountId(values.account);
    const scope = values.scope ?? 'full';
    if (!isKeyScope(scope)) throw new UsageError('--scope must be full or read');
    await withAccounts('write', async (service) => {
      const { key, row } = await service.createKey(id, undefined, scope);
      console.log(`key ${row.prefix} (${row.scope}) created for account ${id}`);
      console.log(key);
    });
    return;
  }
  if (command === 'keys' && sub === 'list') {
    const id = accountId(values.account);
    await withAccounts('read', async (service) => {
      for (const k of await service.listKeys(id)) {
        console.log(`${k.prefix}\t${k.scope}\tcreated ${k.created_at}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`);
      }
    });
    return;
  }
  if (command === 'keys' && sub === 'revoke') {
    if (!arg) throw new UsageError('keys revoke needs the key prefix');
    await withAccounts('write', async (service) => {
      const count = await service.revokeKey(arg);
      if (count === 0) throw new UsageError(`no active key with prefix ${arg}`);
      console.log(`revoked ${count} key(s) with prefix ${arg}`);
    });
    return;
  }
  if (command === 'people' && sub === 'add') {
    const id = accountId(values.account);
    if (!values.email) throw new UsageError('people add needs --email <e-mail>');
    const role = values.role;
    if (!isRole(role)) throw new UsageError('people add needs --role owner, editor or viewer');
    const email = values.email;
    await withPeople(async (service) => {
      const { person, url } = await service.addFromCommandLine(id, email, role);
      console.log(`person ${person.id} ${person.email} (${person.role}) added to account ${id}; their welcome link (valid 72 hours, once):`);
      console.log(url);
    });
    return;
  }
  if (command === 'people' && sub === 'reset') {
    if (!values.email) throw new UsageError('people reset needs --email <e-mail>');
    const id = values.account === undefined ? undefined : accountId(values.account);
    const email = values.email;
    await withPeople(async (service) => {
      const link = await service.resetLink(email, id);
      console.log(`a link that sets a new password for ${email.trim().toLowerCase()} of account ${link.accountId} (valid ${link.validHours === 1 ? 'one hour' : `${link.validHours} hours`}, once; their sessions end when it is used):`);
      console.log(link.url);
    });
    return;
  }
  throw new UsageError(`unknown command: ${positionals.join(' ') || command}`);
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`rapport: invalid configuration: ${error.message}`);
  } else if (error instanceof UsageError) {
    console.error(`rapport: ${error.message}\n\n${USAGE}`);
  } else {
    console.error(`rapport: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
});
