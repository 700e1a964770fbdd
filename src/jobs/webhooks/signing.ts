import { createHmac, randomBytes } from 'node:crypto';

// W3 (Standard Webhooks): `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`,
// keyed with the base64-decoded part of the secret after `whsec_`.

const PREFIX = 'whsec_';

export function newSecret(): string {
  return PREFIX + randomBytes(24).toString('base64');
}

export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

export function sign(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** One signature per secret, space-separated: during a rotation both the new and the old secret sign. */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: number, body: string): string {
  return secrets.map((secret) => sign(secret, messageId, timestamp, body)).join(' ');
}
