import type { Kysely, Selectable } from 'kysely';
import type { DB, FamilyMembersTable } from '../../db/types.js';
import { selectAccountRows } from '../../db/account-rows.js';
import type { Page } from '../../http/pagination.js';

export type MemberRow = Selectable<FamilyMembersTable>;

export class FamilyMembersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  insert(accountId: number, userId: number, member: { uid: string | null; data: string; now: string }): Promise<MemberRow> {
    return this.db
      .insertInto('family_members')
      .values({ account_id: accountId, user_id: userId, uid: member.uid, data: member.data, createtime: member.now, updatetime: member.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** One of the user's members, by its id or by its uid. */
  find(accountId: number, userId: number, by: { id: number } | { uid: string }): Promise<MemberRow | undefined> {
    const query = selectAccountRows(this.db, 'family_members', accountId).where('user_id', '=', userId);
    return ('id' in by ? query.where('id', '=', by.id) : query.where('uid', '=', by.uid)).orderBy('id').executeTakeFirst();
  }

  async update(accountId: number, id: number, changes: { uid?: string; data: string; updatetime: string }): Promise<void> {
    await this.db.updateTable('family_members').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** The user's members in creation order. */
  list(accountId: number, userId: number, page: Page): Promise<MemberRow[]> {
    return selectAccountRows(this.db, 'family_members', accountId)
      .where('user_id', '=', userId)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }
}
