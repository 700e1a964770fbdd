// The only reader of process.env. Every setting is validated here so a bad
// value stops the start with one line naming the variable.

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import emailValidator from 'email-validator';

export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string; /** How long a write waits for SQLite's lock before 503 (default 5 s). */ busyTimeoutMs?: number }
  | { kind: 'postgres'; connectionString: string; schema?: string; /** Connections per process (default 10). */ poolSize?: number };

/** Fastify's `trustProxy`: off, on (any peer is a proxy), or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

export interface Config {
  host: string;
  port: number;
  database: DatabaseConfig;
  logLevel: string;
  bootstrapApiKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  uploadLimitBytes: number;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /** Password hashes (sign-ins, club members) computed at once; the others wait their turn. */
  passwordHashConcurrency: number;
  workerEnabled: boolean;
  workerPollMs: number;
  trustProxy: TrustProxy;
  /** Origins allowed by CORS; empty: no CORS headers at all. `['*']`: any origin. */
  corsOrigins: string[];
  /** When set, GET /metrics takes only `Authorization: Bearer <token>`; otherwise any live API key. */
  metricsToken: string | undefined;
  /** How long a graceful shutdown may take before the remaining connections are cut. */
  shutdownTimeoutMs: number;
  /** Load shedding (O5): the target event-loop delay; sustained above it, requests get 503; 0 off. */
  overloadEventLoopDelayMs: number;
  /** Load shedding (O5): requests in flight beyond which new ones get 503; 0 off. */
  overloadMaxInFlight: number;
  /** O5: how long the event loop's smallest delay must stay above OVERLOAD_EVENT_LOOP_DELAY_MS before requests are refused. */
  overloadIntervalMs: number;
  /** How long a live API key is answered from memory; a key revoked elsewhere works at most this long. 0 off. */
  apiKeyCacheMs: number;
  /** W1: webhook URLs may point at loopback and private networks (and use http:// there). */
  webhookAllowPrivate: boolean;
  /** W4: how long a webhook delivery waits for the receiver's answer. */
  webhookTimeoutMs: number;
  /**
   * W4: how long a worker's claim on a webhook message lasts before another process may send it
   * (a process killed mid-delivery); unset: three timeouts, at least a minute.
   */
  webhookLeaseMs?: number;
  /** M8: the address the public routes (unsubscribe, opens, clicks, view) are reached at, without a trailing slash; T1: the console's links. */
  publicUrl: string;
  /**
   * False when PUBLIC_URL was not set (publicUrl is then http://HOST:PORT, loopback for 0.0.0.0 and
   * ::): T3's CSRF rule also takes the request's own origin, and the command-line tool says its links
   * were guessed.
   */
  publicUrlSet: boolean;
  /** T1: the e-mail of the owner the first start makes beside the first API key. */
  ownerEmail: string;
  /** M6: SMTP connections a process's mailing sender keeps open. */
  mailingConcurrency: number;
  /** M6: messages a second a process sends at most; 0: as fast as the SMTP server takes them. */
  mailingRatePerSecond: number;
  /** M6: how long a sender's claim on a batch of recipients lasts before another process may send them. */
  mailingLeaseMs: number;
  /** SG7: every segment's members re-evaluated whole at least this often (minutes). */
  segmentRefreshMinutes: number;
  /** SG7: how often the live segments loop looks for customers to re-evaluate. */
  segmentPollMs: number;
  /** M6: DKIM signing, when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are all set. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseDatabaseUrl(url: string, variable = 'DATABASE_URL'): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const filename = url.slice('sqlite:'.length);
    if (filename === '') throw new ConfigError(variable, 'sqlite: needs a file path or :memory:');
    return { kind: 'sqlite', filename };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    try {
      new URL(url);
    } catch {
      throw new ConfigError(variable, 'is not a valid postgres:// URL');
    }
    return { kind: 'postgres', connectionString: url };
  }
  throw new ConfigError(variable, 'must start with sqlite: or postgres://');
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(false|0|no|off)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGES.includes(entry)) continue;
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    const maxBits = version === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (version === 0 || !validBits || rest.length > 0) {
      throw new ConfigError('TRUST_PROXY', `must be true, false, or proxy addresses/CIDRs (or loopback, linklocal, uniquelocal) separated by commas; "${entry}" is none`);
    }
  }
  return entries;
}

function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  const raw = (env.CORS_ORIGINS ?? '').trim();
  if (raw === '') return [];
  const origins = raw.split(',').map((origin) => origin.trim().replace(/\/$/, ''));
  if (origins.includes('*')) {
    if (origins.length > 1) throw new ConfigError('CORS_ORIGINS', '* allows every origin and cannot be combined with others');
    return origins;
  }
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError('CORS_ORIGINS', `must be * or origins like https://app.example.com separated by commas; "${origin}" is not one`);
    }
  }
  return origins;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const bootstrapApiKey = env.BOOTSTRAP_API_KEY || undefined;
  if (bootstrapApiKey !== undefined && !/^[A-Za-z0-9_\-.~]{16,128}$/.test(bootstrapApiKey)) {
    throw new ConfigError('BOOTSTRAP_API_KEY', 'must be 16 to 128 characters of letters, digits, _ - . ~');
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 256 printable characters without spaces');
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', 'must start with smtp:// or smtps://');
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 8080, 0, 65535),
    database: withPoolSize(parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/rapport.db'), integer(env, 'DB_POOL_SIZE', 10, 1, 1000)),
    logLevel,
    bootstrapApiKey,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Rapport <rapport@localhost>',
    uploadLimitBytes: integer(env, 'UPLOAD_LIMIT_MB', 100, 1, 100_000) * 1024 * 1024,
    bodyLimitBytes: 1024 * 1024,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 10_000_000),
    // One core left to the event loop and the database during a burst of sign-ins (docs/benchmarks.md).
    passwordHashConcurrency: integer(env, 'PASSWORD_HASH_CONCURRENCY', Math.max(1, availableParallelism() - 1), 1, 64),
    workerEnabled: bool(env, 'WORKER_ENABLED', true),
    workerPollMs: integer(env, 'WORKER_POLL_MS', 1000, 10, 600_000),
    trustProxy: trustProxy(env),
    corsOrigins: corsOrigins(env),
    metricsToken,
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 3_600_000),
    overloadEventLoopDelayMs: integer(env, 'OVERLOAD_EVENT_LOOP_DELAY_MS', 100, 0, 60_000),
    overloadMaxInFlight: integer(env, 'OVERLOAD_MAX_IN_FLIGHT', 500, 0, 1_000_000),
    overloadIntervalMs: integer(env, 'OVERLOAD_INTERVAL_MS', 1000, 10, 60_000),
    apiKeyCacheMs: integer(env, 'API_KEY_CACHE_MS', 1000, 0, 10_000),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookLeaseMs: webhookLeaseMs(env),
    publicUrl: publicUrl(env),
    publicUrlSet: (env.PUBLIC_URL ?? '').trim() !== '',
    ownerEmail: ownerEmail(env),
    mailingConcurrency: integer(env, 'MAILING_CONCURRENCY', 4, 1, 100),
    mailingRatePerSecond: integer(env, 'MAILING_RATE_PER_SECOND', 0, 0, 1_000_000),
    mailingLeaseMs: integer(env, 'MAILING_LEASE_MS', 60_000, 1000, 3_600_000),
    segmentRefreshMinutes: integer(env, 'SEGMENT_REFRESH_MINUTES', 15, 1, 10_080),
    segmentPollMs: integer(env, 'SEGMENT_POLL_MS', 500, 10, 60_000),
    dkim: dkim(env),
  };
}

function publicUrl(env: NodeJS.ProcessEnv): string {
  const raw = (env.PUBLIC_URL ?? '').trim();
  if (raw === '') {
    // A server listening on every address (0.0.0.0, ::) is reached on this machine at loopback, the
    // address `rapport serve` prints; a link to 0.0.0.0 opens nothing.
    const host = ({ '0.0.0.0': '127.0.0.1', '::': '::1' } as Record<string, string>)[env.HOST ?? ''] ?? (env.HOST || '127.0.0.1');
    return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || '8080'}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('PUBLIC_URL', `must be an absolute http:// or https:// URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash) throw new ConfigError('PUBLIC_URL', `must be an http:// or https:// URL without query or fragment, got "${raw}"`);
  return url.href.replace(/\/+$/, '');
}

function ownerEmail(env: NodeJS.ProcessEnv): string {
  const raw = (env.OWNER_EMAIL ?? '').trim();
  if (raw === '') return 'owner@example.com';
  // The package lib/fields.ts's normaliseEmail uses, called here directly: config.ts imports nothing
  // of src/ (it sits beside lib/ at the bottom of the import graph, under db/).
  const email = raw.toLowerCase();
  if (!emailValidator.validate(email)) throw new ConfigError('OWNER_EMAIL', `must be an e-mail address, got "${raw}"`);
  return email;
}

function dkim(env: NodeJS.ProcessEnv): Config['dkim'] {
  const domainName = env.DKIM_DOMAIN || undefined;
  const keySelector = env.DKIM_SELECTOR || undefined;
  const privateKey = env.DKIM_PRIVATE_KEY || undefined;
  const given = [domainName, keySelector, privateKey].filter((value) => value !== undefined).length;
  if (given === 0) return undefined;
  if (given < 3) throw new ConfigError(domainName ? (keySelector ? 'DKIM_PRIVATE_KEY' : 'DKIM_SELECTOR') : 'DKIM_DOMAIN', 'DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together');
  if (!privateKey!.includes('PRIVATE KEY')) throw new ConfigError('DKIM_PRIVATE_KEY', 'must be a PEM private key (-----BEGIN PRIVATE KEY----- …)');
  return { domainName: domainName!, keySelector: keySelector!, privateKey: privateKey!.replace(/\\n/g, '\n') };
}

function webhookLeaseMs(env: NodeJS.ProcessEnv): number | undefined {
  if (!env.WEBHOOK_LEASE_MS) return undefined;
  const lease = integer(env, 'WEBHOOK_LEASE_MS', 0, 1000, 3_600_000);
  const timeout = integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000);
  // A live claim must not run out under an attempt, or another process sends it too; a worker
  // claims twice as many messages as it sends at once, so a claim may wait for one attempt first.
  if (lease < 3 * timeout) throw new ConfigError('WEBHOOK_LEASE_MS', `must be at least three times WEBHOOK_TIMEOUT_MS (${3 * timeout}), got ${lease}`);
  return lease;
}

function withPoolSize(database: DatabaseConfig, poolSize: number): DatabaseConfig {
  return database.kind === 'postgres' ? { ...database, poolSize } : database;
}

/** Where the data lives, for the start-up log: the file, or user@host:port/database, never a password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return `sqlite:${database.filename === ':memory:' ? ':memory:' : resolve(database.filename)}`;
  const url = new URL(database.connectionString);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
  const port = url.port ? `:${url.port}` : '';
  return `postgres://${user}${url.hostname}${port}${url.pathname}${database.schema ? ` (schema ${database.schema})` : ''}`;
}

let version: string | undefined;

/** The package's version; package.json sits one level above both src/ and dist/. */
export function appVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}
