import { createHash, randomBytes } from 'node:crypto';

// API keys are 256-bit random strings: a fast SHA-256 digest is enough to store them safely (there is
// nothing to brute-force), and it keeps the per-request lookup a single indexed read.

export const PREFIX_LENGTH = 8;

/** D8: what a key may do. `read`: GET and HEAD only; `full` (the default): everything. */
export const KEY_SCOPES = ['full', 'read'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export function isKeyScope(value: string): value is KeyScope {
  return (KEY_SCOPES as readonly string[]).includes(value);
}

/** Who presented a live key: its account, its scope (D8) and its display prefix (for the audit log, D7). */
export type { KeyHolder } from '../../http/auth.js';

export function generateApiKey(): string {
  return `rk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH + (key.startsWith('rk_') ? 3 : 0));
}
