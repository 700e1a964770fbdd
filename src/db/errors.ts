// Database errors that callers turn into API errors, recognised for both dialects here so that no
// module needs to know which database it talks to.

/** A unique index or primary key refused the write (SQLite SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY, pg 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
