// T1: what each role of a person may call, for every route under /apiv3: the one place to read it.
// `viewer` reads; `editor` also writes data, segments, mailings, blacklists and benefits; `owner`
// does everything, and alone manages people, webhooks, retention, the account's settings and bulk
// erasure, and alone reads webhooks, retention and the audit log. A person's role is checked by the
// account hook (http/auth.ts) against this table; API keys are judged as before (D8: a full key
// may do everything an owner does, a read key may GET and HEAD). A route missing here is the
// owner's only, and test/http/roles.test.ts fails until it is listed.

export const ROLES = ['viewer', 'editor', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `role` is `needed` or above it. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** `METHOD /path` as the route is registered below /apiv3 (HEAD is its GET) -> the least role that may call it. */
export const ROUTE_ROLES: Readonly<Record<string, Role>> = {
  // Customers (U1–U13), points, family members, abandoned carts
  'POST /users': 'editor',
  'GET /users': 'viewer',
  'GET /users/:id': 'viewer',
  'PUT /users/:id': 'editor',
  'DELETE /users/:id': 'editor',
  'GET /users/:id/exist': 'viewer',
  'GET /users/:id/export': 'editor',
  'POST /users/:id/points': 'editor',
  'GET /users/:id/points': 'viewer',
  'GET /users/:id/purchases': 'viewer',
  'GET /users/:id/transactions': 'viewer',
  'POST /users/:id/abandoned-cart': 'editor',
  'GET /users/:id/abandoned-carts': 'viewer',
  'GET /users/:id/members': 'viewer',
  'POST /users/:id/members': 'editor',
  // U12, U13: a shop's newsletter box and the club's own site call these with a key; a person signs
  // up or checks a member as an editor (a viewer makes no POST).
  'POST /users/newsletter': 'editor',
  'POST /users/register': 'editor',
  'POST /users/authenticate': 'editor',
  'GET /transactions': 'viewer',
  'GET /users/:id/mailings': 'viewer',
  'GET /users/:id/segments': 'viewer',
  'GET /account/tags': 'viewer',
  'GET /users/:id/value': 'viewer',
  'GET /user/:id/belongsToSegment': 'viewer',
  'PUT /multiusers': 'editor',
  'DELETE /multiusers': 'editor',
  'GET /multiusers/exist': 'viewer',
  'GET /multiusers/export': 'editor',
  'GET /multiusers/find': 'viewer',
  'POST /multiusers/points': 'editor',
  'GET /multiusers/transactions': 'viewer',
  'POST /multiusers/abandoned-cart': 'editor',
  'POST /multiusers/members': 'editor',
  'PUT /multiusers/members': 'editor',
  'DELETE /multiusers/bulk': 'owner',
  // Events and user events
  'POST /user-events': 'editor',
  'GET /user-events': 'viewer',
  'DELETE /user-events/bulk': 'editor',
  'GET /events': 'viewer',
  'POST /events': 'editor',
  'DELETE /events/:id': 'editor',
  // Mailings
  'POST /mailingfolders': 'editor',
  'GET /mailingfolders': 'viewer',
  'GET /mailingfolders/:id': 'viewer',
  'PUT /mailingfolders/:id': 'editor',
  'DELETE /mailingfolders/:id': 'editor',
  'POST /mailings': 'editor',
  'GET /mailings': 'viewer',
  'GET /mailings/:id': 'viewer',
  'PUT /mailings/:id': 'editor',
  'DELETE /mailings/:id': 'editor',
  'POST /mailings/:id/copy': 'editor',
  'POST /mailings/:id/cancel': 'editor',
  'POST /mailings/:id/preview': 'editor',
  'POST /mailings/:id/pause': 'editor',
  'GET /mailings/:id/audience': 'viewer',
  'POST /mailings/:id/test': 'editor',
  'POST /mailings/:id/send': 'editor',
  'POST /mailings/:id/resume': 'editor',
  'GET /mailings/:id/recipients': 'viewer',
  // Custom attribute definitions
  'GET /account/custom-attributes': 'viewer',
  'POST /account/custom-attributes': 'editor',
  'PUT /account/custom-attributes/:name': 'editor',
  'DELETE /account/custom-attributes/:name': 'editor',
  'GET /account/product-custom-attributes': 'viewer',
  'POST /account/product-custom-attributes': 'editor',
  'PUT /account/product-custom-attributes/:name': 'editor',
  'DELETE /account/product-custom-attributes/:name': 'editor',
  'GET /account/purchase-custom-attributes': 'viewer',
  'POST /account/purchase-custom-attributes': 'editor',
  'PUT /account/purchase-custom-attributes/:name': 'editor',
  'DELETE /account/purchase-custom-attributes/:name': 'editor',
  'GET /account/purchase-item-custom-attributes': 'viewer',
  'POST /account/purchase-item-custom-attributes': 'editor',
  'PUT /account/purchase-item-custom-attributes/:name': 'editor',
  'DELETE /account/purchase-item-custom-attributes/:name': 'editor',
  // Blacklists
  'POST /account/blacklist': 'editor',
  'DELETE /account/blacklist': 'editor',
  'GET /account/blacklist': 'viewer',
  'GET /account/blacklist/:blacklist/:value': 'viewer',
  'PUT /account/blacklist/:blacklist/:value': 'editor',
  'DELETE /account/blacklist/:blacklist/:value': 'editor',
  // The account: overview, settings, people, audit log, retention
  'GET /account/summary': 'viewer',
  'GET /account/value-groups': 'viewer',
  'POST /account/value-groups/refresh': 'editor',
  'GET /account/settings': 'viewer',
  'GET /account/access': 'viewer',
  'PUT /account/settings': 'owner',
  'GET /account/people': 'owner',
  'POST /account/people': 'owner',
  'PUT /account/people/:id': 'owner',
  'POST /account/people/:id/email-link': 'owner',
  'DELETE /account/people/:id': 'owner',
  'GET /account/audit-log': 'owner',
  'GET /account/retention': 'owner',
  'PUT /account/retention': 'owner',
  // Categories, requests, benefits, coupons, integration stats
  'POST /categories': 'editor',
  'GET /categories': 'viewer',
  'DELETE /categories': 'editor',
  'DELETE /categories/bulk': 'editor',
  'GET /categories/:code': 'viewer',
  'GET /requests': 'viewer',
  'GET /requests/:request_id': 'viewer',
  'GET /benefits': 'viewer',
  'POST /benefits': 'editor',
  'GET /benefits/all': 'viewer',
  'GET /benefits/:id': 'viewer',
  'PUT /benefits/:id': 'editor',
  'DELETE /benefits/:id': 'editor',
  'POST /benefits/:benefit_id/assign': 'editor',
  'GET /coupons': 'viewer',
  'POST /integration-stats': 'editor',
  'GET /integration-stats': 'viewer',
  // Commerce
  'POST /branches': 'editor',
  'GET /branches': 'viewer',
  'DELETE /branches': 'editor',
  'PUT /branches': 'editor',
  'GET /branches/:id': 'viewer',
  'PUT /branches/:id': 'editor',
  'PUT /branches/*': 'editor',
  'POST /products': 'editor',
  'GET /products': 'viewer',
  'GET /products/:sku': 'viewer',
  'PUT /products/:sku': 'editor',
  'DELETE /products/:sku': 'editor',
  'GET /products/:sku/exist': 'viewer',
  'POST /purchases': 'editor',
  'PUT /purchases': 'editor',
  'PUT /purchases/:id': 'editor',
  'GET /purchases': 'viewer',
  'POST /purchases/bulk': 'editor',
  'GET /purchases/summary': 'viewer',
  'GET /purchases/iin/:digits': 'viewer',
  'GET /purchases/:id': 'viewer',
  'DELETE /purchases/:id': 'editor',
  // Segments
  'POST /segments': 'editor',
  'GET /segments': 'viewer',
  'POST /segments/preview': 'editor',
  'GET /segments/:id': 'viewer',
  'PUT /segments/:id': 'editor',
  'DELETE /segments/:id': 'editor',
  'GET /segments/:id/count': 'viewer',
  'GET /segments/:id/changes': 'viewer',
  'GET /segments/:id/export': 'viewer',
  // Webhooks: the owner's only, reads included
  'POST /webhooks': 'owner',
  'GET /webhooks': 'owner',
  'GET /webhooks/:id': 'owner',
  'PUT /webhooks/:id': 'owner',
  'DELETE /webhooks/:id': 'owner',
  'POST /webhooks/:id/rotate-secret': 'owner',
  'GET /webhooks/:id/deliveries': 'owner',
  'POST /webhooks/:id/deliveries/:message_id/retry': 'owner',
  'POST /webhooks/:id/test': 'owner',
};

export const API_PREFIX = '/apiv3';

/** The least role that may call `method` on the route registered as `url` (/apiv3 included); owner when unlisted. */
export function roleNeeded(method: string, url: string): Role {
  const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) || '/' : url;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTE_ROLES[`${method === 'HEAD' ? 'GET' : method} ${trimmed}`] ?? 'owner';
}
