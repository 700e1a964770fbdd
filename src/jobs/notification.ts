import type { RequestRow } from './queue.js';
import type { NewMail } from './outbox.js';
import type { RequestHandler } from './types.js';

/** The e-mail that reports an ended request: what was asked, the outcome, the counts. */
export function notificationFor(request: RequestRow, handler: RequestHandler | undefined, params: unknown): NewMail {
  const result = request.result ? (JSON.parse(request.result) as { deleted?: number; error?: string }) : {};
  const deleted = Number(result.deleted ?? request.processed);
  const unit = handler?.unit ?? 'items';
  const outcome = request.status === 'done' ? 'completed' : 'failed';
  const asked = handler ? handler.describe(params) : request.type;
  const lines = [
    `Your request ${request.id} has ${outcome}.`,
    '',
    `Request: ${asked}`,
    `Type: ${request.type}`,
    `Outcome: ${request.status}`,
    `Deleted: ${deleted} ${unit}`,
    ...(result.error ? [`Error: ${result.error}`] : []),
    `Accepted: ${request.created} UTC`,
    `Finished: ${request.finished ?? ''} UTC`,
  ];
  return {
    requestId: request.id,
    to: request.notify_to ?? '',
    subject: `Rapport: ${asked} ${outcome} (${deleted} ${unit} deleted)`,
    body: `${lines.join('\n')}\n`,
  };
}
