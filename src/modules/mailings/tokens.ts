import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// M8: the tokens of the public routes. A token names an account, a mailing, a recipient and what
// it is for, signed with the account's key (HMAC-SHA256, kept in the database so every process
// checks what another signed). A forged or altered token, or one made for another purpose, does
// not verify; the routes answer it 404, as they answer a token of a recipient since erased.

export type TokenPurpose = 'u' | 'o' | 'c' | 'v';

export interface TokenClaims {
  purpose: TokenPurpose;
  accountId: number;
  mailingId: number;
  recipientId: number;
}

/** 16 bytes of the HMAC: forging one is a 2^-128 guess. */
const SIGNATURE_BYTES = 16;

export function newTokenKey(): string {
  return randomBytes(32).toString('base64url');
}

function signature(key: string, payload: string): Buffer {
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

function payloadOf(claims: TokenClaims): string {
  return `${claims.purpose}.${claims.accountId.toString(36)}.${claims.mailingId.toString(36)}.${claims.recipientId.toString(36)}`;
}

export function signToken(key: string, claims: TokenClaims): string {
  const payload = payloadOf(claims);
  return `${payload}.${signature(key, payload).toString('base64url')}`;
}

/** The claims a token states, unverified (to find the key of its account); undefined when malformed. */
export function readToken(token: string): TokenClaims | undefined {
  const match = /^([uocv])\.([0-9a-z]{1,7})\.([0-9a-z]{1,7})\.([0-9a-z]{1,7})\.[A-Za-z0-9_-]{22}$/.exec(token);
  if (!match) return undefined;
  const [accountId, mailingId, recipientId] = [match[2]!, match[3]!, match[4]!].map((part) => parseInt(part, 36));
  if (![accountId, mailingId, recipientId].every((n) => Number.isSafeInteger(n) && n! > 0 && n! <= 2_147_483_647)) return undefined;
  return { purpose: match[1] as TokenPurpose, accountId: accountId!, mailingId: mailingId!, recipientId: recipientId! };
}

/** True when the token is exactly what `key` signs for its claims and the claims are for `purpose`. */
export function verifyToken(key: string, token: string, claims: TokenClaims, purpose: TokenPurpose): boolean {
  if (claims.purpose !== purpose) return false;
  const given = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url');
  const expected = signature(key, payloadOf(claims));
  return given.length === expected.length && timingSafeEqual(given, expected) && token === signToken(key, claims);
}
