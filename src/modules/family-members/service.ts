import type { Transactor } from '../../db/transactions.js';
import { BadRequestError, invalidField, NotFoundError } from '../../lib/errors.js';
import { EVERY_ROW, type PageQuery, toPage } from '../../http/pagination.js';
import { dateField, emailField } from '../../lib/fields.js';
import { type Clock, stamp } from '../../lib/time.js';
import type { UserDirectory } from '../users/directory.js';
import type { Identity, UsersRepository } from '../users/repository.js';
import type { FamilyMembersRepository, MemberRow } from './repository.js';
import type { MemberInput, MemberObject, Relationship } from './schemas.js';

/** What the `data` column holds: every member field but the uid (a column, for lookups). */
interface MemberData {
  email?: string;
  first_name?: string;
  last_name?: string;
  telephone?: string;
  birthdate?: string;
  gender?: string;
  address?: string;
  relationship?: Relationship;
}

const PLAIN_FIELDS = ['first_name', 'last_name', 'telephone', 'address', 'relationship'] as const;

/** The validated data fields the input gives (only those), and its uid when given. */
function toData(input: MemberInput): { uid?: string; data: MemberData } {
  const data: MemberData = {};
  for (const field of PLAIN_FIELDS) {
    if (input[field] !== undefined) (data as Record<string, unknown>)[field] = input[field];
  }
  if (input.email !== undefined) data.email = emailField('email', input.email);
  if (input.birthdate !== undefined) data.birthdate = dateField('birthdate', input.birthdate);
  if (input.gender !== undefined) data.gender = input.gender.toUpperCase();
  let uid: string | undefined;
  if (input.uid !== undefined) {
    uid = input.uid.trim();
    if (uid === '') throw invalidField('uid', 'must not be blank');
  }
  return { uid, data };
}

function present(row: MemberRow): MemberObject {
  const data = JSON.parse(row.data) as MemberData;
  return {
    id: row.id,
    userapp_id: row.user_id,
    uid: row.uid,
    email: data.email ?? null,
    first_name: data.first_name ?? null,
    last_name: data.last_name ?? null,
    telephone: data.telephone ?? null,
    birthdate: data.birthdate ?? null,
    gender: data.gender ?? null,
    address: data.address ?? null,
    relationship: data.relationship ?? 'other',
    createtime: row.createtime,
    updatetime: row.updatetime,
  };
}

export interface FamilyMembersDeps {
  members: Pick<FamilyMembersRepository, 'find' | 'list'>;
  directory: Pick<UserDirectory, 'requireByRef' | 'requireByIdentity'>;
  tx: Transactor<{ users: Pick<UsersRepository, 'lock'>; members: FamilyMembersRepository }>;
  clock: Clock;
}

export class FamilyMembersService {

  constructor(private readonly deps: FamilyMembersDeps) {}


  /**
   * Runs a member write under the owning user's row lock, so that two requests can never give two
   * of the user's members the same uid.
   */
  private inOwnerLock<T>(accountId: number, userId: number, write: (members: FamilyMembersRepository) => Promise<T>): Promise<T> {
    return this.deps.tx.run(async ({ users, members }) => {
      await users.lock(accountId, userId);
      return write(members);
    });
  }

  private static async assertUidFree(members: FamilyMembersRepository, accountId: number, userId: number, uid: string, selfId?: number) {
    const holder = await members.find(accountId, userId, { uid });
    if (holder && holder.id !== selfId) throw invalidField('uid', `"${uid}" already belongs to another member of this user`);
  }

  /** POST /multiusers/members. */
  async create(accountId: number, owner: Identity, input: MemberInput): Promise<MemberObject> {
    const user = await this.deps.directory.requireByIdentity(accountId, owner);
    const { uid, data } = toData(input);
    const row = await this.inOwnerLock(accountId, user.id, async (members) => {
      if (uid !== undefined) await FamilyMembersService.assertUidFree(members, accountId, user.id, uid);
      return members.insert(accountId, user.id, { uid: uid ?? null, data: JSON.stringify(data), now: stamp(this.deps.clock) });
    });
    return present(row);
  }

  /**
   * POST /users/{id}/members (U11): several members at once, all or none. Every element is checked
   * before anything is written; the first invalid one answers 400 naming `[i].field`.
   */
  async addMany(accountId: number, rawId: string, inputs: MemberInput[]): Promise<void> {
    const user = await this.deps.directory.requireByRef(accountId, rawId);
    const members = inputs.map((input, index) => {
      try {
        return toData(input);
      } catch (error) {
        if (error instanceof BadRequestError) throw new BadRequestError(`[${index}].${error.message}`);
        throw error;
      }
    });
    const seen = new Map<string, number>();
    members.forEach(({ uid }, index) => {
      if (uid === undefined) return;
      if (seen.has(uid)) throw invalidField(`[${index}].uid`, `"${uid}" is also the uid of element [${seen.get(uid)}]`);
      seen.set(uid, index);
    });
    const now = stamp(this.deps.clock);
    await this.inOwnerLock(accountId, user.id, async (repository) => {
      for (const [index, { uid }] of members.entries()) {
        if (uid === undefined) continue;
        if (await repository.find(accountId, user.id, { uid })) throw invalidField(`[${index}].uid`, `"${uid}" already belongs to another member of this user`);
      }
      for (const { uid, data } of members) await repository.insert(accountId, user.id, { uid: uid ?? null, data: JSON.stringify(data), now });
    });
  }

  /** PUT /multiusers/members: the member found by id, else by uid, among the user's; given fields change. */
  async update(accountId: number, owner: Identity, input: MemberInput): Promise<MemberObject> {
    const user = await this.deps.directory.requireByIdentity(accountId, owner);
    const { uid, data } = toData(input);
    if (input.id === undefined && uid === undefined) throw new BadRequestError('body: id or uid is required to find the member');
    const id = await this.inOwnerLock(accountId, user.id, async (members) => {
      const by = input.id !== undefined ? { id: input.id } : { uid: uid! };
      const member = await members.find(accountId, user.id, by);
      if (!member) {
        throw new NotFoundError(`this user has no family member with ${'id' in by ? `id ${by.id}` : `uid "${by.uid}"`}`);
      }
      if (uid !== undefined && uid !== member.uid) await FamilyMembersService.assertUidFree(members, accountId, user.id, uid, member.id);
      const merged = { ...(JSON.parse(member.data) as MemberData), ...data };
      await members.update(accountId, member.id, { ...(uid !== undefined ? { uid } : {}), data: JSON.stringify(merged), updatetime: stamp(this.deps.clock) });
      return member.id;
    });
    return present((await this.deps.members.find(accountId, user.id, { id }))!);
  }

  /** D3: every family member of one customer, as GET /users/{id}/members answers them, not paginated. */
  async ofUser(accountId: number, userId: number): Promise<MemberObject[]> {
    return (await this.deps.members.list(accountId, userId, EVERY_ROW)).map(present);
  }

  /** GET /users/{id}/members: in creation order, paginated (G6). */
  async list(accountId: number, rawId: string, query: PageQuery): Promise<MemberObject[]> {
    const user = await this.deps.directory.requireByRef(accountId, rawId);
    return (await this.deps.members.list(accountId, user.id, toPage(query))).map(present);
  }
}
