import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropPostgresDatabase, throwawayDatabase } from './postgres.js';
import type { Kind } from './segments-data.js';

/**
 * An empty database for a bench's data set: a SQLite file `<dir>/<file>-<tag>.db` or the PostgreSQL
 * database `rapport_bench_<name>_<tag>`. With `reuse` it keeps its name and is not dropped after the
 * run (the bench saves where it is, to build once); without, the name is unique and `drop` removes it.
 */
export async function dataSetStore(kind: Kind, options: { dir: string; file: string; name: string; tag: string; reuse: boolean }): Promise<{ url: string; drop: () => Promise<void> }> {
  const { dir, file, name, tag, reuse } = options;
  if (kind === 'sqlite') {
    const path = join(dir, `${file}-${tag}${reuse ? '' : '-once'}.db`);
    const remove = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    };
    await remove();
    return { url: `sqlite:${path}`, drop: reuse ? async () => {} : remove };
  }
  const database = reuse ? `rapport_bench_${name}_${tag}` : `rapport_bench_${name}_${randomBytes(3).toString('hex')}`;
  if (reuse) await dropPostgresDatabase(database);
  const created = await throwawayDatabase(database);
  return { url: created.url, drop: reuse ? async () => {} : created.drop };
}
