// The data set of the reads bench (bench/reads.ts): one account with users carrying custom values,
// some of them blacklisted, events, user events, products in a category tree with custom values,
// and purchases with items. Definitions, products and purchases go through Rapport's own API (an
// app in this process), so they are stored exactly as Rapport stores them; the volume tables
// (users, user events) are inserted directly.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { buildApp } from '../../src/app.js';
import { loadConfig, parseDatabaseUrl } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { formatDateTime, systemClock } from '../../src/lib/time.js';
import { buildAccounts } from '../../src/services.js';
import { throwawayDatabase } from './postgres.js';

export type Kind = 'sqlite' | 'postgres';

export const USERS = 10_000;
export const EVENTS = ['signup', 'login', 'view', 'cart', 'purchase'];
export const USER_EVENTS_PER_USER = 20;
export const PRODUCTS = 1_000;
export const PURCHASES = 10_000;
/** The user the POST /user-events load writes for; no read route looks at it. */
export const WRITER = 'writer';

export interface Prepared {
  /** DATABASE_URL of the prepared database. */
  url: string;
  key: string;
  drop(): Promise<void>;
}

const pick = (n: number) => Math.floor(Math.random() * n);

/** A fresh database (a file, or a throwaway PostgreSQL database) with the data set. */
export async function prepareReads(kind: Kind, file: string): Promise<Prepared> {
  let url: string;
  let drop = async () => {};
  if (kind === 'sqlite') {
    const remove = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    };
    await remove();
    url = `sqlite:${file}`;
    drop = remove;
  } else {
    ({ url, drop } = await throwawayDatabase(`rapport_bench_reads_${randomBytes(3).toString('hex')}`));
  }
  const database = openDatabase(parseDatabaseUrl(url));
  try {
    await migrateToLatest(database);
    const accounts = buildAccounts(database.db, systemClock);
    const account = await accounts.createAccount('bench');
    const { key } = await accounts.createKey(account.id);
    const accountId = account.id;
    const db = database.db;
    const app = await buildApp({
      config: { ...loadConfig({ LOG_LEVEL: 'silent' }), overloadEventLoopDelayMs: 0, overloadMaxInFlight: 0, workerEnabled: false },
      database,
      logger: false,
      mailer: null,
    });
    await app.ready();
    const call = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
      const response = await app.inject({
        method,
        url: `/apiv3${path}`,
        headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      if (response.statusCode !== 200) throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      return JSON.parse(response.body) as { payload: unknown };
    };

    for (const name of EVENTS) await call('POST', '/events', { name });
    const tierOptions = [
      { value: 'gold', text: 'Gold' },
      { value: 'silver', text: 'Silver' },
    ];
    await call('POST', '/account/custom-attributes', { label: 'Tier', field_type: 'select', data_type: 'string', options: tierOptions });
    await call('POST', '/account/custom-attributes', { label: 'Score', field_type: 'text', data_type: 'integer' });
    await call('POST', '/account/product-custom-attributes', { label: 'Material', field_type: 'text', data_type: 'string' });
    await call('POST', '/account/purchase-custom-attributes', { label: 'Till', field_type: 'text', data_type: 'string' });

    const now = formatDateTime(new Date());
    const definitions = await db.selectFrom('attribute_definitions').select(['id', 'name']).where('account_id', '=', accountId).execute();
    const definition = (name: string) => Number(definitions.find((d) => d.name === name)!.id);
    for (let from = 1; from <= USERS + 1; from += 500) {
      const rows = [];
      for (let i = from; i < Math.min(from + 500, USERS + 2); i += 1) {
        const writer = i === USERS + 1;
        rows.push({
          account_id: accountId,
          service_uid: writer ? WRITER : `u-${i}`,
          email: `u${i}@example.com`,
          first_name: `First${i}`,
          last_name: `Last${i}`,
          telephone: i % 2 === 0 ? `+3460000${String(i).padStart(4, '0')}` : null,
          city: 'Madrid',
          country: 'ES',
          tags: JSON.stringify(i % 3 === 0 ? ['vip', 'newsletter'] : ['newsletter']),
          points: i % 500,
          createtime: now,
          updatetime: now,
        });
      }
      await db.insertInto('users').values(rows).execute();
    }
    const users = await db.selectFrom('users').select(['id', 'service_uid']).where('account_id', '=', accountId).orderBy('id').execute();
    const userIds = users.filter((u) => u.service_uid !== WRITER).map((u) => Number(u.id));
    const values = userIds.flatMap((id, i) => [
      { account_id: accountId, definition_id: definition('tier'), record_id: id, value: JSON.stringify(i % 2 ? 'gold' : 'silver') },
      { account_id: accountId, definition_id: definition('score'), record_id: id, value: JSON.stringify(i) },
    ]);
    for (let from = 0; from < values.length; from += 1000) await db.insertInto('attribute_values').values(values.slice(from, from + 1000)).execute();
    // Every tenth user's e-mail is blacklisted.
    const blacklist = userIds.filter((_, i) => i % 10 === 0).map((id) => ({ account_id: accountId, list: 'email', value: `u${id}@example.com`, createtime: now }));
    for (let from = 0; from < blacklist.length; from += 1000) await db.insertInto('blacklist_entries').values(blacklist.slice(from, from + 1000)).execute();

    const events = await db.selectFrom('events').select('id').where('account_id', '=', accountId).orderBy('id').execute();
    const base = Date.UTC(2025, 0, 1);
    const userEvents = [];
    for (let i = 0; i < userIds.length * USER_EVENTS_PER_USER; i += 1) {
      userEvents.push({
        account_id: accountId,
        event_id: Number(events[i % events.length]!.id),
        user_id: userIds[i % userIds.length]!,
        datetime: formatDateTime(new Date(base + (i % 31_536_000) * 1000 * 1.5)),
        metadata: i % 2 === 0 ? JSON.stringify({ source: 'bench', order: i, tags: ['a', 'b'] }) : null,
      });
    }
    for (let from = 0; from < userEvents.length; from += 2000) await db.insertInto('user_events').values(userEvents.slice(from, from + 2000)).execute();

    for (let i = 0; i < PRODUCTS; i += 1) {
      await call('POST', '/products', {
        sku: `P-${i}`,
        name: `Product ${i}`,
        brand: 'Acme',
        price: 10 + (i % 90),
        stock: 100,
        category: [
          { id: 'shoes', name: 'Shoes' },
          { id: `shoes-${i % 5}`, name: `Shoes ${i % 5}` },
        ],
        specifications: [{ name: 'size', value: '42' }],
        custom_attributes: { material: i % 2 ? 'leather' : 'canvas' },
      });
    }
    let invoice = 0;
    for (let done = 0; done < PURCHASES; done += 100) {
      const batch = Array.from({ length: 100 }, () => {
        invoice += 1;
        const items = Array.from({ length: 3 }, () => {
          const product = pick(PRODUCTS);
          return { sku: `P-${product}`, product_name: `Product ${product}`, quantity: 1 + pick(3), unit_price: 10 + (product % 90) };
        });
        const total = items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0);
        return {
          invoice_number: `R-${invoice}`,
          service_uid: `u-${1 + (invoice % USERS)}`,
          points: Math.floor(total / 10),
          channel: 'in-store',
          branch_name: `Branch ${invoice % 20}`,
          createtime: formatDateTime(new Date(base + invoice * 60_000)),
          prices: { gross: total, tax: total * 0.21, discount: 0, total },
          payment: { type: 'credit', brand: 'Visa', total, installments: 1 },
          custom_attributes: { till: `T-${invoice % 7}` },
          purchase_detail: items,
        };
      });
      const { payload } = (await call('POST', '/purchases/bulk', batch)) as { payload: { created: number } };
      if (payload.created !== 100) throw new Error(`bulk stored ${payload.created} of 100`);
    }
    await app.close();
    if (kind === 'postgres') {
      const { sql } = await import('kysely');
      await sql`analyze`.execute(db);
    }
    return { url, key, drop };
  } finally {
    await database.close();
  }
}
