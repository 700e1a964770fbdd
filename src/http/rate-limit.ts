import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { Clock } from '../lib/time.js';
import { AppError } from '../lib/errors.js';

/**
 * O5: a per-account request budget (RATE_LIMIT_PER_MINUTE; 0 turns it off) that holds across every
 * process sharing the database. The count lives in the `rate_limits` table: one row per account per
 * fixed 60-second window, incremented by one atomic upsert that returns the new total, so two
 * processes can never both grant the last request of a window.
 *
 * Cost per request, kept small:
 * - Group commit: requests of one account arriving while its previous upsert is in flight (or in the
 *   same tick) are counted together by one upsert of `hits + n`; the total it returns orders them,
 *   so exactly the requests within the budget pass. Under load this is one statement per batch.
 * - Once a window is known to be spent, this process refuses the account's requests from memory
 *   until the window ends: an abusive client costs no database write per request.
 * Fixed windows allow up to twice the budget across a window boundary; that is the price of one
 * row per window instead of one per request.
 *
 * Every answer in the API scope carries the IETF `RateLimit-Policy` and `RateLimit` headers; a
 * request beyond the budget is 429 `too_many_requests` with `Retry-After` (seconds to the next window).
 */
export const WINDOW_SECONDS = 60;
const POLICY = 'per-account';

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

interface Waiter {
  resolve: (position: number) => void;
  reject: (error: unknown) => void;
}

interface AccountState {
  window: number;
  /** Highest count this process has seen for the window; at or past the limit: refuse from memory. */
  seen: number;
  waiting: Waiter[];
  writing: boolean;
}

export class RateLimiter {
  private readonly accounts = new Map<number, AccountState>();
  private cleanedWindow = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly limit: number,
    private readonly onCleanupError: (error: unknown) => void = () => {},
  ) {}

  async hit(accountId: number): Promise<Decision> {
    const nowSeconds = this.clock.now().getTime() / 1000;
    const window = Math.floor(nowSeconds / WINDOW_SECONDS) * WINDOW_SECONDS;
    const resetSeconds = Math.max(1, Math.ceil(window + WINDOW_SECONDS - nowSeconds));
    let state = this.accounts.get(accountId);
    if (!state || state.window !== window) {
      // A batch of the previous window still being written finishes on its own (old) state.
      state = { window, seen: 0, waiting: [], writing: false };
      this.accounts.set(accountId, state);
      this.cleanOldWindows(window);
    }
    if (state.seen >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, resetSeconds };
    const position = await new Promise<number>((resolve, reject) => {
      state.waiting.push({ resolve, reject });
      this.schedule(accountId, state);
    });
    return {
      allowed: position <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - position),
      resetSeconds,
    };
  }

  private schedule(accountId: number, state: AccountState): void {
    if (state.writing) return; // the running flush picks the newcomers up when it ends
    state.writing = true;
    setImmediate(() => void this.flush(accountId, state));
  }

  private async flush(accountId: number, state: AccountState): Promise<void> {
    const batch = state.waiting.splice(0);
    try {
      const total = await this.add(accountId, state.window, batch.length);
      state.seen = Math.max(state.seen, total);
      batch.forEach((waiter, index) => waiter.resolve(total - batch.length + 1 + index));
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
    if (state.waiting.length > 0) setImmediate(() => void this.flush(accountId, state));
    else state.writing = false;
  }

  private async add(accountId: number, window: number, hits: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ account_id: accountId, window_start: window, hits })
      .onConflict((oc) => oc.columns(['account_id', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', hits) })))
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  }

  /**
   * Once per window per process: forget accounts idle since an earlier window (the map does not grow
   * with every account ever seen) and delete the rows of windows before the previous one.
   */
  private cleanOldWindows(window: number): void {
    if (window <= this.cleanedWindow) return;
    this.cleanedWindow = window;
    for (const [accountId, state] of this.accounts) {
      if (state.window < window && !state.writing) this.accounts.delete(accountId);
    }
    this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', window - WINDOW_SECONDS)
      .execute()
      .catch(this.onCleanupError);
  }
}

function setHeaders(reply: FastifyReply, decision: Decision): void {
  reply.header('ratelimit-policy', `"${POLICY}";q=${decision.limit};w=${WINDOW_SECONDS}`);
  reply.header('ratelimit', `"${POLICY}";r=${decision.remaining};t=${decision.resetSeconds}`);
}

/**
 * Registers the budget on the API scope, after the account hook (it needs the account). Requests
 * are counted when they arrive, before their body is read, so a refused request costs little.
 */
export function registerRateLimit(app: FastifyInstance, context: { db: Kysely<DB>; clock: Clock; perMinute: number }): RateLimiter | undefined {
  const perMinute = context.perMinute;
  if (perMinute <= 0) return undefined;
  const limiter = new RateLimiter(context.db, context.clock, perMinute, (error) =>
    app.log.warn({ err: error }, 'could not delete old rate-limit windows'),
  );
  app.addHook('onRequest', async (request, reply) => {
    const decision = await limiter.hit(request.accountId);
    setHeaders(reply, decision);
    if (!decision.allowed) {
      throw new AppError(
        429,
        'too_many_requests',
        `rate limit of ${decision.limit} requests per minute exceeded for this account; retry in ${decision.resetSeconds} s`,
        { 'retry-after': String(decision.resetSeconds) },
      );
    }
  });
  return limiter;
}
