import { createHash, randomBytes } from 'node:crypto';

// API keys are 256-bit random strings: a fast SHA-256 digest is enough to store them safely (there is
// nothing to brute-force), and it keeps the per-request lookup a single indexed read.

export const PREFIX_LENGTH = 8;

export function generateApiKey(): string {
  return `rk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function keyPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH + (key.startsWith('rk_') ? 3 : 0));
}
