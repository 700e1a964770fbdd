import { NotFoundError } from '../../lib/errors.js';
import type { RequestQueue, RequestRow } from '../../jobs/queue.js';

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
  private readonly queue: Pick<RequestQueue, 'find'>;

  constructor({ queue }: { queue: Pick<RequestQueue, 'find'> }) {
    this.queue = queue;
  }

  async get(accountId: number, id: string): Promise<RequestView> {
    const row = await this.queue.find(accountId, id);
    if (!row) throw new NotFoundError(`request ${id} not found`);
    return presentRequest(row);
  }
}
