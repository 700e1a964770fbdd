import { datetimeField, parseDateRange } from '../../lib/fields.js';
import { toPage } from '../../http/pagination.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { CreatetimeRange, IntegrationStatsRow, IntegrationStatsRepository } from './repository.js';
import type { FileStatsJson, IntegrationStatsInput, IntegrationStatsQuery, IntegrationStatsRecord } from './schemas.js';

type Json = Record<string, unknown>;

const SECTIONS = ['customers', 'products', 'branches', 'purchases'] as const;

/** Drops the null-valued properties of a declared object (null = "not given", G8). */
function withoutNulls(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null));
}

// Free-form objects (`element`, `additional_details`) are stored exactly as sent, nulls included.
function cleanSection(section: Json): Json {
  const clean = withoutNulls(section);
  if (Array.isArray(clean.failed)) clean.failed = (clean.failed as Json[]).map(withoutNulls);
  return clean;
}

function cleanFileStats(item: Json): Json {
  const clean = withoutNulls(item);
  if (Array.isArray(clean.invalid_lines)) clean.invalid_lines = (clean.invalid_lines as Json[]).map(withoutNulls);
  return clean;
}

function present(row: IntegrationStatsRow): IntegrationStatsRecord {
  const data = JSON.parse(row.data) as Partial<Record<string, unknown>>;
  return {
    id: row.id,
    createtime: row.createtime,
    customers: (data.customers as Json | undefined) ?? null,
    products: (data.products as Json | undefined) ?? null,
    branches: (data.branches as Json | undefined) ?? null,
    purchases: (data.purchases as Json | undefined) ?? null,
    files_stats: (data.files_stats as FileStatsJson[] | undefined) ?? null,
  };
}

export interface IntegrationStatsDeps {
  stats: IntegrationStatsRepository;
  clock: Clock;
}

export class IntegrationStatsService {
  constructor(private readonly deps: IntegrationStatsDeps) {}

  async record(accountId: number, body: IntegrationStatsInput): Promise<IntegrationStatsRecord> {
    const createtime = body.createtime === undefined ? formatDateTime(this.deps.clock.now()) : datetimeField('createtime', body.createtime);
    const data: Json = {};
    for (const name of SECTIONS) {
      const section = body[name];
      if (section) data[name] = cleanSection(section);
    }
    if (body.files_stats) data.files_stats = body.files_stats.map(cleanFileStats);
    return present(await this.deps.stats.insert(accountId, createtime, JSON.stringify(data)));
  }

  async list(accountId: number, query: IntegrationStatsQuery): Promise<IntegrationStatsRecord[]> {
    const range: CreatetimeRange = parseDateRange(query);
    return (await this.deps.stats.list(accountId, range, toPage(query))).map(present);
  }
}
