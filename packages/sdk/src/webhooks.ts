// Webhooks (W1–W5) for receivers: the event types, and verifyWebhook, which checks a message the
// way the Standard Webhooks specification says (W3): `webhook-signature` holds one or more
// space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with
// the base64-decoded part of the secret after `whsec_`. Web Crypto only (Node.js 20 and browsers
// alike), as the rest of the SDK runs in both.

/** W2: the event types an endpoint subscribes to; `*` (WEBHOOK_ALL_EVENTS) is every one of them. */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'points.changed',
  'purchase.created',
  'purchase.updated',
  'purchase.deleted',
  'user_event.created',
  'abandoned_cart.created',
  'coupon.assigned',
  'blacklist.changed',
  'request.finished',
  'mailing.finished',
  'email.unsubscribed',
  'email.bounced',
  'segment.entered',
  'segment.exited',
] as const;

/** Subscribes an endpoint to every event type, those added later included. */
export const WEBHOOK_ALL_EVENTS = '*';

/** W5: the type of the message `POST /webhooks/{id}/test` sends, whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** W2's body: `data` is the resource as its own GET answers it (for deletions, its ids). */
export interface WebhookMessage<T = unknown> {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT | (string & {});
  /** ISO 8601, UTC: when the change happened. */
  timestamp: string;
  data: T;
}

/**
 * SG8: the data of `segment.entered` and `segment.exited`. An erased customer's `segment.exited`
 * has no `email` key.
 */
export interface SegmentTransitionData {
  segment: { id: number; slug: string; title: string };
  user: { userapp_id: number; user_id: number; service_uid: string | null; email?: string | null };
}

/** Headers as a receiver has them: fetch's Headers, Node.js's IncomingHttpHeaders, or a plain object (any case). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way, in seconds (default 300: five minutes). */
  toleranceSeconds?: number;
  /** The moment to check the timestamp against (default: the current time). */
  now?: Date;
}

export type WebhookVerificationReason = 'missing_header' | 'invalid_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature' | 'invalid_body';

/** The message was not verified: not sent by Rapport with this secret, altered, or too old to trust. Answer it 400. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = 'whsec_';
const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    // A header sent twice: Node.js keeps both; the signatures of both count.
    if (Array.isArray(value)) return value.join(' ');
  }
  return undefined;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function secretKey(secret: string): Uint8Array<ArrayBuffer> {
  const key = decodeBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret);
  if (key === null || key.length === 0) throw new TypeError('the webhook secret must be whsec_ followed by base64, as Rapport showed it when the endpoint was created or its secret rotated');
  return key;
}

/** Equal bytes, in time that depends on the length only: how far two signatures agree is not told. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function signedContent(id: string, timestamp: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(head.length + body.length);
  content.set(head);
  content.set(body, head.length);
  return content;
}

/**
 * Checks a webhook message from Rapport and answers its body `{type, timestamp, data}`, or throws a
 * WebhookVerificationError (its `reason` says which check failed). `body` must be the request's
 * body exactly as received (the raw text or bytes, not JSON parsed and serialised again): the
 * signature covers those bytes. During a rotation (W1) either secret verifies. Deduplicate by the
 * `webhook-id` header: a message may arrive more than once (W4).
 */
export async function verifyWebhook<T = unknown>(secret: string, headers: WebhookHeaders, body: string | Uint8Array, options: VerifyWebhookOptions = {}): Promise<WebhookMessage<T>> {
  const key = secretKey(secret);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const missing = [!id && 'webhook-id', !timestamp && 'webhook-timestamp', !signatures && 'webhook-signature'].filter(Boolean);
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing_header', `missing header: ${missing.join(', ')}`);

  if (!/^\d{1,15}$/.test(timestamp.trim())) throw new WebhookVerificationError('invalid_timestamp', `webhook-timestamp must be Unix seconds, got "${timestamp.slice(0, 40)}"`);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (!(tolerance >= 0)) throw new RangeError(`toleranceSeconds must be 0 or more, got ${tolerance}`);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const sent = Number(timestamp.trim());
  if (now - sent > tolerance) throw new WebhookVerificationError('timestamp_too_old', `the message's timestamp is ${now - sent} s old, more than the ${tolerance} s allowed (a replay, or a clock out of step)`);
  if (sent - now > tolerance) throw new WebhookVerificationError('timestamp_too_new', `the message's timestamp is ${sent - now} s in the future, more than the ${tolerance} s allowed (a clock out of step)`);

  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const hmacKey = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const expected = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', hmacKey, signedContent(id, timestamp, bytes)));
  let matched = false;
  for (const versioned of signatures.split(' ')) {
    const comma = versioned.indexOf(',');
    if (comma < 0 || versioned.slice(0, comma) !== 'v1') continue; // another scheme (v1a: asymmetric) or noise
    const given = decodeBase64(versioned.slice(comma + 1));
    // Every signature is compared (no early exit): the time taken does not say which one matched.
    if (given !== null && constantTimeEqual(given, expected)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('no_matching_signature', 'no v1 signature matches: another secret signed it, or the body or headers were changed on the way');

  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the body is not JSON');
  }
  const message = parsed as Partial<WebhookMessage<T>> | null;
  if (typeof message !== 'object' || message === null || typeof message.type !== 'string' || typeof message.timestamp !== 'string' || !('data' in message)) {
    throw new WebhookVerificationError('invalid_body', 'the body is not a webhook message {type, timestamp, data}');
  }
  return message as WebhookMessage<T>;
}
