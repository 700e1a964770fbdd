// W4: after a failed attempt the next one comes after these delays; after the last, the message
// is failed (eight attempts in all, the last about 27.6 hours after the first).
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** An endpoint none of whose attempts has succeeded for this long, while they kept failing, is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;

/** When the attempt after `attempts` failed ones is due, or null when the message has failed for good. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_S[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}
