import { createHmac, randomBytes, randomUUID } from 'node:crypto';

// W3 (Standard Webhooks): `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
// keyed with the base64-decoded part of the secret after `whsec_`.

const PREFIX = 'whsec_';

export function newSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

/**
 * `msg_`, the time in milliseconds (12 hex digits, so ids sort by time) and a random UUID's 122 bits
 * (randomUUID draws from a pool of entropy: cheaper than a randomBytes call per message). Ordered
 * by time, a batch's ids land at the end of webhook_messages' unique index, not on a random page
 * each: a group commit of 50 messages then writes a page or two of that index, not fifty.
 */
export function newMessageId(now = Date.now()): string {
  return `msg_${now.toString(16).padStart(12, '0')}${randomUUID().replaceAll('-', '')}`;
}

export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** One signature per secret, space-separated: during a rotation both the new and the old secret sign. */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: number, body: string): string {
  return secrets.map((secret) => sign(secret, messageId, timestamp, body)).join(' ');
}
