// Rapport on DATABASE_URL with its clock starting at BENCH_CLOCK (an ISO instant) and running on
// from there: a data set generated relative to one instant reads the same on any day. Otherwise as
// bench/servers/rapport.ts (no migration or first account: the database is prepared).
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const database = openDatabase(config.database);
const startedAt = Date.now();
const at = new Date(process.env.BENCH_CLOCK ?? new Date().toISOString()).getTime();
const app = await buildApp({ config, database, clock: { now: () => new Date(at + Date.now() - startedAt) } });
app.addHook('onClose', async () => database.close());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
