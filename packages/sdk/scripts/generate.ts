// npm run generate (in packages/sdk): builds the app from the server sources on a throwaway
// in-memory SQLite database, takes the OpenAPI document it serves, and writes src/schema.d.ts.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { schemaSource } from './schema-source.js';

const target = fileURLToPath(new URL('../src/schema.d.ts', import.meta.url));

const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
try {
  await migrateToLatest(database);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), workerEnabled: false };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    await writeFile(target, await schemaSource(app.swagger()));
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
console.log(`wrote ${target}`);
