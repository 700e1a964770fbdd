import emailValidator from 'email-validator';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { parseDateRange } from '../../http/date-range.js';
import { BadRequestError, invalidField } from '../../http/errors.js';
import { type PageQuery, toPage } from '../../http/pagination.js';
import { formatDateTime, parseDate, parseDateTime } from '../../lib/time.js';
import { resolveCustomValues, storeCustomValues } from '../custom-attributes/values.js';
import { requireUserByIdentity, requireUserByRef } from './lookup.js';
import { presentUser, presentUsers } from './present.js';
import { IDENTITY_FIELDS, type Identity, type NewUserRow, type UserChanges, type UserRow, UsersRepository } from './repository.js';
import type { IdentityQuery, LedgerEntry, PointsInput, TransactionsQuery, UserInput, UserObject } from './schemas.js';

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

function normaliseEmail(field: 'email' | 'new_email', raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!emailValidator.validate(email)) throw invalidField(field, 'must be a valid e-mail address');
  return email;
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
  if (input.email !== undefined) columns.email = normaliseEmail('email', input.email);
  // U7: new_email is the e-mail the user ends up with (the body's email only found the user).
  if (input.new_email !== undefined) columns.email = normaliseEmail('new_email', input.new_email);
  for (const field of PROFILE_FIELDS) {
    if (input[field] !== undefined) columns[field] = input[field];
  }
  if (input.gender !== undefined) columns.gender = input.gender.toUpperCase();
  if (input.birthdate !== undefined) {
    if (!parseDate(input.birthdate)) throw invalidField('birthdate', 'must be a date YYYY-MM-DD');
    columns.birthdate = input.birthdate;
  }
  if (input.club_inscription_date !== undefined) {
    const date = parseDateTime(input.club_inscription_date, 'start');
    if (!date) throw invalidField('club_inscription_date', 'must be a datetime YYYY-MM-DD hh:mm:ss (or ISO 8601 with an offset)');
    columns.club_inscription_date = formatDateTime(date);
  }
  if (input.points !== undefined) columns.points = input.points;
  if (input.mailing_enabled !== undefined) columns.mailing_enabled = input.mailing_enabled === 'enabled' ? 1 : 0;
  if (input.sms_enabled !== undefined) columns.sms_enabled = input.sms_enabled === 'enabled' ? 1 : 0;
  return columns;
}

type LedgerRow = Awaited<ReturnType<UsersRepository['listLedger']>>[number];

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    concept: row.concept,
    points: row.points,
    description: row.description,
    balance: row.balance_after,
    createtime: row.createtime,
  };
}

export class UsersService {
  private readonly db: Kysely<DB>;
  private readonly repo: UsersRepository;

  constructor(private readonly context: AppContext) {
    this.db = context.db;
    this.repo = new UsersRepository(context.db);
  }

  private now(): string {
    return formatDateTime(this.context.clock.now());
  }

  private async assertIdentitiesFree(accountId: number, input: UserInput, columns: UserChanges, selfId?: number) {
    for (const field of UNIQUE_IDENTITIES) {
      const value = columns[field];
      if (typeof value !== 'string') continue;
      const holder = await this.repo.holderOf(accountId, field, value);
      const named = field === 'email' && input.new_email !== undefined ? 'new_email' : field;
      if (holder !== undefined && holder !== selfId) throw invalidField(named, `"${value}" already belongs to another user`);
    }
  }

  private requireRow(accountId: number, rawId: string): Promise<UserRow> {
    return requireUserByRef(this.db, accountId, rawId);
  }

  private requireByIdentity(accountId: number, identity: Identity): Promise<UserRow> {
    return requireUserByIdentity(this.db, accountId, identity);
  }

  /**
   * POST /users, and PUT /multiusers when its identities find no user: `tags` are the new user's
   * tags less any `remove_tags` (POST /users does not declare remove_tags, so G8 drops it there).
   */
  async create(accountId: number, input: UserInput): Promise<UserObject> {
    const columns = toColumns(input);
    if (!IDENTITY_FIELDS.some((field) => typeof columns[field] === 'string' && columns[field] !== '')) {
      throw new BadRequestError('body: at least one of service_uid, email, document, telephone is required');
    }
    await this.assertIdentitiesFree(accountId, input, columns);
    const custom = await resolveCustomValues(this.db, accountId, 'users', input.custom_attributes ?? {});
    const now = this.now();
    const row = await this.writeGuarded(() =>
      this.db.transaction().execute(async (trx) => {
        const created = await new UsersRepository(trx).insert(accountId, {
          ...(columns as NewUserRow),
          tags: JSON.stringify(mergeTags([], input)),
          createtime: now,
          updatetime: now,
        });
        await storeCustomValues(trx, accountId, [{ recordId: created.id, values: custom }], { fresh: true });
        return created;
      }),
    );
    return presentUser(this.db, accountId, row);
  }

  async update(accountId: number, rawId: string, input: UserInput): Promise<UserObject> {
    const existing = await this.requireRow(accountId, rawId);
    return this.updateRow(accountId, existing, input);
  }

  private async updateRow(accountId: number, existing: UserRow, input: UserInput): Promise<UserObject> {
    const columns = toColumns(input);
    await this.assertIdentitiesFree(accountId, input, columns, existing.id);
    const custom = await resolveCustomValues(this.db, accountId, 'users', input.custom_attributes ?? {});
    await this.writeGuarded(() =>
      this.db.transaction().execute(async (trx) => {
        const users = new UsersRepository(trx);
        if (input.tags !== undefined || input.remove_tags !== undefined) {
          // Read under the row lock, so two concurrent merges cannot lose each other's tags.
          const current = await users.lock(accountId, existing.id);
          columns.tags = JSON.stringify(mergeTags(JSON.parse(current?.tags ?? '[]') as string[], input));
        }
        await users.update(accountId, existing.id, { ...columns, updatetime: this.now() });
        await storeCustomValues(trx, accountId, [{ recordId: existing.id, values: custom }]);
      }),
    );
    return presentUser(this.db, accountId, (await this.repo.findById(accountId, existing.id))!);
  }

  /** A concurrent request may take an identity between our check and our write: still a 400. */
  private async writeGuarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new BadRequestError('service_uid, email or document: already belongs to another user');
      }
      throw error;
    }
  }

  async get(accountId: number, rawId: string): Promise<UserObject> {
    return presentUser(this.db, accountId, await this.requireRow(accountId, rawId));
  }

  async exists(accountId: number, rawId: string): Promise<boolean> {
    return (await this.repo.findByRef(accountId, rawId)) !== undefined;
  }

  async list(accountId: number, query: { page?: number; limit?: number; search?: string }): Promise<UserObject[]> {
    const search = query.search?.trim();
    const rows = await this.repo.list(accountId, toPage(query), search || undefined);
    return presentUsers(this.db, accountId, rows);
  }

  async findByIdentity(accountId: number, identity: IdentityQuery): Promise<UserObject> {
    return presentUser(this.db, accountId, await this.requireByIdentity(accountId, identity));
  }

  async existsByIdentity(accountId: number, identity: IdentityQuery): Promise<boolean> {
    return (await this.repo.findByIdentity(accountId, identity)) !== undefined;
  }

  /** PUT /multiusers: update the user the body's identities find, or create one (U6). */
  async upsert(accountId: number, input: UserInput): Promise<UserObject> {
    const existing = await this.repo.findByIdentity(accountId, input);
    return existing ? this.updateRow(accountId, existing, input) : this.create(accountId, input);
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
    const now = this.now();
    const entry = { concept: input.concept, description: input.description };
    const result = await this.db
      .transaction()
      .execute((trx) => new UsersRepository(trx).recordPoints(accountId, user.id, input.points, entry, now));
    if (!result) {
      const current = (await this.repo.findById(accountId, user.id))?.points ?? user.points;
      throw input.points < 0
        ? invalidField('points', `would take the balance below zero (balance is ${current})`)
        : invalidField('points', `would take the balance above ${Number.MAX_SAFE_INTEGER} (balance is ${current})`);
    }
    return result.transactionId;
  }

  async ledger(accountId: number, rawId: string, query: { page?: number; limit?: number }) {
    const user = await this.requireRow(accountId, rawId);
    const rows = await this.repo.listTransactions(accountId, user.id, toPage(query));
    return { points: user.points, transactions: rows.map(toEntry).map(({ id, ...entry }) => ({ transaction_id: id, ...entry })) };
  }

  /** GET /users/{id}/transactions (U8). */
  async transactions(accountId: number, rawId: string, query: TransactionsQuery): Promise<LedgerEntry[]> {
    return this.ledgerEntries(accountId, await this.requireRow(accountId, rawId), query);
  }

  /** GET /multiusers/transactions (U8). */
  async transactionsByIdentity(accountId: number, query: TransactionsQuery & Identity): Promise<LedgerEntry[]> {
    return this.ledgerEntries(accountId, await this.requireByIdentity(accountId, query), query);
  }

  private async ledgerEntries(accountId: number, user: UserRow, query: TransactionsQuery & PageQuery): Promise<LedgerEntry[]> {
    // G7: the client always sends concept=&from=&to=; an empty parameter is an absent one.
    const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);
    const range = parseDateRange({ from: given(query.from), to: given(query.to) });
    const rows = await this.repo.listLedger(accountId, user.id, { ...range, concept: given(query.concept) }, toPage(query));
    return rows.map(toEntry);
  }
}
