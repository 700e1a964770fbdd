import { toPage } from '../../http/pagination.js';
import { NotFoundError } from '../../lib/errors.js';
import { given } from '../../lib/fields.js';
import type { RequestFilter, RequestQueue, RequestRow } from '../../jobs/queue.js';
import type { RequestsQuery } from './schemas.js';

export interface RequestView {
  request_id: string;
  type: string;
  status: RequestRow['status'];
  result: { deleted: number; error?: string } | null;
  created: string;
  finished: string | null;
}

/**
 * K3: background work answers `{request_id}` at once and resumes after a restart. While running, `result` shows the
 * progress so far; pending has none yet.
 */
export function presentRequest(row: RequestRow): RequestView {
  let result: RequestView['result'] = null;
  if (row.result) result = JSON.parse(row.result) as RequestView['result'];
  else if (row.status === 'running') result = { deleted: Number(row.processed) };
  return { request_id: row.id, type: row.type, status: row.status, result, created: row.created, finished: row.finished };
}

export class RequestsService {
  private readonly queue: Pick<RequestQueue, 'find' | 'list'>;

  constructor({ queue }: { queue: Pick<RequestQueue, 'find' | 'list'> }) {
    this.queue = queue;
  }

  async get(accountId: number, id: string): Promise<RequestView> {
    const row = await this.queue.find(accountId, id);
    if (!row) throw new NotFoundError(`request ${id} not found`);
    return presentRequest(row);
  }

  /** O11: the account's requests, newest first; empty filters are absent (G7). */
  async list(accountId: number, query: RequestsQuery): Promise<RequestView[]> {
    // The schema admits only the four statuses or an empty text, which given() turns into undefined.
    const filter: RequestFilter = { status: given(query.status) as RequestFilter['status'], type: given(query.type) };
    const rows = await this.queue.list(accountId, filter, toPage(query));
    return rows.map(presentRequest);
  }
}
