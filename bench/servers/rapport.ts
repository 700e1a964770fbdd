// Rapport itself, as `npm start` runs it, on the SQLite file given in DATABASE_URL.
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';

const app = await startServer(loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }));
const address = app.server.address();
if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
