import type { AttributeValuesRepository } from '../../db/attribute-values.js';
import { isUniqueViolation, violatedColumns } from '../../db/errors.js';
import type { Transactor } from '../../db/transactions.js';
import type { UserSort } from '../../db/user-order.js';
import { EVERY_ROW, type PageQuery, toPage } from '../../http/pagination.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { type ResolvedValue, resolveValues } from '../../lib/attribute-values.js';
import { BadRequestError, invalidField } from '../../lib/errors.js';
import { fold } from '../../lib/fold.js';
import { dateField, datetimeField, emailField, given, parseDateRange } from '../../lib/fields.js';
import { hashPassword } from '../../lib/passwords.js';
import { type Clock, stamp } from '../../lib/time.js';
import { missingById, type UserDirectory } from './directory.js';
import type { PointsLedger } from './points.js';
import { presentLedgerEntry } from './present.js';
import { IDENTITY_FIELDS, type Identity, type NewUserRow, type UserChanges, type UserRow, type UsersRepository } from './repository.js';
import type { AccountLedgerEntry, IdentityQuery, LedgerEntry, NewsletterFields, PointsInput, TransactionsQuery, UserInput, UserObject } from './schemas.js';

const PROFILE_FIELDS = [
  'document_type',
  'first_name',
  'last_name',
  'telephone',
  'street',
  'postcode',
  'city',
  'department',
  'state',
  'country',
  'marital_status',
  'notes',
  'mailing_disabled_reason',
  'sms_disabled_reason',
] as const;

const UNIQUE_IDENTITIES = ['service_uid', 'email', 'document'] as const;

function tagsOf(tags: string | string[]): string[] {
  const list = Array.isArray(tags) ? tags : tags.split(',');
  return [...new Set(list.map((t) => t.trim()).filter((t) => t !== ''))];
}

/** U7: `tags` are added to the current ones first, then `remove_tags` go (unknown ones are ignored). */
function mergeTags(current: string[], input: Pick<UserInput, 'tags' | 'remove_tags'>): string[] {
  const removed = new Set(input.remove_tags === undefined ? [] : tagsOf(input.remove_tags));
  const added = input.tags === undefined ? [] : tagsOf(input.tags);
  return [...new Set([...current, ...added])].filter((tag) => !removed.has(tag));
}

/** Turns validated input into column values; only the fields present are returned (tags aside). */
function toColumns(input: UserInput): UserChanges {
  const columns: UserChanges = {};
  for (const field of ['service_uid', 'document'] as const) {
    if (input[field] !== undefined) {
      const value = input[field].trim();
      if (value === '') throw invalidField(field, 'must not be blank');
      columns[field] = value;
    }
  }
  if (input.email !== undefined) columns.email = emailField('email', input.email);
  // U7: new_email is the e-mail the user ends up with (the body's email only found the user).
  if (input.new_email !== undefined) columns.email = emailField('new_email', input.new_email);
  for (const field of PROFILE_FIELDS) {
    if (input[field] !== undefined) columns[field] = input[field];
  }
  // U1: `gender: ""` is "not given" (the v1 client's cleanser sends it): neither set nor cleared.
  if (input.gender !== undefined && input.gender !== '') columns.gender = input.gender.toUpperCase();
  if (input.birthdate !== undefined) columns.birthdate = dateField('birthdate', input.birthdate);
  if (input.club_inscription_date !== undefined) columns.club_inscription_date = datetimeField('club_inscription_date', input.club_inscription_date, 'start');
  if (input.points !== undefined) columns.points = input.points;
  if (input.mailing_enabled !== undefined) columns.mailing_enabled = input.mailing_enabled === 'enabled' ? 1 : 0;
  if (input.sms_enabled !== undefined) columns.sms_enabled = input.sms_enabled === 'enabled' ? 1 : 0;
  return columns;
}

type UsersReads = Pick<UsersRepository, 'findById' | 'findByRef' | 'findByIdentity' | 'list' | 'count' | 'tagCombinations' | 'listTransactions' | 'listLedger' | 'listAccountLedger' | 'blacklisted'>;
type UsersWrites = Pick<UsersRepository, 'insert' | 'lock' | 'update' | 'setPasswordHash'>;

/** SG5: the members of a segment (the segments module answers; users cannot import it). */
export interface Audiences {
  members(accountId: number, segmentRef: string, query: UserListing): Promise<UserObject[]>;
  /** How many members `members` pages through with this search. */
  memberCount(accountId: number, segmentRef: string, search?: string): Promise<number>;
}

/** GET /users's query: a page (G6), a U3 search, SG5's segment, and Rapport's own sort (docs/users.md). */
export interface UserListing {
  page?: number;
  limit?: number;
  search?: string;
  segment_id?: string;
  sort?: UserSort;
}

export interface UsersDeps {
  users: UsersReads;
  audiences: Audiences;
  attributeValues: Pick<AttributeValuesRepository, 'definitions'>;
  directory: UserDirectory;
  /** Bound to the write's transaction: the user directory presents the user of its webhook message (W2, W4) there. */
  tx: Transactor<{
    users: UsersWrites;
    attributeValues: Pick<AttributeValuesRepository, 'store'>;
    points: Pick<PointsLedger, 'recordPoints' | 'setPoints' | 'recordOpeningBalance'>;
    directory: Pick<UserDirectory, 'presentOne' | 'presentCreated'>;
    webhookOutbox: Pick<WebhookOutbox, 'emit' | 'stage' | 'flush'>;
  }>;
  clock: Clock;
}

/** GET /account/tags answers at most this many unless its `limit` says otherwise. */
const TAGS_LIMIT = 1000;

export class UsersService {

  constructor(private readonly deps: UsersDeps) {}


  private async customValues(accountId: number, input: UserInput): Promise<ResolvedValue[]> {
    const sent = input.custom_attributes ?? {};
    if (Object.keys(sent).length === 0) return [];
    return resolveValues(await this.deps.attributeValues.definitions(accountId, 'users'), 'users', sent);
  }

  private requireRow(accountId: number, rawId: string): Promise<UserRow> {
    return this.deps.directory.requireByRef(accountId, rawId);
  }

  private requireByIdentity(accountId: number, identity: Identity): Promise<UserRow> {
    return this.deps.directory.requireByIdentity(accountId, identity);
  }

  /**
   * POST /users, and PUT /multiusers when its identities find no user: `tags` are the new user's
   * tags less any `remove_tags` (POST /users does not declare remove_tags, so G8 drops it there).
   */
  async create(accountId: number, input: UserInput, options: { passwordHash?: string } = {}): Promise<UserObject> {
    const columns = toColumns(input);
    if (!IDENTITY_FIELDS.some((field) => typeof columns[field] === 'string' && columns[field] !== '')) {
      throw new BadRequestError('body: at least one of service_uid, email, document, telephone is required');
    }
    const custom = await this.customValues(accountId, input);
    const now = stamp(this.deps.clock);
    let presented: UserObject | undefined;
    // Begin, the user with its balance, its first ledger entry, the messages, commit: the unique
    // indexes refuse an identity already taken (writeGuarded), so none is looked up first.
    const row = await this.writeGuarded(input, columns, () =>
      this.deps.tx.run(async ({ users, attributeValues, points: ledger, directory, webhookOutbox }) => {
        const created = await users.insert(accountId, {
          ...(columns as NewUserRow),
          tags: JSON.stringify(mergeTags([], input)),
          createtime: now,
          updatetime: now,
        });
        // U5a: points given on creation are the ledger's first entry, so the ledger explains the balance.
        if (created.points > 0) await ledger.recordOpeningBalance(accountId, created, { concept: 'initial' }, now);
        // U13: a club member's password hash commits with the customer it belongs to.
        if (options.passwordHash !== undefined) await users.setPasswordHash(accountId, created.id, options.passwordHash, now);
        await attributeValues.store(accountId, [{ recordId: created.id, values: custom }], { fresh: true, kind: 'users' });
        const data = async () => (presented = await directory.presentCreated(accountId, created, custom.length > 0));
        await webhookOutbox.stage(accountId, [{ type: 'user.created', data, userId: created.id }], this.deps.clock.now());
        await webhookOutbox.flush();
        return created;
      }),
    );
    return presented ?? this.deps.directory.presentCreated(accountId, row, custom.length > 0);
  }

  /** PUT /users/{id}; `pass` (U13) replaces the club password, hashed before the transaction begins. */
  async update(accountId: number, rawId: string, input: UserInput & { pass?: string }): Promise<UserObject> {
    const existing = await this.requireRow(accountId, rawId);
    const { pass, ...fields } = input;
    return this.updateRow(accountId, existing, fields, pass === undefined ? undefined : await hashPassword(pass));
  }

  private async updateRow(accountId: number, existing: UserRow, input: UserInput, passwordHash?: string): Promise<UserObject> {
    const columns = toColumns(input);
    const custom = await this.customValues(accountId, input);
    let presented: UserObject | undefined;
    const row = await this.writeGuarded(input, columns, () =>
      this.deps.tx.run(async ({ users, attributeValues, points: ledger, directory, webhookOutbox }) => {
        if (input.tags !== undefined || input.remove_tags !== undefined) {
          // Read under the row lock, so two concurrent merges cannot lose each other's tags.
          const current = await users.lock(accountId, existing.id);
          columns.tags = JSON.stringify(mergeTags(JSON.parse(current?.tags ?? '[]') as string[], input));
        }
        const { points, ...changes } = columns;
        const now = stamp(this.deps.clock);
        // The row as the update left it is the one presented (no read after the write).
        let updated = await users.update(accountId, existing.id, { ...changes, updatetime: now });
        // Erased (D1) since the request found it.
        if (!updated) throw missingById(existing.id);
        // U5a: a balance given on an update is an `adjustment` entry for the difference.
        if (points !== undefined) {
          const recorded = await ledger.setPoints(accountId, existing.id, points, { concept: 'adjustment' }, now, { staged: true });
          if (recorded) updated = { ...updated, points: recorded.balance, updatetime: now };
        }
        await attributeValues.store(accountId, [{ recordId: existing.id, values: custom }], { kind: 'users' });
        if (passwordHash !== undefined) await users.setPasswordHash(accountId, existing.id, passwordHash, now);
        const user = updated;
        const data = async () => (presented = await directory.presentOne(accountId, user));
        // With the staged points.changed, if any: one insert for the update's messages.
        await webhookOutbox.stage(accountId, [{ type: 'user.updated', data, userId: existing.id }], this.deps.clock.now());
        await webhookOutbox.flush();
        return user;
      }),
    );
    return presented ?? this.deps.directory.presentOne(accountId, row);
  }

  /**
   * An identity (service_uid, email, document) another user holds: 400 naming the field, found by
   * the unique index the write violated, whether the other user was there before or got it by a
   * concurrent request.
   */
  private async writeGuarded<T>(input: UserInput, columns: UserChanges, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const field = UNIQUE_IDENTITIES.find((one) => violatedColumns(error).includes(one));
      if (field === undefined) throw new BadRequestError('service_uid, email or document: already belongs to another user');
      const named = field === 'email' && input.new_email !== undefined ? 'new_email' : field;
      throw invalidField(named, `"${String(columns[field])}" already belongs to another user`);
    }
  }

  async get(accountId: number, rawId: string): Promise<UserObject> {
    return this.deps.directory.presentOne(accountId, await this.requireRow(accountId, rawId));
  }

  async exists(accountId: number, rawId: string): Promise<boolean> {
    return (await this.deps.users.findByRef(accountId, rawId)) !== undefined;
  }

  async list(accountId: number, query: UserListing): Promise<UserObject[]> {
    const segment = given(query.segment_id);
    if (segment !== undefined) return this.deps.audiences.members(accountId, segment.trim(), query);
    const search = query.search?.trim();
    const rows = await this.deps.users.list(accountId, toPage(query), search || undefined, query.sort);
    return this.deps.directory.present(accountId, rows);
  }

  /**
   * GET /account/tags: the tags customers hold, each with how many hold it, the most held first
   * (then by the tag); `search` keeps those holding it (case and accents ignored, U3's folding).
   */
  async tags(accountId: number, query: { search?: string; limit?: number }): Promise<{ tag: string; customers: number }[]> {
    const counts = new Map<string, number>();
    for (const row of await this.deps.users.tagCombinations(accountId)) {
      for (const tag of JSON.parse(row.tags) as string[]) counts.set(tag, (counts.get(tag) ?? 0) + Number(row.n));
    }
    const wanted = query.search?.trim() ? fold(query.search.trim()) : '';
    return [...counts]
      .filter(([tag]) => wanted === '' || fold(tag).includes(wanted))
      .map(([tag, customers]) => ({ tag, customers }))
      .sort((a, b) => b.customers - a.customers || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
      .slice(0, query.limit ?? TAGS_LIMIT);
  }

  /** How many users the listing of this query pages through (its `total`, docs/users.md). */
  async total(accountId: number, query: UserListing): Promise<number> {
    const segment = given(query.segment_id);
    const search = query.search?.trim() || undefined;
    if (segment !== undefined) return this.deps.audiences.memberCount(accountId, segment.trim(), search);
    return this.deps.users.count(accountId, search);
  }

  async findByIdentity(accountId: number, identity: IdentityQuery): Promise<UserObject> {
    return this.deps.directory.presentOne(accountId, await this.requireByIdentity(accountId, identity));
  }

  async existsByIdentity(accountId: number, identity: IdentityQuery): Promise<boolean> {
    return (await this.deps.users.findByIdentity(accountId, identity)) !== undefined;
  }

  /** PUT /multiusers: update the user the body's identities find, or create one (U6). */
  async upsert(accountId: number, input: UserInput): Promise<UserObject> {
    const existing = await this.deps.users.findByIdentity(accountId, input);
    return existing ? this.updateRow(accountId, existing, input) : this.create(accountId, input);
  }

  /**
   * U12: POST /users/newsletter. The customer `service_uid` finds, else the one `email` finds (the
   * other field is not compared: a found customer's fields are not changed), else a new one; it gets
   * the tag `newsletter` and mailing enabled, unless the e-mail is on the blacklist. `created` says
   * which (201 or 200).
   */
  async newsletter(accountId: number, fields: NewsletterFields): Promise<{ user: UserObject; created: boolean }> {
    const serviceUid = given(fields.service_uid)?.trim();
    if (!serviceUid) throw invalidField('service_uid', 'is required (in the query or the body)');
    const rawEmail = given(fields.email)?.trim();
    if (!rawEmail) throw invalidField('email', 'is required (in the query or the body)');
    const email = emailField('email', rawEmail);
    // Twice at most: a concurrent sign-up of the same customer makes the create fail on the unique
    // index, and the second round finds the customer it created.
    for (let round = 0; ; round += 1) {
      const existing = (await this.deps.users.findByIdentity(accountId, { service_uid: serviceUid })) ?? (await this.deps.users.findByIdentity(accountId, { email }));
      // The address given and the one the customer holds (the one U4's flag is computed from).
      const emails = [email, ...(existing?.email ? [existing.email] : [])];
      const listed = (await this.deps.users.blacklisted(accountId, emails, [])).email.size > 0;
      const change: UserInput = { tags: ['newsletter'], ...(listed ? {} : { mailing_enabled: 'enabled' as const }) };
      if (existing) return { user: await this.updateRow(accountId, existing, change), created: false };
      try {
        return { user: await this.create(accountId, { ...change, service_uid: serviceUid, email }), created: true };
      } catch (error) {
        if (round > 0 || !(error instanceof BadRequestError)) throw error;
      }
    }
  }

  async addPoints(accountId: number, rawId: string, input: PointsInput): Promise<number> {
    return this.recordPoints(accountId, await this.requireRow(accountId, rawId), input);
  }

  /** POST /multiusers/points (U8): U5 for the user the body's identities find. */
  async addPointsByIdentity(accountId: number, input: PointsInput & Identity): Promise<number> {
    return this.recordPoints(accountId, await this.requireByIdentity(accountId, input), input);
  }

  private async recordPoints(accountId: number, user: UserRow, input: PointsInput): Promise<number> {
    if (input.points === 0) throw invalidField('points', 'must not be 0');
    const now = stamp(this.deps.clock);
    const entry = { concept: input.concept, description: input.description };
    const result = await this.deps.tx.run(({ points }) => points.recordPoints(accountId, user.id, input.points, entry, now));
    if (!result) {
      const now = await this.deps.users.findById(accountId, user.id);
      // Erased (D1) between being found and now: as if it had never been found.
      if (!now) throw missingById(user.id);
      const current = now.points;
      throw input.points < 0
        ? invalidField('points', `would take the balance below zero (balance is ${current})`)
        : invalidField('points', `would take the balance above ${Number.MAX_SAFE_INTEGER} (balance is ${current})`);
    }
    return result.transactionId;
  }

  async ledger(accountId: number, rawId: string, query: { page?: number; limit?: number }) {
    const user = await this.requireRow(accountId, rawId);
    const rows = await this.deps.users.listTransactions(accountId, user.id, toPage(query));
    return { points: user.points, transactions: rows.map(presentLedgerEntry).map(({ id, ...entry }) => ({ transaction_id: id, ...entry })) };
  }

  /** GET /users/{id}/transactions (U8). */
  async transactions(accountId: number, rawId: string, query: TransactionsQuery): Promise<LedgerEntry[]> {
    return this.ledgerEntries(accountId, await this.requireRow(accountId, rawId), query);
  }

  /** GET /multiusers/transactions (U8). */
  async transactionsByIdentity(accountId: number, query: TransactionsQuery & Identity): Promise<LedgerEntry[]> {
    return this.ledgerEntries(accountId, await this.requireByIdentity(accountId, query), query);
  }

  /** D3: the whole ledger of one customer, as GET /users/{id}/transactions answers it, not paginated. */
  async ledgerOf(accountId: number, userId: number): Promise<LedgerEntry[]> {
    return (await this.deps.users.listLedger(accountId, userId, {}, EVERY_ROW)).map(presentLedgerEntry);
  }

  /** GET /transactions (U11): the account's ledger, each entry with its customer. */
  async accountTransactions(accountId: number, query: TransactionsQuery): Promise<AccountLedgerEntry[]> {
    const range = parseDateRange({ from: given(query.from), to: given(query.to) });
    const rows = await this.deps.users.listAccountLedger(accountId, { ...range, concept: given(query.concept) }, toPage(query));
    return rows.map((row) => ({
      ...presentLedgerEntry(row),
      user: { userapp_id: row.user_id, user_id: row.user_id, service_uid: row.service_uid, email: row.email },
    }));
  }

  private async ledgerEntries(accountId: number, user: UserRow, query: TransactionsQuery & PageQuery): Promise<LedgerEntry[]> {
    const range = parseDateRange({ from: given(query.from), to: given(query.to) });
    const rows = await this.deps.users.listLedger(accountId, user.id, { ...range, concept: given(query.concept) }, toPage(query));
    return rows.map(presentLedgerEntry);
  }
}
