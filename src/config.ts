// The only reader of process.env. Every setting is validated here so a bad
// value stops the start with one line naming the variable.

export type DatabaseConfig =
  | { kind: 'sqlite'; filename: string }
  | { kind: 'postgres'; connectionString: string; schema?: string };

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
  workerEnabled: boolean;
  workerPollMs: number;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const bootstrapApiKey = env.BOOTSTRAP_API_KEY || undefined;
  if (bootstrapApiKey !== undefined && !/^[A-Za-z0-9_\-.~]{16,128}$/.test(bootstrapApiKey)) {
    throw new ConfigError('BOOTSTRAP_API_KEY', 'must be 16 to 128 characters of letters, digits, _ - . ~');
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL', 'must start with smtp:// or smtps://');
  }
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env, 'PORT', 8080, 0, 65535),
    database: parseDatabaseUrl(env.DATABASE_URL || 'sqlite:./data/rapport.db'),
    logLevel,
    bootstrapApiKey,
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Rapport <rapport@localhost>',
    uploadLimitBytes: integer(env, 'UPLOAD_LIMIT_MB', 100, 1, 100_000) * 1024 * 1024,
    bodyLimitBytes: 1024 * 1024,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 10_000_000),
    workerEnabled: bool(env, 'WORKER_ENABLED', true),
    workerPollMs: integer(env, 'WORKER_POLL_MS', 1000, 10, 600_000),
  };
}
