import SQLite from 'better-sqlite3';
import pg from 'pg';

// Counts the SQL statements the process sends while `work` runs, at the drivers themselves (below
// Kysely, its compiled-statement caches and its transactions' begin and commit): every call of a
// better-sqlite3 statement or `exec`, every query of a pg client (pooled queries included).
// Test-only: the prototypes are patched for the duration of `work`, which must be the only
// thing running (no worker, no concurrent requests).

type Patched = { target: Record<string, unknown>; name: string; original: unknown };

export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const probe = new SQLite(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  const patched: Patched[] = [];
  const patch = (target: Record<string, unknown>, name: string, sqlOf: (self: any, args: unknown[]) => string) => {
    const original = target[name] as (...args: unknown[]) => unknown;
    patched.push({ target, name, original });
    target[name] = function (this: unknown, ...args: unknown[]) {
      statements.push(sqlOf(this, args));
      return original.apply(this, args);
    };
  };
  for (const name of ['run', 'get', 'all', 'iterate']) patch(statementProto, name, (self) => String(self.source));
  patch(SQLite.prototype as unknown as Record<string, unknown>, 'exec', (_, args) => String(args[0]));
  patch(pg.Client.prototype as unknown as Record<string, unknown>, 'query', (_, args) =>
    String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text),
  );
  try {
    const result = await work();
    return { result, statements };
  } finally {
    for (const { target, name, original } of patched.reverse()) target[name] = original;
  }
}
