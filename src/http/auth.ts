import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.js';
import { type Role, roleAllows, roleNeeded } from './roles.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
    /** The display prefix of the key that authenticated the request ('' before, and for a person): the audit log's key_prefix (D7). */
    keyPrefix: string;
    /** D8: the scope of the key that authenticated the request ('full' for a person: their role decides). */
    keyScope: 'full' | 'read';
    /** T3: the person whose console session authenticated the request; null for a key. */
    person: SessionPerson | null;
  }
}

/** Who a live session cookie belongs to (modules/people): what the account hook needs of it. */
export interface SessionPerson {
  accountId: number;
  sessionId: number;
  personId: number;
  email: string;
  role: Role;
}

/** Looks a session cookie's token up, in the database, on every request (T2: a sign-out is everywhere at once). */
export interface SessionReader {
  identify(token: string): Promise<SessionPerson | undefined>;
}

/** T2: the console's session cookie. */
export const SESSION_COOKIE = 'rapport_session';
/** T3: the header the console sends with every write, beside its cookie (CSRF). */
export const CONSOLE_HEADER = 'x-rapport-console';
export const CSRF_MESSAGE = 'a write with a session cookie needs the header X-Rapport-Console: 1 (or this server\'s own Origin)';
const SESSION_ENDED = 'the session has ended or is not one; sign in again';

const COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/** The session cookie's value, if the request carries one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = COOKIE_PAIR.exec(header)?.[1]?.trim();
  return value ? value : undefined;
}

/**
 * T3's CSRF rule for a write that a cookie authenticates: the console's header, or an `Origin` that
 * is the server's own: PUBLIC_URL's origin; with PUBLIC_URL unset, also the origin the request was
 * addressed to (its scheme as Fastify sees it, TRUST_PROXY included, and its Host).
 */
export function passesCsrf(request: FastifyRequest, site: ConsoleSite): boolean {
  if (request.headers[CONSOLE_HEADER] === '1') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '' || origin === 'null') return false;
  if (origin === site.publicOrigin) return true;
  return !site.publicUrlSet && origin === `${request.protocol}://${request.host}`;
}

/** Where the server says it is (PUBLIC_URL), for the CSRF rule. */
export interface ConsoleSite {
  publicOrigin: string;
  /** False when PUBLIC_URL took its default (http://HOST:PORT). */
  publicUrlSet: boolean;
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who holds a live key: what the account hook needs of it (modules/accounts/keys.ts). */
export interface KeyHolder {
  accountId: number;
  /** D8: 'read' keys may only GET and HEAD. */
  scope: 'full' | 'read';
  prefix: string;
}

/** D8: the methods a read-only key may use (OPTIONS: a CORS preflight carries no key anyway). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const READ_ONLY_MESSAGE = 'this key is read-only';

const BASIC = /^basic\s+(\S+)\s*$/i;
/** The whole header value is one token: the bare key (the platform's VTEX app sends it so). */
const BARE = /^\s*(\S+)\s*$/;

/**
 * G2: `Authorization: Basic <key>` (scheme case-insensitive), the bare key as the whole header
 * (`Authorization: <key>`), or `?apikey=<key>`. A header with any other scheme (`Bearer <key>`)
 * presents no key, and a header, even a wrong one, wins over the query.
 */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return BASIC.exec(header)?.[1] ?? BARE.exec(header)?.[1];
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.apikey;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : undefined;
}

/**
 * Registers the account hook on a scope: every route in it needs a live key or, without a key, a
 * live console session (T3). A read-only key (D8) only reads: any other method is 403 here, before
 * the body is read. A person's role is held against the route's (http/roles.ts), and a write with a
 * cookie must pass the CSRF rule. A callback hook, not an async one: when the key cache answers
 * (most requests), the request goes on in the same turn.
 */
export function requireAccount(
  app: FastifyInstance,
  accounts: { identify(key: string): KeyHolder | Promise<KeyHolder | undefined> },
  people?: { sessions: SessionReader; site: ConsoleSite },
): void {
  app.decorateRequest('accountId', 0);
  app.decorateRequest('keyPrefix', '');
  app.decorateRequest('keyScope', 'full');
  app.decorateRequest('person', null);
  const admit = (request: FastifyRequest, holder: KeyHolder | undefined, done: (error?: Error) => void) => {
    if (holder === undefined) return done(new ForbiddenError());
    request.accountId = holder.accountId;
    request.keyPrefix = holder.prefix;
    request.keyScope = holder.scope;
    if (holder.scope !== 'full' && !READ_METHODS.has(request.method)) return done(new ForbiddenError(READ_ONLY_MESSAGE));
    done();
  };
  const admitPerson = (request: FastifyRequest, person: SessionPerson | undefined, done: (error?: Error) => void) => {
    if (person === undefined) return done(new ForbiddenError(SESSION_ENDED));
    request.accountId = person.accountId;
    request.person = person;
    if (WRITE_METHODS.has(request.method) && !passesCsrf(request, people!.site)) return done(new ForbiddenError(CSRF_MESSAGE));
    const needed = roleNeeded(request.method, request.routeOptions.url ?? '');
    if (!roleAllows(person.role, needed)) return done(new ForbiddenError(roleRefusal(person.role, needed)));
    done();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const key = presentedKey(request);
    if (key === undefined) {
      const token = people && sessionToken(request);
      if (token === undefined) return done(new ForbiddenError());
      people!.sessions.identify(token).then(
        (person) => admitPerson(request, person, done),
        (error: Error) => done(error),
      );
      return;
    }
    const found = accounts.identify(key);
    if (!(found instanceof Promise)) return admit(request, found, done);
    found.then(
      (holder) => admit(request, holder, done),
      (error: Error) => done(error),
    );
  });
}

/** The 403 of a person whose role does not reach the route's. */
export function roleRefusal(role: Role, needed: Role): string {
  return needed === 'owner' ? `only an owner may do this (your role is ${role})` : `the ${needed} role is needed for this (your role is ${role})`;
}
