// O5: the server sheds load with 429 (rate limit, overload) and 503 (database unreachable,
// overload, shutting down), both with Retry-After, and in both cases it did not do the work. So a
// retry is safe for every method; it waits what the server said, else backs off exponentially.

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  /** Attempts in all, the first one included (default 4). 1 turns retrying off. */
  maxAttempts?: number;
  /** First backoff step when the answer has no Retry-After; doubles on each attempt (default 250 ms). */
  baseDelayMs?: number;
  /**
   * Longest single wait (default 60 s, the server's rate-limit window). A Retry-After asking for
   * more is not waited for: the answer is returned (and becomes a RapportError) at once.
   */
  maxDelayMs?: number;
  /** Statuses retried (default 429 and 503). */
  statuses?: readonly number[];
  /** Replaces the timer, e.g. to record the waits in a test. */
  sleep?: Sleep;
  /** Source of jitter in [0, 1) (default Math.random). */
  random?: () => number;
}

export type ResolvedRetry = Required<RetryOptions>;

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function resolveRetry(options: RetryOptions | false | undefined, sleep: Sleep = defaultSleep): ResolvedRetry {
  const given = options === false ? { maxAttempts: 1 } : (options ?? {});
  return {
    maxAttempts: Math.max(1, Math.floor(given.maxAttempts ?? 4)),
    baseDelayMs: given.baseDelayMs ?? 250,
    maxDelayMs: given.maxDelayMs ?? 60_000,
    statuses: given.statuses ?? [429, 503],
    sleep: given.sleep ?? sleep,
    random: given.random ?? Math.random,
  };
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before attempt `attempt + 1`. Told by Retry-After: exactly that, plus up to one
 * base step of jitter (never earlier than asked, and clients told the same do not come back in
 * step). Not told: "equal jitter" exponential backoff, half fixed and half random.
 */
export function retryDelay(attempt: number, toldMs: number | null, options: ResolvedRetry): number {
  if (toldMs !== null) return toldMs + options.random() * options.baseDelayMs;
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return step / 2 + (options.random() * step) / 2;
}

/** Sends (`send` builds a fresh request each time) until an answer is not retryable or attempts run out. */
export async function withRetry(send: () => Promise<Response>, options: ResolvedRetry, signal?: AbortSignal): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (attempt >= options.maxAttempts || !options.statuses.includes(response.status)) return response;
    const told = retryAfterMs(response.headers.get('retry-after'));
    if (told !== null && told > options.maxDelayMs) return response;
    await response.body?.cancel().catch(() => {}); // frees the connection
    await options.sleep(retryDelay(attempt, told, options), signal);
  }
}
