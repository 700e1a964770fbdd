// Both drivers report a unique-index violation differently; callers only need to know it was one.
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The columns of the unique index a write violated, as the driver names them ("UNIQUE constraint
 * failed: users.account_id, users.email"; PostgreSQL's "Key (account_id, email)=(...) already
 * exists."); empty when the error says nothing of them.
 */
export function violatedColumns(error: unknown): string[] {
  if (!isUniqueViolation(error)) return [];
  const { message, detail } = error as { message?: unknown; detail?: unknown };
  const pg = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail) : null;
  if (pg) return pg[1]!.split(',').map((column) => column.trim().replace(/^"|"$/g, ''));
  const sqlite = typeof message === 'string' ? /^UNIQUE constraint failed: (.*)$/.exec(message) : null;
  return sqlite ? sqlite[1]!.split(',').map((column) => column.trim().replace(/^[^.]*\./, '')) : [];
}

/**
 * A write naming a row that is gone: a customer erased (D1) between a request finding it and the
 * request's insert, whose foreign key then fails. Both drivers' codes.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * PostgreSQL gave up one of two transactions that waited on each other (deadlock_detected, 40P01),
 * or one that could not be serialised (40001): nothing was written, and running it again succeeds.
 */
export function isTransactionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}

const CONFLICT_ATTEMPTS = 4;

/**
 * Runs `work` again when PostgreSQL chose it as a deadlock's victim (or could not serialise it):
 * nothing of it was written. Two writers that lock the same rows in different orders (the webhook
 * deliverer recording outcomes while an endpoint and its messages are deleted) meet this; the one
 * that gives way is simply run again, after a short random pause.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransactionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
