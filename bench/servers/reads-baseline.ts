// The same-work baseline of the reads bench (bench/reads.ts): a minimal server that does exactly the
// SQL Rapport does for the benched routes and answers the same bytes, with nothing but Fastify's
// router in front (no schemas, no hooks, no plugins, JSON.stringify). DATABASE_URL is `sqlite:<file>`
// (better-sqlite3, synchronous, statements prepared once, same pragmas as Rapport) or `postgres://…`
// (a pg Pool of DB_POOL_SIZE connections, default 10, as Rapport's).
//
// What a minimal correct server must still do, it does: the key is hashed (SHA-256) and looked up,
// with the same bounded cache as Rapport's (API_KEY_CACHE_MS, default 1000; 0 looks the key up on
// every request), query parameters are checked, dates parsed, identifiers decoded, and the pure
// helpers for that are Rapport's own (dates, base64 identifiers, blacklist normalisation, custom
// values, and the pure presenters of events and purchases), so both sides spend the same CPU on them. Writes commit one row per request (no group
// commit: a minimal server has none).
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import { decodeBase64Text } from '../../src/lib/base64-id.js';
import { formatDateTime, parseDateTime } from '../../src/lib/time.js';
import { normaliseEmail, normaliseTelephone } from '../../src/modules/blacklist/normalise.js';
import { decodeAttributeValue } from '../../src/lib/attribute-values.js';
import type { EventRow } from '../../src/modules/events/repository.js';
import { presentEvent } from '../../src/modules/events/service.js';
import { presentPurchase } from '../../src/modules/purchases/present.js';
import type { PurchaseItemRow, PurchaseListRow } from '../../src/modules/purchases/repository.js';

type Row = Record<string, any>;
type Params = unknown[];

interface Store {
  all(sql: string, params: Params): Row[] | Promise<Row[]>;
  close(): Promise<void>;
}


function sqliteStore(file: string): Store {
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  connection.pragma('cache_size = -16384');
  const statements = new Map<string, SQLite.Statement>();
  return {
    all(sql, params) {
      let statement = statements.get(sql);
      // As Rapport's SQLite compiler: `limit +?`, or SQLite prepares the statement again on every run.
      if (!statement) statements.set(sql, (statement = connection.prepare(sql.replace(/ limit \?/g, ' limit +?'))));
      return statement.all(...params) as Row[];
    },
    async close() {
      connection.close();
    },
  };
}

function postgresStore(connectionString: string): Store {
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DB_POOL_SIZE ?? 10) });
  const numbered = new Map<string, string>();
  return {
    async all(sql, params) {
      let text = numbered.get(sql);
      if (text === undefined) {
        let n = 0;
        numbered.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)));
      }
      return (await pool.query(text, params)).rows as Row[];
    },
    close: () => pool.end(),
  };
}

let store: Store;
const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

// ---- the API key: SHA-256, then a bounded cache in front of one indexed lookup ----
let CACHE_MS = 1000;
const keyCache = new Map<string, { accountId: number; until: number }>();
const BASIC = /^basic\s+(\S+)\s*$/i;

async function account(authorization: string | undefined): Promise<number | undefined> {
  const key = authorization ? BASIC.exec(authorization)?.[1] : undefined;
  if (!key) return undefined;
  const hash = createHash('sha256').update(key, 'utf8').digest('hex');
  const now = performance.now();
  const cached = keyCache.get(hash);
  if (cached && cached.until > now) return cached.accountId;
  const [row] = await store.all('select "account_id" from "api_keys" where "key_hash" = ? and "revoked_at" is null', [hash]);
  if (!row) return undefined;
  if (CACHE_MS > 0) {
    if (keyCache.size >= 10_000) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(hash, { accountId: row.account_id, until: now + CACHE_MS });
  }
  return row.account_id;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const elapsed = (reply: FastifyReply) => `${Math.max(0, Math.round(reply.elapsedTime))}ms`;
const envelope = (reply: FastifyReply, payload: unknown) => ({ payload, message: 'ok', code: 'ok', time: elapsed(reply) });

function integer(query: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new Refusal(400, 'bad_request', `${name}: must be an integer from ${min} to ${max}`);
  return value;
}

function page(query: Record<string, string | undefined>) {
  const limit = integer(query, 'limit', 25, 1, 100);
  return { limit, offset: integer(query, 'page', 0, 0, 1_000_000) * limit };
}

function bound(query: Record<string, string | undefined>, name: 'from' | 'to'): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const parsed = parseDateTime(raw.trim(), name === 'from' ? 'start' : 'end');
  if (!parsed) throw new Refusal(400, 'bad_request', `${name}: must be a datetime or a date`);
  return formatDateTime(parsed);
}

// ---- the reads, query for query what Rapport runs ----
const USER_BY = (field: string) => `select * from "users" where "account_id" = ? and "${field}" = ? order by "id" limit ?`;

async function userByServiceUid(accountId: number, serviceUid: string): Promise<Row | undefined> {
  return (await store.all(USER_BY('service_uid'), [accountId, serviceUid, 1]))[0];
}

async function customValues(accountId: number, kind: string, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>(ids.map((id) => [id, {}]));
  if (ids.length === 0) return out;
  const rows = await store.all(
    'select "v"."record_id", "d"."name", "v"."value" from "attribute_values" as "v" inner join "attribute_definitions" as "d" ' +
      `on "d"."id" = "v"."definition_id" where "v"."account_id" = ? and "d"."kind" = ? and "v"."record_id" in (${list(ids.length)}) order by "d"."id"`,
    [accountId, kind, ...ids],
  );
  for (const row of rows) {
    const value = decodeAttributeValue(row.value);
    if (value !== undefined) out.get(row.record_id)![row.name] = value;
  }
  return out;
}

// One list's live entries among some values (Rapport's visibleEntries: generations not live are hidden).
const LISTED =
  'select "list", "value" from "blacklist_entries" where "blacklist_entries"."account_id" = ? and "blacklist_entries"."list" = ? and ' +
  '"blacklist_entries"."generation" not in (select "generation" from "blacklist_generations" where "account_id" = ? and "list" = ? and "state" <> ?) and "value" in (?)';

/** Whether the e-mail and the telephone are on their lists: one query for both, as Rapport's presentUsers. */
async function blacklisted(accountId: number, email: string | null, phone: string | null): Promise<{ email: boolean; telephone: boolean }> {
  const parts: Array<[string, string]> = [];
  if (email !== null) parts.push(['email', email]);
  if (phone !== null) parts.push(['telephone', phone]);
  if (parts.length === 0) return { email: false, telephone: false };
  const rows = await store.all(
    parts.map(() => LISTED).join(' union all '),
    parts.flatMap(([list, value]) => [accountId, list, accountId, list, 'live', value]),
  );
  return { email: rows.some((row) => row.list === 'email'), telephone: rows.some((row) => row.list === 'telephone') };
}

const eventUser = (user: Row) => ({ userapp_id: Number(user.id), user_id: Number(user.id), service_uid: user.service_uid, email: user.email });

async function userEvents(accountId: number, query: Record<string, string | undefined>) {
  const { limit, offset } = page(query);
  const from = bound(query, 'from');
  const to = bound(query, 'to');
  if (from !== undefined && to !== undefined && from > to) throw new Refusal(400, 'bad_request', 'from: must not be after to');
  let known: Row | undefined;
  const where = ['"account_id" = ?'];
  const params: unknown[] = [accountId];
  if (query.event !== undefined) {
    const [event] = await store.all('select * from "events" where "account_id" = ? and "name" = ?', [accountId, query.event]);
    if (!event) return [];
    where.push('"event_id" = ?');
    params.push(event.id);
  }
  if (query.service_uid !== undefined) {
    known = await userByServiceUid(accountId, query.service_uid);
    if (!known) return [];
    // The customer's own index (migration 0017), as Rapport reads it.
    where[0] = '+account_id = ?';
    where.splice(1, 0, '"user_id" = ?');
    params.splice(1, 0, known.id);
  }
  if (from !== undefined) {
    where.push('"datetime" >= ?');
    params.push(from);
  }
  if (to !== undefined) {
    where.push('"datetime" <= ?');
    params.push(to);
  }
  const rows = await store.all(
    `select "id", "event_id", "user_id", "datetime", "metadata" from "user_events" where ${where.join(' and ')} ` +
      'order by "datetime" desc, "id" desc limit ? offset ?',
    [...params, limit, offset],
  );
  if (rows.length === 0) return [];
  const eventIds = [...new Set(rows.map((row) => Number(row.event_id)))];
  const events = new Map(
    (await store.all(`select "id", "name", "createtime" from "events" where +account_id = ? and "id" in (${list(eventIds.length)})`, [accountId, ...eventIds])).map(
      (e) => [Number(e.id), presentEvent(e as EventRow)],
    ),
  );
  const users = new Map<number, ReturnType<typeof eventUser>>();
  if (known) users.set(Number(known.id), eventUser(known));
  else {
    const userIds = [...new Set(rows.map((row) => Number(row.user_id)))];
    const found = await store.all(`select "id", "service_uid", "email" from "users" where +account_id = ? and "id" in (${list(userIds.length)})`, [
      accountId,
      ...userIds,
    ]);
    for (const user of found) users.set(Number(user.id), eventUser(user));
  }
  return rows.map((row) => ({
    id: Number(row.id),
    event: events.get(Number(row.event_id)),
    user: users.get(Number(row.user_id)),
    datetime: row.datetime,
    metadata: row.metadata === null ? null : JSON.parse(row.metadata),
  }));
}

async function user(accountId: number, rawId: string) {
  let row: Row | undefined;
  if (/^\d+$/.test(rawId)) {
    const id = Number(rawId);
    if (id > 0 && id <= 2_147_483_647) [row] = await store.all('select * from "users" where "account_id" = ? and "id" = ?', [accountId, id]);
  } else {
    const serviceUid = decodeBase64Text(rawId);
    if (serviceUid !== null) row = await userByServiceUid(accountId, serviceUid);
  }
  if (!row) throw new Refusal(404, 'not_found', `no user with id ${rawId}`);
  const custom = await customValues(accountId, 'users', [row.id]);
  const email = row.email ? normaliseEmail(row.email) : null;
  const phone = row.telephone ? normaliseTelephone(row.telephone) : null;
  const listed = await blacklisted(accountId, email, phone);
  const emailListed = listed.email;
  const phoneListed = listed.telephone;
  const flag = (enabled: number, reason: string | null, listed: boolean): [boolean, string | null] =>
    !enabled ? [false, reason] : listed ? [false, 'blacklist'] : [true, null];
  const [mailing, mailingReason] = flag(row.mailing_enabled, row.mailing_disabled_reason, emailListed);
  const [sms, smsReason] = flag(row.sms_enabled, row.sms_disabled_reason, phoneListed);
  return {
    userapp_id: row.id,
    user_id: row.id,
    service_uid: row.service_uid,
    email: row.email,
    document: row.document,
    document_type: row.document_type,
    first_name: row.first_name,
    last_name: row.last_name,
    telephone: row.telephone,
    birthdate: row.birthdate,
    gender: row.gender,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    department: row.department,
    state: row.state,
    country: row.country,
    marital_status: row.marital_status,
    tags: JSON.parse(row.tags),
    points: row.points,
    notes: row.notes,
    club_inscription_date: row.club_inscription_date,
    custom_attributes: custom.get(row.id) ?? {},
    mailing_enabled: mailing,
    sms_enabled: sms,
    mailing_enabled_reason: mailingReason,
    sms_enabled_reason: smsReason,
    createtime: row.createtime,
    updatetime: row.updatetime,
  };
}

async function purchases(accountId: number, query: Record<string, string | undefined>) {
  const { limit, offset } = page(query);
  const serviceUid = query.service_uid?.trim() ? query.service_uid : undefined;
  const where = ['"p"."account_id" = ?'];
  const params: unknown[] = [accountId, accountId];
  let buyer: Row | undefined;
  if (serviceUid !== undefined) {
    buyer = await userByServiceUid(accountId, serviceUid);
    if (!buyer) return [];
    where.push('"p"."user_id" = ?');
    params.push(buyer.id);
  }
  const rows = await store.all(
    'select "p".*, "b"."name" as "branch_name" from "purchases" as "p" left join "branches" as "b" on "b"."id" = "p"."branch_id" and "b"."account_id" = ? ' +
      `where ${where.join(' and ')} order by "p"."createtime" desc, "p"."id" desc limit ? offset ?`,
    [...params, limit, offset],
  );
  if (rows.length === 0) return [];
  const purchaseIds = rows.map((row) => Number(row.id));
  const userIds = [...new Set(rows.map((row) => Number(row.user_id)))];
  const [users, itemRows, purchaseCustom] = await Promise.all([
    // One user's page: the row its service_uid lookup has just read (as Rapport's presentPurchases).
    buyer !== undefined && userIds.length === 1 && userIds[0] === Number(buyer.id)
      ? [buyer]
      : store.all(`select * from "users" where +account_id = ? and "id" in (${list(userIds.length)})`, [accountId, ...userIds]),
    store.all(`select * from "purchase_items" where "account_id" = ? and "purchase_id" in (${list(purchaseIds.length)}) order by "purchase_id", "position"`, [
      accountId,
      ...purchaseIds,
    ]),
    customValues(accountId, 'purchases', purchaseIds),
  ]);
  const itemCustom = await customValues(
    accountId,
    'purchase_items',
    itemRows.map((item) => Number(item.id)),
  );
  const items = new Map<number, Row[]>();
  for (const item of itemRows) {
    const id = Number(item.purchase_id);
    let group = items.get(id);
    if (!group) items.set(id, (group = []));
    group.push(item);
  }
  const parts = {
    users: new Map(users.map((u) => [Number(u.id), { id: Number(u.id), service_uid: u.service_uid, email: u.email, document: u.document }])),
    items: items as Map<number, PurchaseItemRow[]>,
    purchaseCustom,
    itemCustom,
  };
  return rows.map((row) => presentPurchase(row as PurchaseListRow, parts));
}

const CATEGORY_PATH = `
    with recursive up(start_id, id, parent_id, depth) as (
      select id, id, parent_id, 0 from categories
      where +account_id = ? and id in (?)
      union all
      select up.start_id, c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id
      where c.account_id = ?
    )
    select up.start_id, up.depth, c.code, c.name from up join categories c on c.id = up.id
    order by up.start_id, up.depth desc`;

async function product(accountId: number, rawSku: string) {
  const sku = decodeBase64Text(rawSku);
  const [row] = sku === null ? [] : await store.all('select * from "products" where "account_id" = ? and "sku" = ?', [accountId, sku]);
  if (!row) throw new Refusal(404, 'not_found', `no product with sku ${rawSku} (base64)`);
  const id = Number(row.id);
  const [custom, path] = await Promise.all([
    customValues(accountId, 'products', [id]),
    row.category_id === null ? [] : store.all(CATEGORY_PATH, [accountId, Number(row.category_id), accountId]),
  ]);
  return {
    id,
    sku: row.sku,
    name: row.name,
    base_name: row.base_name,
    brand: row.brand,
    description: row.description,
    url: row.url,
    image_url: row.image_url,
    thumbnail_url: row.thumbnail_url,
    price: row.price === null ? null : Number(row.price),
    offer_price: row.offer_price === null ? null : Number(row.offer_price),
    stock: row.stock === null ? null : Number(row.stock),
    available: Boolean(row.available),
    category: row.category_id === null ? [] : path.map((item) => ({ id: item.code, name: item.name })),
    specifications: row.specifications === null ? [] : JSON.parse(row.specifications),
    metadata: row.metadata === null ? null : JSON.parse(row.metadata),
    custom_attributes: custom.get(id) ?? {},
    createtime: row.createtime,
    updatetime: row.updatetime,
  };
}

async function recordUserEvent(accountId: number, body: Row | undefined) {
  if (!body || typeof body !== 'object' || typeof body.event !== 'string') throw new Refusal(400, 'bad_request', 'event: is required');
  if (typeof body.service_uid !== 'string' || body.service_uid.trim() === '') throw new Refusal(400, 'bad_request', 'service_uid: is required');
  const parsed = typeof body.datetime === 'string' ? parseDateTime(body.datetime.trim(), 'refuse') : new Date();
  if (!parsed) throw new Refusal(400, 'bad_request', 'datetime: must be a datetime');
  const datetime = formatDateTime(parsed);
  const metadata = body.metadata === undefined ? null : JSON.stringify(body.metadata);
  if (metadata !== null && Buffer.byteLength(metadata, 'utf8') > 16_384) throw new Refusal(400, 'bad_request', 'metadata: too large');
  const [event] = await store.all('select * from "events" where "account_id" = ? and "name" = ?', [accountId, body.event]);
  if (!event) throw new Refusal(404, 'not_found', `event ${body.event} not found`);
  const found = await userByServiceUid(accountId, body.service_uid);
  if (!found) throw new Refusal(404, 'not_found', 'user not found');
  const [inserted] = await store.all(
    'insert into "user_events" ("account_id", "event_id", "user_id", "datetime", "metadata") values (?, ?, ?, ?, ?) returning "id"',
    [accountId, Number(event.id), Number(found.id), datetime, metadata],
  );
  return { id: Number(inserted!.id), event: presentEvent(event as EventRow), user: eventUser(found), datetime, metadata: body.metadata ?? null };
}

// ---- the router ----
type Query = Record<string, string | undefined>;

async function authenticated(authorization: string | undefined): Promise<number> {
  const accountId = await account(authorization);
  if (accountId === undefined) throw new Refusal(403, 'forbidden', 'invalid or inexistent apikey');
  return accountId;
}

/** The baseline app on that database (not listening); one per process. */
export function buildBaseline(url: string, keyCacheMs: number) {
  store = url.startsWith('postgres') ? postgresStore(url) : sqliteStore(url.replace(/^sqlite:/, ''));
  CACHE_MS = keyCacheMs;
  const app = Fastify({ logger: false });
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const refusal = error instanceof Refusal ? error : new Refusal(error.statusCode ?? 500, 'internal_error', error.message);
    void reply.status(refusal.status).send({ payload: null, message: refusal.message, code: refusal.code, time: elapsed(reply) });
  });
  app.get('/apiv3/events', async (request) => {
    const accountId = await authenticated(request.headers.authorization);
    const { limit, offset } = page(request.query as Query);
    const rows = await store.all('select * from "events" where "account_id" = ? order by "id" limit ? offset ?', [accountId, limit, offset]);
    return rows.map((row) => presentEvent(row as EventRow));
  });
  app.get('/apiv3/user-events', async (request, reply) => {
    const accountId = await authenticated(request.headers.authorization);
    return envelope(reply, await userEvents(accountId, request.query as Query));
  });
  app.post('/apiv3/user-events', async (request, reply) => {
    const accountId = await authenticated(request.headers.authorization);
    return envelope(reply, await recordUserEvent(accountId, request.body as Row));
  });
  app.get('/apiv3/users/:id', async (request, reply) => {
    const accountId = await authenticated(request.headers.authorization);
    return envelope(reply, await user(accountId, (request.params as { id: string }).id));
  });
  app.get('/apiv3/purchases', async (request, reply) => {
    const accountId = await authenticated(request.headers.authorization);
    return envelope(reply, await purchases(accountId, request.query as Query));
  });
  app.get('/apiv3/products/:sku', async (request, reply) => {
    const accountId = await authenticated(request.headers.authorization);
    return envelope(reply, await product(accountId, (request.params as { sku: string }).sku));
  });
  return { app, close: () => store.close() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { app, close } = buildBaseline(process.env.DATABASE_URL ?? '', Number(process.env.API_KEY_CACHE_MS ?? 1000));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  const address = app.server.address();
  if (address && typeof address === 'object') process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  process.once('SIGTERM', () => {
    void app.close().then(async () => {
      await close();
      process.exit(0);
    });
  });
}
