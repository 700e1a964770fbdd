// The ceiling: a minimal Fastify app that parses the same JSON and inserts one row into a
// better-sqlite3 table (same pragmas as Rapport), plus a route answering a fixed body.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

const file = process.env.CEILING_DB!;
const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`create table if not exists hits (
  id integer primary key autoincrement, event text not null, service_uid text, datetime text, metadata text)`);
const insert = db.prepare('insert into hits (event, service_uid, datetime, metadata) values (?, ?, ?, ?)');

const fixed = JSON.parse(process.env.FIXED_BODY ?? '[]');
const app = Fastify({ logger: false });
app.post('/ingest', async (request) => {
  const body = request.body as { event: string; service_uid?: string; datetime?: string; metadata?: unknown };
  const info = insert.run(body.event, body.service_uid ?? null, body.datetime ?? null, body.metadata ? JSON.stringify(body.metadata) : null);
  return { id: Number(info.lastInsertRowid) };
});
app.get('/fixed', async () => fixed);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});
