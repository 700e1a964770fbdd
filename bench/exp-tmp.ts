import SQLite from 'better-sqlite3';
import { rmSync } from 'node:fs';
const file = '.bench/exp.db';
for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
const db = new SQLite(file);
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('cache_size = -65536');
db.exec(`create table user_events (id integer primary key autoincrement, account_id integer not null, event_id integer not null, user_id integer not null, datetime text not null, metadata text);
create index a on user_events(account_id, datetime, id); create index b on user_events(account_id, event_id, datetime); create index c on user_events(account_id, user_id, datetime);`);
const ins = db.prepare('insert into user_events (account_id, event_id, user_id, datetime, metadata) values (?,?,?,?,?)');
const base = Date.UTC(2025, 0, 1);
let t = performance.now();
db.transaction(() => { for (let i = 0; i < 1_000_000; i++) ins.run(1, (i % 2) + 1, (i % 1000) + 1, new Date(base + (i % 31536000) * 1000).toISOString().slice(0, 19).replace('T', ' '), null); })();
console.log('load', performance.now() - t);
db.pragma('wal_checkpoint(TRUNCATE)');
for (const size of [500, 2000, 5000]) {
  const del = db.prepare(`delete from user_events where id in (select id from user_events where account_id = 1 and event_id = 1 and datetime >= '2025-01-01' and datetime <= '2026-01-01' limit ${size})`);
  const times: number[] = [];
  for (let k = 0; k < 20; k++) { const t0 = performance.now(); db.transaction(() => del.run())(); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log(size, 'median ms', times[10]!.toFixed(1), 'max', times[19]!.toFixed(1), 'per row us', (1000 * times[10]! / size).toFixed(1));
}
