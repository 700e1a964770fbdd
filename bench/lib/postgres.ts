import pg from 'pg';

/** The PostgreSQL server the benches use: BENCH_DATABASE_URL, or the local test server. */
export const postgresServer = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresServer(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A new empty database `name` on the bench server: its URL, and how to drop it. */
export async function throwawayDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = postgresServer();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(server);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Drops `name` on the bench server if it exists, connections and all. */
export async function dropPostgresDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServer() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
