import { createHash, randomBytes } from 'node:crypto';

// Link and session tokens are 256 random bits: nothing to brute-force, so a fast SHA-256 is enough
// to store them, and the lookup by hash is one indexed read (the token itself is never stored,
// compared or logged). Looking a hash up in an index is no timing oracle on the token.

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as newToken() makes them: anything else is refused before the database is asked. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
