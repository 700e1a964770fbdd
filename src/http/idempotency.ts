import { type Hash, createHash, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onSendHookHandler, preHandlerHookHandler, preParsingHookHandler } from 'fastify';
import type { IdempotencyKeysRepository, KeyClaim } from '../db/idempotency-keys.js';
import { StatementBatcher } from '../db/statement-batcher.js';
import { AppError, invalidField } from '../lib/errors.js';
import type { Clock } from '../lib/time.js';
import { elapsed } from './envelope.js';

// D6: an `Idempotency-Key` header on a POST, PUT or DELETE of the API makes the request safe to
// retry. The first request with a key claims it (one insert: the key is the row's primary key, so
// of two processes only one can claim it), runs, and its answer (status and body) is kept for 24
// hours; a retry with the same method, path (with query) and body gets that answer again with
// `Idempotent-Replayed: true` and changes nothing. The rules of this shop, where D6 is silent, are
// in docs/idempotency.md; in short:
// - a different request with the same key is 400; a retry while the first runs is 409 + Retry-After;
// - 429, 503 and other 5xx answers are not kept: the key is released, so a retry runs again;
// - requests refused before they run (key, rate limit, validation) are not kept either;
// - a claim not refreshed for STALE_CLAIM_MS (its process died) is taken over by the next retry;
// - a multipart body is streamed by its route, so its Content-Length stands for it.
// Requests without the header do no database work: on write routes, a header lookup in each of
// three hooks (preParsing, preHandler, onSend); GET and HEAD routes get no hook at all.

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim older than this with no answer belongs to a process that died: a retry takes it over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
/** How often a process refreshes the claims of its requests that run long (housekeeping). */
export const REFRESH_CLAIMS_EVERY_MS = 60 * 1000;
export const IDEMPOTENCY_SWEEP_EVERY_MS = 60 * 1000;
/** Expired rows deleted per statement, and the most time one sweep spends before the next turn. */
const SWEEP_BATCH = 1000;
const SWEEP_BUDGET_MS = 2000;

const HEADER = 'idempotency-key';
const KEY_RULE = 'must be 1 to 255 printable ASCII characters';
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
const KEYED_METHODS = new Set(['POST', 'PUT', 'DELETE']);
const EMPTY_BODY_HASH = sha256('');
const TIME_AT_END = /"time":"\d+ms"\}$/;
const CODE_AT_END = /"code":"([a-z_]+)","time":"\d+ms"\}$/;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What a retry must repeat for the key's answer to be its answer. */
export interface RequestIdentity {
  method: string;
  pathHash: string;
  bodyHash: string;
}

export type KeyOutcome =
  | { kind: 'claimed'; claim: KeyClaim }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'running' }
  | { kind: 'different'; message: string };

export interface IdempotencyDeps {
  keys: Pick<IdempotencyKeysRepository, 'claimAll' | 'completeAll' | 'find' | 'takeOver' | 'release' | 'refresh' | 'deleteExpired'>;
  clock: Clock;
  /** Answers up to this many bytes are kept whole (the request body limit). */
  maxStoredBytes: number;
}

/** The D6 rules over the idempotency_keys rows; one per app, built in services.ts. */
export class IdempotentRequests {
  /** Claims of this process's requests still running, for the refresh. */
  private readonly running = new Map<string, { accountId: number; key: string; since: number }>();
  private readonly claimPrefix = randomBytes(8).toString('hex');
  private sequence = 0;
  // The two writes of every keyed request; concurrent requests share each statement.
  private readonly claims: StatementBatcher<KeyClaim, boolean>;
  private readonly answers: StatementBatcher<KeyClaim & { status: number; body: string }, undefined>;

  constructor(private readonly deps: IdempotencyDeps) {
    this.claims = new StatementBatcher(async (claims) => {
      const won = await deps.keys.claimAll(claims);
      return claims.map((claim) => won.has(claim.claim));
    });
    this.answers = new StatementBatcher(async (answers) => {
      await deps.keys.completeAll(answers);
      return answers.map(() => undefined);
    });
  }

  async begin(accountId: number, key: string, identity: RequestIdentity): Promise<KeyOutcome> {
    // A row can change under us (released, taken over, expired): a few rounds settle it.
    for (let round = 0; round < 3; round += 1) {
      const now = this.deps.clock.now().getTime();
      this.sequence += 1;
      const claim: KeyClaim = {
        ...identity,
        accountId,
        key,
        claim: `${this.claimPrefix}.${this.sequence.toString(36)}`,
        claimedAt: now,
        expiresAt: now + IDEMPOTENCY_TTL_MS,
      };
      if (await this.claims.submit(claim)) return this.claimed(claim);
      const row = await this.deps.keys.find(accountId, key);
      if (!row) continue;
      if (row.expires_at > now) {
        if (row.method !== identity.method) return different(`a ${row.method} request`);
        if (row.path_hash !== identity.pathHash) return different('a request to another path (or query)');
        if (row.body_hash !== identity.bodyHash) return different('a request with another body');
        if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body ?? '' };
        if (row.claimed_at > now - STALE_CLAIM_MS) return { kind: 'running' };
      }
      // Expired, or the same request whose first attempt died unanswered: this one runs instead.
      if (await this.deps.keys.takeOver(accountId, key, { claim: row.claim, claimedAt: row.claimed_at }, claim)) return this.claimed(claim);
    }
    return { kind: 'running' };
  }

  /** Keeps the answer of a claimed request, or releases the key when that answer is not kept. */
  async finish(claim: KeyClaim, status: number, payload: unknown): Promise<void> {
    this.running.delete(claim.claim);
    if (status === 429 || status >= 500) return this.deps.keys.release(claim.accountId, claim.key, claim.claim);
    await this.answers.submit({ ...claim, status, body: this.storedBody(status, payload) });
  }

  /** Housekeeping: claims of requests running for a while are refreshed, so no one takes them over. */
  async refreshRunning(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    for (const [claim, held] of this.running) {
      if (held.since > now - REFRESH_CLAIMS_EVERY_MS) continue;
      await this.deps.keys.refresh(held.accountId, held.key, claim, now);
      held.since = now;
    }
  }

  /** Housekeeping: deletes expired keys in small statements, yielding between them. */
  async sweepExpired(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const deadline = performance.now() + SWEEP_BUDGET_MS;
    let deleted = 0;
    for (;;) {
      const batch = await this.deps.keys.deleteExpired(now, SWEEP_BATCH);
      deleted += batch;
      if (batch < SWEEP_BATCH || performance.now() > deadline) return deleted;
      await nextTurn();
    }
  }

  private claimed(claim: KeyClaim): KeyOutcome {
    this.running.set(claim.claim, { accountId: claim.accountId, key: claim.key, since: claim.claimedAt });
    return { kind: 'claimed', claim };
  }

  /**
   * The answer's text as a retry will get it. An answer over the body limit (or one streamed, which
   * no write route answers today) is not kept whole: a retry gets the same status and code with a
   * message saying so, never a second run.
   */
  private storedBody(status: number, payload: unknown): string {
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : undefined;
    const limit = this.deps.maxStoredBytes;
    if (text !== undefined && (text.length * 3 <= limit || Buffer.byteLength(text) <= limit)) return text;
    const code = (text && CODE_AT_END.exec(text.slice(-200))?.[1]) ?? (status < 400 ? 'ok' : 'bad_request');
    const message =
      `this request was applied once; its answer was not kept for retries (${text === undefined ? 'a stream' : `${Buffer.byteLength(text)} bytes, over the ${limit}-byte limit`}), ` +
      'so this retry gets its status only';
    return JSON.stringify({ payload: null, message, code, time: '0ms' });
  }
}

function different(what: string): KeyOutcome {
  return { kind: 'different', message: `already used in the last 24 hours for ${what}; send a new key for a new request` };
}

/** Hashes the raw body as the route's parser reads it. */
class HashingStream extends Transform {
  readonly hash: Hash = createHash('sha256');
  /** Fastify compares this with Content-Length (a preParsing stream's duty). */
  receivedEncodedLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.receivedEncodedLength += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

interface KeyedRequest {
  key: string;
  /** A hex digest, or the stream computing it while the body is read. */
  body: string | HashingStream;
  /** Set once the key is claimed, until the answer is kept. */
  claim: KeyClaim | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** D6: set when a write carries an Idempotency-Key (http/idempotency.ts). */
    idempotency: KeyedRequest | null;
  }
}

function headerValue(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return Array.isArray(value) ? value.join(', ') : value;
}

function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** multipart/form-data is read by its route as it streams (the blacklist upload), never by Fastify. */
function isMultipart(request: FastifyRequest): boolean {
  return /^\s*multipart\//i.test(request.headers['content-type'] ?? '');
}

function replay(reply: FastifyReply, status: number, body: string): void {
  reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(body.replace(TIME_AT_END, `"time":"${elapsed(reply)}"}`));
}

/**
 * Adds the D6 hooks to every POST, PUT and DELETE route of the scope (register it after the account
 * hook): preParsing checks the header and hashes the body as it is read, preHandler (after
 * validation) claims the key or answers for it, onSend keeps the answer.
 */
export function registerIdempotency(scope: FastifyInstance, requests: IdempotentRequests): void {
  scope.decorateRequest('idempotency', null);

  const readKey: preParsingHookHandler = (request, _reply, payload, done) => {
    const key = KEYED_METHODS.has(request.method) ? headerValue(request) : undefined;
    if (key === undefined) return done(null, payload);
    if (!VALID_KEY.test(key)) return done(invalidField('Idempotency-Key', KEY_RULE));
    if (hasNoBody(request)) {
      request.idempotency = { key, body: EMPTY_BODY_HASH, claim: undefined };
      return done(null, payload);
    }
    if (isMultipart(request)) {
      // Its route reads the raw stream itself, after the key is claimed: the length stands for it.
      const length = request.headers['content-length'] ?? 'chunked';
      request.idempotency = { key, body: sha256(`multipart/form-data;length=${length}`), claim: undefined };
      return done(null, payload);
    }
    const hashing = new HashingStream();
    payload.once('error', (error) => hashing.destroy(error));
    payload.pipe(hashing);
    request.idempotency = { key, body: hashing, claim: undefined };
    done(null, hashing);
  };

  const claimKey: preHandlerHookHandler = (request, reply, done: HookHandlerDoneFunction) => {
    const keyed = request.idempotency;
    if (keyed === null) return done();
    const bodyHash = typeof keyed.body === 'string' ? keyed.body : keyed.body.hash.digest('hex');
    const identity = { method: request.method, pathHash: sha256(request.url), bodyHash };
    requests.begin(request.accountId, keyed.key, identity).then((outcome) => {
      switch (outcome.kind) {
        case 'claimed':
          keyed.claim = outcome.claim;
          return done();
        case 'replay':
          return replay(reply, outcome.status, outcome.body);
        case 'running':
          return done(
            new AppError(409, 'conflict', 'Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds', {
              'retry-after': '1',
            }),
          );
        case 'different':
          return done(invalidField('Idempotency-Key', outcome.message));
      }
    }, done);
  };

  const keepAnswer: onSendHookHandler = (request, reply, payload, done) => {
    const keyed = request.idempotency;
    if (keyed?.claim === undefined) return done(null, payload);
    const claim = keyed.claim;
    keyed.claim = undefined;
    requests.finish(claim, reply.statusCode, payload).then(
      () => done(null, payload),
      (error: unknown) => {
        // The answer goes out anyway; the unfinished claim goes stale and a retry may run again.
        request.log.warn({ err: error }, 'could not keep the answer of an Idempotency-Key request');
        done(null, payload);
      },
    );
  };

  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => KEYED_METHODS.has(method))) return;
    route.preParsing = [readKey, ...asArray(route.preParsing)];
    route.preHandler = [claimKey, ...asArray(route.preHandler)];
    route.onSend = [...asArray(route.onSend), keepAnswer];
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
