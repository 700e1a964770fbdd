// The data set of the segments bench (bench/segments.ts): one account with customers,
// custom attributes, tags, points, purchases with items over 730 days, user events over 365 days,
// coupons, abandoned carts and blacklisted e-mails, at BENCH_SCALE of the full size.
//
// Deterministic: every value comes from seeded generators (a stream per customer, a stream per day
// of purchases or events), so the same scale gives the same rows on SQLite and PostgreSQL, and the
// same counts. Times are relative to `anchor` (a UTC midnight), which the bench also gives the app
// as its clock.
//
// Written straight into the database, not through the API: multi-row inserts in transactions, with
// the secondary indexes of the large tables dropped during the load and created again afterwards
// from their own definitions (read from the catalogue, so they are exactly the migrations' ones).
// What segments compare is computed by the app's own functions (src/db/folded-columns.ts): the
// users' folded columns and list keys, and attribute_value_items. The small catalogue (events,
// custom attribute definitions, benefits, branches) is created through the API in-process, so it is
// stored as the app stores it; categories and products are inserted directly.
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { attributeItemRows, foldedUserColumns } from '../../src/db/folded-columns.js';
import { branchNameKey, normaliseEmail } from '../../src/lib/fields.js';
import { formatDateTime } from '../../src/lib/time.js';

export type Kind = 'sqlite' | 'postgres';

/** The full size (BENCH_SCALE=1). */
export const FULL = { users: 1_000_000, purchases: 3_000_000, userEvents: 10_000_000, coupons: 50_000, carts: 100_000, blacklisted: 50_000 };
/** Not scaled: the catalogue. */
export const BRANCHES = 20;
export const PRODUCTS = 5_000;
export const CATEGORY_ROOTS = 5;
export const CATEGORIES_PER_ROOT = 5;
export const LEAF_CATEGORIES = 170;
export const BENEFITS = 10;
export const TAG_POOL = [
  'vip', 'newsletter', 'club', 'online', 'store', 'family', 'student', 'senior', 'sports', 'fashion',
  'home', 'kids', 'beauty', 'tech', 'gourmet', 'travel', 'pets', 'outdoor', 'books', 'music',
];
/** 30 event names; the first ones are the most frequent (see EVENT_WEIGHTS). */
export const EVENT_NAMES = [
  'product-view', 'login', 'search', 'page-view', 'add-to-cart', 'remove-from-cart', 'wishlist-add', 'checkout-start',
  'checkout-step', 'payment-info', 'coupon-view', 'coupon-redeem', 'newsletter-open', 'newsletter-click', 'push-open',
  'app-open', 'store-visit', 'review-write', 'review-read', 'share', 'profile-update', 'password-reset', 'logout',
  'chat-start', 'support-ticket', 'size-guide', 'store-locator', 'gift-card-view', 'loyalty-view', 'referral-send',
];
const EVENT_WEIGHTS = EVENT_NAMES.map((_, i) => (i === 0 ? 30 : i === 1 ? 15 : 55 / 28));
const FIRST_NAMES = ['Inés', 'José', 'María', 'Juan', 'Lucía', 'Álvaro', 'Sofía', 'Martín', 'Zoë', 'Ñuño', 'Carmen', 'Raúl', 'Elena', 'Andrés', 'Paula', 'Jorge', 'Marta', 'Iñaki', 'Noemí', 'Óscar'];
const LAST_NAMES = ['García', 'Álvarez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Díaz', 'Muñoz', 'Ruiz', 'Hernández', 'Jiménez', 'Núñez', "O'Brien", 'Straße', 'Castaño', 'Ibáñez', 'Peña', 'Ortiz'];
const CITIES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Córdoba', 'Málaga', 'Bilbao', 'Zaragoza', 'Murcia', 'Palma', 'Alicante', 'Cádiz', 'León', 'Jaén', 'Logroño', 'Ávila', 'Cáceres', 'Gijón', 'Vigo', 'A Coruña'];
const CHANNELS = ['in-store', 'web', 'telephone'] as const;

export const DAY_MS = 86_400_000;

export interface Sizes {
  users: number;
  purchases: number;
  userEvents: number;
  coupons: number;
  carts: number;
  blacklisted: number;
}

export const sizesFor = (scale: number): Sizes => ({
  users: Math.round(FULL.users * scale),
  purchases: Math.round(FULL.purchases * scale),
  userEvents: Math.round(FULL.userEvents * scale),
  coupons: Math.round(FULL.coupons * scale),
  carts: Math.round(FULL.carts * scale),
  blacklisted: Math.round(FULL.blacklisted * scale),
});

/** What the build leaves for the bench: ids of what the definitions name, and row counts. */
export interface BuiltData {
  accountId: number;
  anchor: string;
  scale: number;
  sizes: Sizes;
  rows: Record<string, number>;
  events: Record<string, number>;
  benefits: number[];
  attributes: Record<string, number>;
}

// --- deterministic randomness -------------------------------------------------------------------

/** A 32-bit integer hash (lowbias32). */
function hash32(x: number): number {
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x = (x ^ (x >>> 15)) >>> 0;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function generator(seed: number): () => number {
  let a = hash32(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const streamSeed = (stream: number, index: number) => hash32((stream * 0x9e3779b1) ^ hash32(index + 0x5bd1e995));
const int = (r: () => number, n: number) => Math.floor(r() * n);
/** A standard normal deviate (Box–Muller). */
const gaussian = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** Picks an index in proportion to `weights` through their running sums (binary search). */
class WeightedPick {
  private readonly sums: Float64Array;
  readonly total: number;
  constructor(weights: ArrayLike<number>) {
    this.sums = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i += 1) {
      sum += weights[i]!;
      this.sums[i] = sum;
    }
    this.total = sum;
  }
  pick(r: () => number): number {
    const target = r() * this.total;
    let low = 0;
    let high = this.sums.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sums[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

const STREAM = { user: 1, purchaseDay: 2, eventDay: 3, coupon: 4, cart: 5, blacklist: 6, product: 7 };

// --- customers ----------------------------------------------------------------------------------

export interface GeneratedUser {
  id: number;
  service_uid: string;
  email: string | null;
  telephone: string | null;
  first_name: string;
  last_name: string;
  gender: string | null;
  city: string;
  country: string;
  postcode: string;
  birthdate: string | null;
  tags: string[];
  points: number;
  mailing_enabled: number;
  sms_enabled: number;
  club_inscription_date: string | null;
  createtime: string;
  updatetime: string;
  tier: string | null;
  visits: number | null;
  firstStoreVisit: string | null;
  /** How much the customer buys and does (relative weights; 0: never). */
  buys: number;
  acts: number;
  homeBranch: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Customer `id` (1-based), the same wherever it is asked for. */
export function userOf(id: number, anchorMs: number): GeneratedUser {
  const r = generator(streamSeed(STREAM.user, id));
  const first = FIRST_NAMES[int(r, FIRST_NAMES.length)]!;
  const last = LAST_NAMES[int(r, LAST_NAMES.length)]!;
  const email = r() < 0.6 ? (r() < 0.05 ? `C${id}@Example.com` : `c${id}@example.com`) : null;
  const telephone = r() < 0.4 ? `+34 6${pad(id, 8)}` : null;
  const genderDraw = r();
  const cityDraw = r();
  // Madrid and Barcelona are a third of the customers; the others share the rest.
  const city = cityDraw < 0.2 ? CITIES[0]! : cityDraw < 0.33 ? CITIES[1]! : CITIES[2 + int(r, CITIES.length - 2)]!;
  // Birthdates spread over 80 years: born between 95 and 15 years before the anchor (93 % give one).
  const hasBirthdate = r() < 0.93;
  const bornMs = anchorMs - (15 * 365.25 + r() * 80 * 365.25) * DAY_MS;
  const tagCount = int(r, 6);
  const tags: string[] = [];
  while (tags.length < tagCount) {
    const tag = TAG_POOL[int(r, TAG_POOL.length)]!;
    if (!tags.includes(tag)) tags.push(tag);
  }
  const points = int(r, 5001);
  const mailing = r() < 0.9 ? 1 : 0;
  const sms = r() < 0.75 ? 1 : 0;
  const createdMs = anchorMs - r() * 3 * 365 * DAY_MS;
  const updatedMs = createdMs + r() * (anchorMs - createdMs);
  const club = r() < 0.3 ? formatDateTime(new Date(createdMs + r() * (anchorMs - createdMs))) : null;
  const tierDraw = r();
  const tier = r() < 0.85 ? (tierDraw < 0.55 ? 'bronze' : tierDraw < 0.85 ? 'silver' : 'gold') : null;
  const visits = r() < 0.7 ? Math.min(500, Math.floor(Math.exp(1.6 + 1.1 * gaussian(r)))) : null;
  const firstStoreVisit = r() < 0.5 ? formatDateTime(new Date(anchorMs - r() * 5 * 365 * DAY_MS)) : null;
  // Activity: a third never buy, a fifth have no events; the others spread lognormally, and the
  // two go together (the same person is active on both).
  const activity = gaussian(r);
  const buys = r() < 0.35 ? 0 : Math.exp(1.1 * activity);
  const acts = r() < 0.2 ? 0 : Math.exp(0.9 * activity + 0.6 * gaussian(r));
  // Branches are not equally busy: branch 1 sees about four times the trade of branch 20.
  const homeBranch = Math.min(BRANCHES - 1, Math.floor(BRANCHES * r() ** 1.6));
  return {
    id,
    service_uid: `c-${id}`,
    email,
    telephone,
    first_name: first,
    last_name: last,
    gender: genderDraw < 0.45 ? 'F' : genderDraw < 0.9 ? 'M' : null,
    city,
    country: 'ES',
    postcode: pad(1000 + int(r, 51_000), 5),
    birthdate: hasBirthdate ? formatDateTime(new Date(bornMs)).slice(0, 10) : null,
    tags,
    points,
    mailing_enabled: mailing,
    sms_enabled: sms,
    club_inscription_date: club,
    createtime: formatDateTime(new Date(createdMs)),
    updatetime: formatDateTime(new Date(updatedMs)),
    tier,
    visits,
    firstStoreVisit,
    buys,
    acts,
    homeBranch,
  };
}

// --- catalogue ----------------------------------------------------------------------------------

interface Category {
  id: number;
  code: string;
  parent: number | null;
}

/** 200 categories three levels deep: 5 roots, 5 children each, 170 leaves under those 25. */
export function categories(): Category[] {
  const out: Category[] = [];
  let id = 0;
  const roots: number[] = [];
  for (let a = 1; a <= CATEGORY_ROOTS; a += 1) {
    out.push({ id: ++id, code: `c${a}`, parent: null });
    roots.push(id);
  }
  const middles: Array<{ id: number; code: string }> = [];
  for (let a = 1; a <= CATEGORY_ROOTS; a += 1) {
    for (let b = 1; b <= CATEGORIES_PER_ROOT; b += 1) {
      out.push({ id: ++id, code: `c${a}-${b}`, parent: roots[a - 1]! });
      middles.push({ id, code: `c${a}-${b}` });
    }
  }
  for (let k = 0; k < LEAF_CATEGORIES; k += 1) {
    const middle = middles[k % middles.length]!;
    out.push({ id: ++id, code: `${middle.code}-${Math.floor(k / middles.length) + 1}`, parent: middle.id });
  }
  return out;
}

interface Product {
  sku: string;
  name: string;
  price: number;
  category: number;
}

/** 5,000 products on the 170 leaf categories, prices 5–500 (cheap ones more common). */
export function products(): Product[] {
  const leaves = categories().filter((c) => c.id > CATEGORY_ROOTS + CATEGORY_ROOTS * CATEGORIES_PER_ROOT);
  const r = generator(streamSeed(STREAM.product, 0));
  return Array.from({ length: PRODUCTS }, (_, i) => ({
    sku: `SKU-${pad(i + 1, 5)}`,
    name: `Product ${i + 1}`,
    price: Math.round((5 + 495 * r() ** 2) * 100) / 100,
    category: leaves[int(r, leaves.length)]!.id,
  }));
}

// --- the loader -----------------------------------------------------------------------------------

type Column = [name: string, pgType: string];

/** Multi-row inserts on either database, each batch in a transaction. */
interface Loader {
  insert(table: string, columns: Column[], rows: unknown[][]): Promise<void>;
  /**
   * What slows a bulk load of the table and is rebuilt after it: secondary indexes (not primary keys
   * nor constraints) and, on SQLite, triggers (PostgreSQL's loader disables them for its session).
   */
  detachable(table: string): Promise<Array<{ drop: string; create: string }>>;
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
}

function sqliteLoader(file: string): Loader {
  const db = new SQLite(file);
  // The load only: the app opens the file again with its own settings (WAL, synchronous=NORMAL).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('foreign_keys = OFF');
  const statements = new Map<string, SQLite.Statement>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}(${columns.map((c) => c[0]).join(',')})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = db.prepare(`insert into ${table} (${columns.map((c) => c[0]).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        statements.set(key, statement);
      }
      const run = statement;
      db.transaction(() => {
        for (const row of rows) run.run(...row);
      })();
    },
    async detachable(table) {
      // The live-segment triggers would mark every loaded row dirty, one statement per row.
      const rows = db.prepare(`select type, name, sql from sqlite_master where type in ('index', 'trigger') and tbl_name = ? and sql is not null`).all(table) as Array<{ type: string; name: string; sql: string }>;
      return rows.map((row) => ({ drop: `drop ${row.type} ${row.name}`, create: row.sql }));
    },
    async exec(statement) {
      db.exec(statement);
    },
    async close() {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

async function postgresLoader(url: string): Promise<Loader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Bulk load: no foreign-key triggers (the rows are consistent by construction), large sorts for
  // the index builds.
  await client.query(`set session_replication_role = replica`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`set synchronous_commit = off`);
  return {
    async insert(table, columns, rows) {
      const arrays = columns.map((_, c) => rows.map((row) => row[c]));
      const names = columns.map((c) => c[0]).join(', ');
      const unnest = columns.map((column, c) => `$${c + 1}::${column[1]}[]`).join(', ');
      await client.query(`insert into ${table} (${names}) select * from unnest(${unnest})`, arrays);
    },
    async detachable(table) {
      const { rows } = await client.query<{ name: string; create: string }>(
        `select i.relname as name, pg_get_indexdef(i.oid) as "create"
           from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
          where t.relname = $1 and t.relnamespace = 'public'::regnamespace
            and not exists (select 1 from pg_constraint c where c.conindid = i.oid)`,
        [table],
      );
      return rows.map((row) => ({ drop: `drop index ${row.name}`, create: row.create }));
    },
    async exec(statement) {
      await client.query(statement);
    },
    async close() {
      await client.end();
    },
  };
}

const BATCH = 5000;

/** Collects rows and inserts them BATCH at a time. */
class Batcher {
  private rows: unknown[][] = [];
  count = 0;
  constructor(
    private readonly loader: Loader,
    private readonly table: string,
    private readonly columns: Column[],
  ) {}
  async add(row: unknown[]): Promise<void> {
    this.rows.push(row);
    this.count += 1;
    if (this.rows.length >= BATCH) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await this.loader.insert(this.table, this.columns, rows);
  }
}

const LARGE_TABLES = ['users', 'attribute_values', 'attribute_value_items', 'blacklist_entries', 'purchases', 'purchase_items', 'user_events', 'coupons', 'abandoned_carts'];

export interface BuildOptions {
  kind: Kind;
  /** The SQLite file or the PostgreSQL database URL, already migrated, with the account created. */
  target: string;
  accountId: number;
  scale: number;
  anchor: Date;
  /** The app, in-process, for the small catalogue (events, custom attributes, benefits, branches). */
  app: FastifyInstance;
  key: string;
  log: (line: string) => void;
}

export async function buildData(options: BuildOptions): Promise<BuiltData> {
  const { kind, accountId, scale, anchor, app, key, log } = options;
  const sizes = sizesFor(scale);
  const anchorMs = anchor.getTime();
  const now = formatDateTime(anchor);
  const rows: Record<string, number> = {};

  // The small catalogue, through the API.
  const call = async (method: 'POST', path: string, body: unknown) => {
    const response = await app.inject({ method, url: `/apiv3${path}`, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    if (response.statusCode >= 300) throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    // Most routes answer an envelope; POST /events the bare object.
    const answer = JSON.parse(response.body) as { payload?: Record<string, unknown> } & Record<string, unknown>;
    return answer.payload ?? answer;
  };
  const events: Record<string, number> = {};
  for (const name of EVENT_NAMES) events[name] = Number((await call('POST', '/events', { name })).id);
  await call('POST', '/account/custom-attributes', {
    label: 'Tier',
    field_type: 'select',
    data_type: 'string',
    options: ['bronze', 'silver', 'gold'].map((value) => ({ value, text: value[0]!.toUpperCase() + value.slice(1) })),
  });
  await call('POST', '/account/custom-attributes', { label: 'Visits', field_type: 'text', data_type: 'integer' });
  await call('POST', '/account/custom-attributes', { label: 'First store visit', field_type: 'datetime', data_type: 'timestamp' });
  const benefits: number[] = [];
  for (let b = 1; b <= BENEFITS; b += 1) {
    benefits.push(Number((await call('POST', '/benefits', { title: `Benefit ${b}`, startdate: '2020-01-01', enddate: '2099-12-31', points: 100 * b })).id));
  }
  for (let b = 1; b <= BRANCHES; b += 1) await call('POST', '/branches', { name: `Branch ${b}` });

  const loader = kind === 'sqlite' ? sqliteLoader(options.target) : await postgresLoader(options.target);
  try {
    const attributeRows = await selectRows(loader, kind, options.target, `select id, name from attribute_definitions where account_id = ${accountId} and kind = 'users'`);
    const attributes = Object.fromEntries(attributeRows.map((row) => [String(row.name), Number(row.id)]));
    const branchRows = await selectRows(loader, kind, options.target, `select id, name_key from branches where account_id = ${accountId} order by id`);
    const branchIds = Array.from({ length: BRANCHES }, (_, b) => Number(branchRows.find((row) => row.name_key === branchNameKey(`Branch ${b + 1}`))!.id));

    // Secondary indexes (and SQLite's triggers) of the large tables go during the load and come
    // back after it.
    const dropped: Array<{ drop: string; create: string }> = [];
    for (const table of LARGE_TABLES) {
      for (const detached of await loader.detachable(table)) {
        dropped.push(detached);
        await loader.exec(detached.drop);
      }
    }

    let started = Date.now();
    const categoryList = categories();
    const categoryIds = new Map<number, number>();
    const categoryBatch = new Batcher(loader, 'categories', [['id', 'int'], ['account_id', 'int'], ['code', 'text'], ['name', 'text'], ['parent_id', 'int'], ['createtime', 'text']]);
    // Ids continue after whatever exists (none: categories are not created by the catalogue above).
    for (const category of categoryList) {
      categoryIds.set(category.id, category.id);
      await categoryBatch.add([category.id, accountId, category.code, `Category ${category.code}`, category.parent, now]);
    }
    await categoryBatch.flush();
    const productList = products();
    const productBatch = new Batcher(loader, 'products', [
      ['account_id', 'int'], ['sku', 'text'], ['name', 'text'], ['brand', 'text'], ['price', 'float8'], ['stock', 'int8'], ['category_id', 'int'], ['createtime', 'text'], ['updatetime', 'text'],
    ]);
    for (const product of productList) await productBatch.add([accountId, product.sku, product.name, 'Acme', product.price, 100, product.category, now, now]);
    await productBatch.flush();
    rows.categories = categoryList.length;
    rows.products = productList.length;

    // Customers, their custom attribute values and the items segments compare.
    const userColumns: Column[] = [
      ['id', 'int'], ['account_id', 'int'], ['service_uid', 'text'], ['email', 'text'], ['telephone', 'text'], ['first_name', 'text'], ['last_name', 'text'],
      ['gender', 'text'], ['city', 'text'], ['country', 'text'], ['postcode', 'text'], ['birthdate', 'text'], ['tags', 'text'], ['points', 'int8'],
      ['mailing_enabled', 'int'], ['sms_enabled', 'int'], ['club_inscription_date', 'text'], ['createtime', 'text'], ['updatetime', 'text'],
    ];
    const foldedNames = Object.keys(foldedUserColumns(foldableOf(userOf(1, anchorMs))));
    const users = new Batcher(loader, 'users', [...userColumns, ...foldedNames.map((name): Column => [name, 'text'])]);
    const values = new Batcher(loader, 'attribute_values', [['account_id', 'int'], ['definition_id', 'int'], ['record_id', 'int'], ['value', 'text']]);
    const items = new Batcher(loader, 'attribute_value_items', [
      ['account_id', 'int'], ['definition_id', 'int'], ['record_id', 'int'], ['position', 'int'], ['text_value', 'text'], ['number_value', 'float8'],
    ]);
    const buys = new Float64Array(sizes.users);
    const acts = new Float64Array(sizes.users);
    const homeBranch = new Uint8Array(sizes.users);
    const emailOf: Array<string | null> = new Array(sizes.users);
    for (let id = 1; id <= sizes.users; id += 1) {
      const user = userOf(id, anchorMs);
      const row = {
        ...foldableOf(user),
        birthdate: user.birthdate,
        points: user.points,
        mailing_enabled: user.mailing_enabled,
        sms_enabled: user.sms_enabled,
        club_inscription_date: user.club_inscription_date,
        createtime: user.createtime,
        updatetime: user.updatetime,
      };
      const folded = foldedUserColumns(row) as Record<string, string | null>;
      await users.add([
        id, accountId, user.service_uid, user.email, user.telephone, user.first_name, user.last_name, user.gender, user.city, user.country, user.postcode,
        user.birthdate, row.tags, user.points, user.mailing_enabled, user.sms_enabled, user.club_inscription_date, user.createtime, user.updatetime,
        ...foldedNames.map((name) => folded[name] ?? null),
      ]);
      const attributeValues: Array<[number, string]> = [];
      if (user.tier !== null) attributeValues.push([attributes.tier!, JSON.stringify(user.tier)]);
      if (user.visits !== null) attributeValues.push([attributes.visits!, JSON.stringify(user.visits)]);
      if (user.firstStoreVisit !== null) attributeValues.push([attributes.first_store_visit!, JSON.stringify(user.firstStoreVisit)]);
      for (const [definitionId, value] of attributeValues) {
        await values.add([accountId, definitionId, id, value]);
        for (const item of attributeItemRows(accountId, definitionId, id, value)) {
          await items.add([item.account_id, item.definition_id, item.record_id, item.position, item.text_value, item.number_value]);
        }
      }
      buys[id - 1] = user.buys;
      acts[id - 1] = user.acts;
      homeBranch[id - 1] = user.homeBranch;
      emailOf[id - 1] = user.email;
    }
    await users.flush();
    await values.flush();
    await items.flush();
    rows.users = users.count;
    rows.attribute_values = values.count;
    rows.attribute_value_items = items.count;
    log(`  customers: ${users.count} users, ${values.count} custom values, ${items.count} items in ${seconds(started)} s`);

    // Blacklisted e-mails: three in four are customers' addresses, the others strangers'.
    started = Date.now();
    const blacklist = new Batcher(loader, 'blacklist_entries', [['account_id', 'int'], ['list', 'text'], ['value', 'text'], ['createtime', 'text'], ['generation', 'int']]);
    {
      const r = generator(streamSeed(STREAM.blacklist, 0));
      const seen = new Set<string>();
      let stranger = 0;
      while (seen.size < sizes.blacklisted) {
        let value: string | null;
        if (r() < 0.75) {
          const email = emailOf[int(r, sizes.users)];
          value = email ? normaliseEmail(email) : null;
        } else value = `x${++stranger}@spam.example`;
        if (value === null || seen.has(value)) continue;
        seen.add(value);
        await blacklist.add([accountId, 'email', value, formatDateTime(new Date(anchorMs - r() * 700 * DAY_MS)), 0]);
      }
    }
    await blacklist.flush();
    rows.blacklist_entries = blacklist.count;

    // Purchases over 730 days, in time order (ids follow time, as they do when they arrive).
    const buyers = new WeightedPick(buys);
    const popular = new WeightedPick(Array.from({ length: PRODUCTS }, (_, i) => 1 / (1 + i / 50)));
    const purchaseBatch = new Batcher(loader, 'purchases', [
      ['id', 'int'], ['account_id', 'int'], ['invoice_number', 'text'], ['user_id', 'int'], ['branch_id', 'int'], ['channel', 'text'], ['points', 'int8'],
      ['price_gross', 'float8'], ['price_tax', 'float8'], ['price_total', 'float8'], ['payment', 'text'], ['createtime', 'text'],
    ]);
    const itemBatch = new Batcher(loader, 'purchase_items', [
      ['account_id', 'int'], ['purchase_id', 'int'], ['position', 'int'], ['sku', 'text'], ['product_name', 'text'], ['quantity', 'int8'], ['unit_price', 'float8'], ['data', 'text'],
    ]);
    let purchaseId = 0;
    const PURCHASE_DAYS = 730;
    for (let day = 0; day < PURCHASE_DAYS; day += 1) {
      const r = generator(streamSeed(STREAM.purchaseDay, day));
      const count = Math.floor(((day + 1) * sizes.purchases) / PURCHASE_DAYS) - Math.floor((day * sizes.purchases) / PURCHASE_DAYS);
      const dayStart = anchorMs - (PURCHASE_DAYS - day) * DAY_MS;
      const times = Array.from({ length: count }, () => Math.floor(r() * 86_400)).sort((a, b) => a - b);
      for (const second of times) {
        purchaseId += 1;
        const user = buyers.pick(r);
        const channelDraw = r();
        const channel = CHANNELS[channelDraw < 0.7 ? 0 : channelDraw < 0.95 ? 1 : 2]!;
        const branch = channel === 'web' ? null : branchIds[r() < 0.85 ? homeBranch[user]! : int(r, BRANCHES)]!;
        const itemCount = 1 + int(r, 4);
        let total = 0;
        for (let position = 0; position < itemCount; position += 1) {
          const product = productList[popular.pick(r)]!;
          const quantity = 1 + int(r, 3);
          total += quantity * product.price;
          await itemBatch.add([accountId, purchaseId, position, product.sku, product.name, quantity, product.price, '{}']);
        }
        total = Math.round(total * 100) / 100;
        const tax = Math.round((total - total / 1.21) * 100) / 100;
        await purchaseBatch.add([
          purchaseId, accountId, `INV-${pad(purchaseId, 8)}`, user + 1, branch, channel, Math.floor(total / 10), total, tax, total,
          JSON.stringify([{ type: r() < 0.7 ? 'credit' : 'cash', total, installments: 1 }]), formatDateTime(new Date(dayStart + second * 1000)),
        ]);
      }
    }
    await purchaseBatch.flush();
    await itemBatch.flush();
    rows.purchases = purchaseBatch.count;
    rows.purchase_items = itemBatch.count;
    log(`  purchases: ${purchaseBatch.count} with ${itemBatch.count} items in ${seconds(started)} s`);

    // User events over 365 days, in time order.
    started = Date.now();
    const actors = new WeightedPick(acts);
    const names = new WeightedPick(EVENT_WEIGHTS);
    const eventIds = EVENT_NAMES.map((name) => events[name]!);
    const eventBatch = new Batcher(loader, 'user_events', [['account_id', 'int'], ['event_id', 'int'], ['user_id', 'int'], ['datetime', 'text'], ['metadata', 'text']]);
    const EVENT_DAYS = 365;
    for (let day = 0; day < EVENT_DAYS; day += 1) {
      const r = generator(streamSeed(STREAM.eventDay, day));
      const count = Math.floor(((day + 1) * sizes.userEvents) / EVENT_DAYS) - Math.floor((day * sizes.userEvents) / EVENT_DAYS);
      const dayStart = anchorMs - (EVENT_DAYS - day) * DAY_MS;
      const times = Array.from({ length: count }, () => Math.floor(r() * 86_400)).sort((a, b) => a - b);
      for (const second of times) {
        const name = names.pick(r);
        const metadata = r() < 0.3 ? JSON.stringify({ source: r() < 0.6 ? 'app' : 'web', sku: `SKU-${pad(1 + int(r, PRODUCTS), 5)}` }) : null;
        await eventBatch.add([accountId, eventIds[name]!, actors.pick(r) + 1, formatDateTime(new Date(dayStart + second * 1000)), metadata]);
      }
    }
    await eventBatch.flush();
    rows.user_events = eventBatch.count;
    log(`  user events: ${eventBatch.count} in ${seconds(started)} s`);

    // Coupons of 10 benefits over 365 days, and abandoned carts over 90 days.
    started = Date.now();
    const coupons = new Batcher(loader, 'coupons', [['account_id', 'int'], ['benefit_id', 'int'], ['user_id', 'int'], ['code', 'text'], ['points', 'int'], ['createtime', 'text']]);
    {
      const r = generator(streamSeed(STREAM.coupon, 0));
      const benefitPick = new WeightedPick(benefits.map((_, b) => 1 / (b + 1)));
      for (let c = 1; c <= sizes.coupons; c += 1) {
        const benefit = benefitPick.pick(r);
        await coupons.add([accountId, benefits[benefit]!, actors.pick(r) + 1, `CPN-${pad(c, 8)}`, 100 * (benefit + 1), formatDateTime(new Date(anchorMs - r() * 365 * DAY_MS))]);
      }
    }
    await coupons.flush();
    rows.coupons = coupons.count;
    const carts = new Batcher(loader, 'abandoned_carts', [['account_id', 'int'], ['user_id', 'int'], ['external_id', 'text'], ['data', 'text'], ['createtime', 'text'], ['recovered', 'int']]);
    {
      const r = generator(streamSeed(STREAM.cart, 0));
      for (let c = 1; c <= sizes.carts; c += 1) {
        const recovered = r() < 0.35;
        const product = productList[popular.pick(r)]!;
        const data = JSON.stringify({
          products: [{ sku: product.sku, name: product.name, quantity: 1, price: product.price }],
          total_price: product.price,
          source: r() < 0.7 ? 'web' : 'app',
          recovered,
          recover_url: `https://shop.example/cart/${c}`,
        });
        await carts.add([accountId, actors.pick(r) + 1, `cart-${pad(c, 8)}`, data, formatDateTime(new Date(anchorMs - r() * 90 * DAY_MS)), recovered ? 1 : 0]);
      }
    }
    await carts.flush();
    rows.abandoned_carts = carts.count;
    log(`  coupons and carts: ${coupons.count} and ${carts.count} in ${seconds(started)} s`);

    started = Date.now();
    for (const detached of dropped) await loader.exec(detached.create);
    log(`  ${dropped.length} secondary indexes and triggers created again in ${seconds(started)} s`);
    if (kind === 'postgres') {
      for (const table of ['users', 'categories', 'purchases']) {
        await loader.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      started = Date.now();
      // What autovacuum would do after such a load (statistics, and the visibility map that
      // index-only scans need), done now rather than whenever it gets to it.
      await loader.exec('vacuum (analyze)');
      log(`  vacuum (analyze) in ${seconds(started)} s`);
    }
    return { accountId, anchor: formatDateTime(anchor), scale, sizes, rows, events, benefits, attributes };
  } finally {
    await loader.close();
  }
}

/** The fields of a generated user that folded-columns.ts folds, as a users row holds them. */
function foldableOf(user: GeneratedUser) {
  return {
    service_uid: user.service_uid,
    email: user.email,
    telephone: user.telephone,
    first_name: user.first_name,
    last_name: user.last_name,
    gender: user.gender,
    city: user.city,
    country: user.country,
    postcode: user.postcode,
    document: null,
    street: null,
    department: null,
    state: null,
    marital_status: null,
    tags: JSON.stringify(user.tags),
  };
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** A small query through the loader's database (SQLite: a read of the file; PostgreSQL: a client). */
async function selectRows(_loader: Loader, kind: Kind, target: string, query: string): Promise<Array<Record<string, unknown>>> {
  if (kind === 'sqlite') {
    const db = new SQLite(target, { readonly: true });
    try {
      return db.prepare(query).all() as Array<Record<string, unknown>>;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    return (await client.query(query)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}
