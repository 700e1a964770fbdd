// O6: an error that says the database cannot be reached right now (as opposed to a bug or bad
// data). The error handler answers these with 503 `service_unavailable` and `Retry-After`; the
// pool and SQLite recover by themselves once the database is back, so retrying later succeeds.

/** Socket-level failures reaching PostgreSQL (from `net`/`dns`). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), the server shutting down or starting up
 * (57P01–57P03), too many connections (53300); and a transaction given up as a deadlock's victim or
 * as not serialisable (40P01, 40001) after its retries (db/transactions.ts): a retry succeeds.
 */
const POSTGRES_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300|40P01|40001)$/;

/** What pg and pg-pool throw without a code when the connection or the pool gives up. */
const POSTGRES_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * SQLite: another process held the write lock beyond busy_timeout (SQLITE_BUSY, SQLITE_LOCKED), or
 * the file cannot be opened or read (SQLITE_CANTOPEN, SQLITE_IOERR_*): the request may succeed later.
 * SQLITE_FULL and SQLITE_CORRUPT are not transient and stay 500s, so someone looks at them.
 */
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drivers and Kysely sometimes wrap the socket error (AggregateError for several addresses, `cause`).
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATES.test(code) || SQLITE_CODES.test(code))) return true;
    if (typeof message === 'string' && POSTGRES_MESSAGES.test(message)) return true;
    if (Array.isArray(errors) && errors.length > 0) return errors.every((inner) => isDatabaseUnavailable(inner));
    current = cause;
  }
  return false;
}
