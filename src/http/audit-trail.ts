import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { isDryRun } from './dry-run.js';
import { CODE_FOR_STATUS } from './error-handler.js';

// D7: which calls the audit log records, and the one line that says what each did. Decided per
// route when it is registered (by method and route pattern, so routes added later are covered by
// the rules below): only the routes recorded get a hook, and it runs after the answer is sent, so
// no other route pays anything and no answer waits for the log.
//
// Recorded: every DELETE; every write (POST, PUT, PATCH, DELETE) to custom attribute definitions,
// benefits, categories, segments, webhooks, the blacklists (uploads and single entries, L7), the
// retention settings, people and the account's settings (T4); the exports of one customer (D3).
// Sign-ins and password changes under /console/ are recorded by the people module itself. Not recorded, though they are POSTs below those paths: assigning
// a benefit to a customer (a coupon, everyday commerce) and previewing a segment (changes nothing).
// A call is recorded whatever it answered once its key was known (a refusal of a read-only key
// included), except 429 and 503: refused before anything ran, and retried by clients in bursts.

/** One call to record; never a key or a body. */
export interface AuditEntry {
  accountId: number;
  /** The key's display prefix; '' when a person made the call. */
  keyPrefix: string;
  /** T4: the person who made the call with the console's session (absent or null: the key). */
  actorEmail?: string | null;
  method: string;
  /** The path called, without its query string (which may carry personal data: e-mails, documents). */
  path: string;
  status: number;
  requestId: string;
  summary: string;
}

export interface AuditRecorder {
  /** Resolves when written; a failed write is logged, never answered. */
  record(entry: AuditEntry): Promise<void>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ADMINISTRATIVE = [
  /^\/apiv3\/account\/[a-z-]*custom-attributes(\/|$)/,
  /^\/apiv3\/benefits(\/|$)/,
  /^\/apiv3\/categories(\/|$)/,
  /^\/apiv3\/segments(\/|$)/,
  /^\/apiv3\/webhooks(\/|$)/,
  /^\/apiv3\/account\/blacklist(\/:[^/]+\/:[^/]+)?$/,
  /^\/apiv3\/account\/retention$/,
  // T4: people (role changes included) and the account's settings.
  /^\/apiv3\/account\/people(\/|$)/,
  /^\/apiv3\/account\/settings$/,
  // D7: a mailing's send, pause and cancel (M5).
  /^\/apiv3\/mailings\/:[^/]+\/(send|pause|cancel)$/,
];
const EVERYDAY = new Set(['POST /apiv3/benefits/:/assign', 'POST /apiv3/segments/preview']);
const EXPORTS = new Set(['GET /apiv3/users/:/export', 'GET /apiv3/multiusers/export']);

/** `/apiv3/users/:id/export` -> `/apiv3/users/:/export`: rules and wording do not depend on parameter names. */
function pattern(url: string): string {
  return url.replace(/:[^/]+/g, ':');
}

/** True when the audit log records calls of this method to this route (its pattern, /apiv3 included). */
export function isAudited(method: string, url: string): boolean {
  const route = `${method} ${pattern(url)}`;
  if (method === 'DELETE' || EXPORTS.has(route)) return true;
  return WRITES.has(method) && !EVERYDAY.has(route) && ADMINISTRATIVE.some((rule) => rule.test(url));
}

// What a successful call did, by method and route pattern. A recorded route not listed here is
// described by its OpenAPI summary.
const CUSTOM_ATTRIBUTES = /^\/apiv3\/account\/([a-z-]*)custom-attributes(\/:)?$/;
const DONE: Record<string, string> = {
  'DELETE /apiv3/events/:': 'deleted the event',
  'DELETE /apiv3/user-events/bulk': 'accepted the deletion of user events in a date range (background request)',
  'POST /apiv3/categories': 'created a category',
  'DELETE /apiv3/categories': 'accepted the deletion of a category tree (background request)',
  'DELETE /apiv3/categories/bulk': 'accepted the deletion of every category (background request)',
  'POST /apiv3/benefits': 'created a benefit',
  'PUT /apiv3/benefits/:': 'updated the benefit',
  'DELETE /apiv3/benefits/:': 'deleted the benefit',
  'POST /apiv3/account/blacklist': 'uploaded a blacklist',
  'DELETE /apiv3/account/blacklist': 'emptied a blacklist',
  'DELETE /apiv3/products/:': 'deleted the product',
  'DELETE /apiv3/branches': 'accepted the deletion of a branch (background request)',
  'DELETE /apiv3/purchases/:': 'deleted the purchase',
  'POST /apiv3/segments': 'created a segment',
  'PUT /apiv3/segments/:': 'updated the segment',
  'DELETE /apiv3/segments/:': 'deleted the segment',
  'PUT /apiv3/account/retention': 'changed the retention settings',
  'PUT /apiv3/account/blacklist/:/:': 'put one value on the blacklist',
  'DELETE /apiv3/account/blacklist/:/:': 'took one value off the blacklist',
  'POST /apiv3/account/people': 'added a person and made their welcome link',
  'PUT /apiv3/account/people/:': "changed the person's role",
  'DELETE /apiv3/account/people/:': 'removed the person and ended their sessions',
  'POST /apiv3/account/people/:/email-link': 'e-mailed the person a reset link (when the server sends mail)',
  'PUT /apiv3/account/settings': "changed the account's settings",
  'POST /apiv3/mailings/:/send': 'sent the mailing (or scheduled it)',
  'POST /apiv3/mailings/:/pause': 'paused the mailing',
  'POST /apiv3/mailings/:/cancel': 'cancelled the mailing',
  'DELETE /apiv3/users/:': 'erased the customer and everything that refers to them',
  'DELETE /apiv3/multiusers': 'erased the customer found by identity and everything that refers to them',
  'GET /apiv3/users/:/export': 'exported everything held about the customer',
  'GET /apiv3/multiusers/export': 'exported everything held about the customer found by identity',
  'DELETE /apiv3/multiusers/bulk': 'accepted the erasure of every member of a segment (background request)',
};

function customAttributesDone(method: string, route: string): string | undefined {
  const match = CUSTOM_ATTRIBUTES.exec(route);
  if (!match) return undefined;
  const kind = `${match[1]!.replace(/-$/, '').replace(/-/g, ' ') || 'user'} custom attribute definition`;
  if (method === 'POST') return `created a ${kind}`;
  if (method === 'PUT') return `updated the ${kind}`;
  if (method === 'DELETE') return `deleted the ${kind} and its stored values`;
  return undefined;
}

/** The one-line summary: `DELETE /apiv3/events/12 → 200: deleted the event`. */
export function auditSummary(method: string, url: string, path: string, status: number, options: { dryRun: boolean; routeSummary?: string }): string {
  const route = pattern(url);
  let what: string;
  if (status >= 400) what = `${status >= 500 ? 'failed' : 'refused'} (${CODE_FOR_STATUS[status] ?? (status === 500 ? 'internal_error' : `status ${status}`)})`;
  else if (options.dryRun) what = 'dry run: counted what it would change, changed nothing';
  else what = DONE[`${method} ${route}`] ?? customAttributesDone(method, route) ?? options.routeSummary?.toLowerCase() ?? 'done';
  return `${method} ${path} → ${status}: ${what}`;
}

/** The path called: no query string, no trailing slash (G1 ignores it). */
function calledPath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * Registers the audit trail on a scope, before its routes: each recorded route gets an onResponse
 * hook that hands the call to `recorder` and returns at once.
 */
export function registerAuditTrail(app: FastifyInstance, recorder: AuditRecorder): void {
  const hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done();
    const status = reply.statusCode;
    if (request.accountId === 0 || status === 429 || status === 503 || !isAudited(request.method, request.routeOptions.url ?? '')) return;
    const url = request.routeOptions.url ?? '';
    const path = calledPath(request.url);
    const summary = auditSummary(request.method, url, path, status, {
      dryRun: isDryRun(request),
      routeSummary: (request.routeOptions.schema as { summary?: string } | undefined)?.summary,
    });
    recorder
      .record({ accountId: request.accountId, keyPrefix: request.keyPrefix, actorEmail: request.person?.email ?? null, method: request.method, path, status, requestId: request.id, summary })
      .catch((error: unknown) => request.log.warn({ err: error, path, status }, 'audit log write failed; the call was answered'));
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => isAudited(method.toUpperCase(), route.url))) return;
    const existing = route.onResponse;
    route.onResponse = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
  });
}
