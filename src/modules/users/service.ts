import emailValidator from 'email-validator';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { BadRequestError, invalidField, NotFoundError } from '../../http/errors.js';
import { toPage } from '../../http/pagination.js';
import { formatDateTime, parseDate, parseDateTime } from '../../lib/time.js';
import { resolveCustomValues, storeCustomValues } from '../custom-attributes/values.js';
import { presentUser, presentUsers } from './present.js';
import { IDENTITY_FIELDS, type NewUserRow, type UserChanges, type UserRow, UsersRepository } from './repository.js';
import type { IdentityQuery, PointsInput, UserInput, UserObject } from './schemas.js';
import { parseUserRef } from './user-ref.js';

const PROFILE_FIELDS = [
  'document_type',
  'first_name',
  'last_name',
  'telephone',
  'gender',
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

/** Turns validated input into column values; only the fields present are returned. */
function toColumns(input: UserInput): UserChanges {
  const columns: UserChanges = {};
  for (const field of ['service_uid', 'document'] as const) {
    if (input[field] !== undefined) {
      const value = input[field].trim();
      if (value === '') throw invalidField(field, 'must not be blank');
      columns[field] = value;
    }
  }
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    if (!emailValidator.validate(email)) throw invalidField('email', 'must be a valid e-mail address');
    columns.email = email;
  }
  for (const field of PROFILE_FIELDS) {
    if (input[field] !== undefined) columns[field] = input[field];
  }
  if (input.birthdate !== undefined) {
    if (!parseDate(input.birthdate)) throw invalidField('birthdate', 'must be a date YYYY-MM-DD');
    columns.birthdate = input.birthdate;
  }
  if (input.club_inscription_date !== undefined) {
    const date = parseDateTime(input.club_inscription_date, 'start');
    if (!date) throw invalidField('club_inscription_date', 'must be a datetime YYYY-MM-DD hh:mm:ss (or ISO 8601 with an offset)');
    columns.club_inscription_date = formatDateTime(date);
  }
  if (input.tags !== undefined) columns.tags = JSON.stringify(tagsOf(input.tags));
  if (input.points !== undefined) columns.points = input.points;
  if (input.mailing_enabled !== undefined) columns.mailing_enabled = input.mailing_enabled === 'enabled' ? 1 : 0;
  if (input.sms_enabled !== undefined) columns.sms_enabled = input.sms_enabled === 'enabled' ? 1 : 0;
  return columns;
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

  private async assertIdentitiesFree(accountId: number, columns: UserChanges, selfId?: number) {
    for (const field of UNIQUE_IDENTITIES) {
      const value = columns[field];
      if (typeof value !== 'string') continue;
      const holder = await this.repo.holderOf(accountId, field, value);
      if (holder !== undefined && holder !== selfId) throw invalidField(field, `"${value}" already belongs to another user`);
    }
  }

  private async findRow(accountId: number, rawId: string): Promise<UserRow | undefined> {
    const ref = parseUserRef(rawId);
    if (!ref) return undefined;
    return 'id' in ref ? this.repo.findById(accountId, ref.id) : this.repo.findByIdentity(accountId, { service_uid: ref.serviceUid });
  }

  private async requireRow(accountId: number, rawId: string): Promise<UserRow> {
    const row = await this.findRow(accountId, rawId);
    if (!row) throw new NotFoundError(`no user with id ${rawId}`);
    return row;
  }

  async create(accountId: number, input: UserInput): Promise<UserObject> {
    const columns = toColumns(input);
    if (!IDENTITY_FIELDS.some((field) => typeof columns[field] === 'string' && columns[field] !== '')) {
      throw new BadRequestError('body: at least one of service_uid, email, document, telephone is required');
    }
    await this.assertIdentitiesFree(accountId, columns);
    const custom = await resolveCustomValues(this.db, accountId, 'users', input.custom_attributes ?? {});
    const now = this.now();
    const row = await this.writeGuarded(() =>
      this.db.transaction().execute(async (trx) => {
        const created = await new UsersRepository(trx).insert(accountId, {
          ...(columns as NewUserRow),
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
    await this.assertIdentitiesFree(accountId, columns, existing.id);
    const custom = await resolveCustomValues(this.db, accountId, 'users', input.custom_attributes ?? {});
    await this.writeGuarded(() =>
      this.db.transaction().execute(async (trx) => {
        await new UsersRepository(trx).update(accountId, existing.id, { ...columns, updatetime: this.now() });
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
    return (await this.findRow(accountId, rawId)) !== undefined;
  }

  async list(accountId: number, query: { page?: number; limit?: number; search?: string }): Promise<UserObject[]> {
    const search = query.search?.trim();
    const rows = await this.repo.list(accountId, toPage(query), search || undefined);
    return presentUsers(this.db, accountId, rows);
  }

  async findByIdentity(accountId: number, identity: IdentityQuery): Promise<UserObject> {
    const row = await this.repo.findByIdentity(accountId, identity);
    if (!row) throw new NotFoundError('no user matches the given service_uid, email, document or telephone');
    return presentUser(this.db, accountId, row);
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
    const user = await this.requireRow(accountId, rawId);
    if (input.points === 0) throw invalidField('points', 'must not be 0');
    const now = this.now();
    const result = await this.db
      .transaction()
      .execute((trx) => new UsersRepository(trx).recordPoints(accountId, user.id, input.points, input, now));
    if (!result) throw invalidField('points', `would take the balance below zero (balance is ${user.points})`);
    return result.transactionId;
  }

  async ledger(accountId: number, rawId: string, query: { page?: number; limit?: number }) {
    const user = await this.requireRow(accountId, rawId);
    const rows = await this.repo.listTransactions(accountId, user.id, toPage(query));
    return {
      points: user.points,
      transactions: rows.map((r) => ({
        transaction_id: r.id,
        concept: r.concept,
        points: r.points,
        description: r.description,
        balance: r.balance_after,
        createtime: r.createtime,
      })),
    };
  }
}
