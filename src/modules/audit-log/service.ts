import type { AuditEntry, AuditRecorder } from '../../http/audit-trail.js';
import type { Page } from '../../http/pagination.js';
import { invalidField } from '../../lib/errors.js';
import { given, parseDateRange } from '../../lib/fields.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { AuditFilter, AuditLogRepository, AuditRow } from './repository.js';
import type { AuditEntryObject, AuditLogQuery } from './schemas.js';

/** D7: the audit log keeps 400 days. */
export const AUDIT_LOG_DAYS = 400;
const DAY_MS = 86_400_000;
/** How often (on the app's clock) the housekeeping sweeps the log. */
export const AUDIT_SWEEP_EVERY_MS = 10 * 60_000;
/** The sweep deletes in batches this small, so no transaction holds the table for long ... */
const SWEEP_BATCH = 1000;
/** ... and at most this many batches per run; the next run goes on. */
const SWEEP_BATCHES_PER_RUN = 20;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface AuditLogDeps {
  auditLog: Pick<AuditLogRepository, 'insert' | 'list' | 'deleteOlderThan'>;
  clock: Clock;
}

export class AuditLogService implements AuditRecorder {
  /** Writes of this process not yet committed: a listing waits for them (it reads its own writes). */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: AuditLogDeps) {}

  /** Records one call after its answer was sent; the promise only says whether the write worked. */
  record(entry: AuditEntry): Promise<void> {
    const write = this.deps.auditLog.insert(entry.accountId, {
      time: formatDateTime(this.deps.clock.now()),
      key_prefix: entry.keyPrefix,
      actor_email: entry.actorEmail ?? null,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      request_id: entry.requestId,
      summary: entry.summary,
    });
    const settled = write.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
    return write;
  }

  async list(accountId: number, query: AuditLogQuery, page: Page): Promise<AuditEntryObject[]> {
    const filter: AuditFilter = parseDateRange({ from: given(query.from), to: given(query.to) });
    const method = given(query.method)?.trim().toUpperCase();
    if (method !== undefined) {
      if (!METHODS.includes(method)) throw invalidField('method', `must be one of ${METHODS.join(', ')}`);
      filter.method = method;
    }
    const path = given(query.path)?.trim();
    if (path !== undefined) filter.path = auditedPathFilter(path);
    if (this.pending.size > 0) await Promise.all(this.pending);
    const rows = await this.deps.auditLog.list(accountId, filter, page);
    return rows.map(present);
  }

  /** Deletes entries older than 400 days (a few batches per run); returns how many. */
  async sweep(): Promise<number> {
    const before = formatDateTime(new Date(this.deps.clock.now().getTime() - AUDIT_LOG_DAYS * DAY_MS));
    let deleted = 0;
    for (let batch = 0; batch < SWEEP_BATCHES_PER_RUN; batch += 1) {
      const n = await this.deps.auditLog.deleteOlderThan(before, SWEEP_BATCH);
      deleted += n;
      if (n < SWEEP_BATCH) break;
    }
    return deleted;
  }
}

/**
 * The `path` filter: an absolute path, without query string; a trailing slash is ignored (G1) and
 * the /apiv3 prefix may be left out (a path below /console/ is the console's own).
 */
function auditedPathFilter(path: string): string {
  if (!path.startsWith('/')) throw invalidField('path', 'must start with /');
  if (/[?#\s]/.test(path)) throw invalidField('path', 'must be a path without query string, fragment or spaces');
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '' || trimmed === '/') return '/apiv3';
  // T4: the console's sign-ins and password changes are recorded under their own paths.
  if (trimmed === '/console' || trimmed.startsWith('/console/')) return trimmed;
  return trimmed === '/apiv3' || trimmed.startsWith('/apiv3/') ? trimmed : `/apiv3${trimmed}`;
}

function present(row: AuditRow): AuditEntryObject {
  return {
    id: Number(row.id),
    time: row.time,
    key_prefix: row.key_prefix,
    actor: row.actor_email !== null ? { type: 'person', email: row.actor_email } : { type: 'key', key_prefix: row.key_prefix },
    method: row.method,
    path: row.path,
    status: Number(row.status),
    request_id: row.request_id,
    summary: row.summary,
  };
}
