import type { Kysely, Selectable, Updateable } from 'kysely';
import type { BranchesTable, DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';
import { containsText } from '../../db/text-search.js';
import { branchNameKey } from '../../lib/fields.js';

export type BranchRow = Selectable<BranchesTable>;
export type BranchChanges = Omit<Updateable<BranchesTable>, 'id' | 'account_id' | 'createtime'>;

export class BranchesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findByName(accountId: number, name: string): Promise<BranchRow | undefined> {
    return this.db
      .selectFrom('branches')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('name_key', '=', branchNameKey(name))
      .executeTakeFirst();
  }

  /** The branches whose name is one of `names` (compared as branchNameKey does). */
  findByNames(accountId: number, names: string[]): Promise<BranchRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('branches')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('name_key', 'in', [...new Set(names.map(branchNameKey))])
      .execute();
  }

  findById(accountId: number, id: number): Promise<BranchRow | undefined> {
    return this.db.selectFrom('branches').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * The branch of that name, created (with only its name) when there is none — S1's `branch_name`.
   * Safe against a concurrent creator. Run it in the caller's transaction.
   */
  async ensureByName(accountId: number, name: string, now: string): Promise<BranchRow> {
    const found = await this.findByName(accountId, name);
    if (found) return found;
    await this.db
      .insertInto('branches')
      .values({ account_id: accountId, name: name.trim(), name_key: branchNameKey(name), createtime: now, updatetime: now })
      .onConflict((oc) => oc.columns(['account_id', 'name_key']).doNothing())
      .execute();
    return (await this.findByName(accountId, name))!;
  }

  insert(accountId: number, values: { name: string; data: string }, now: string): Promise<BranchRow> {
    return this.db
      .insertInto('branches')
      .values({
        account_id: accountId,
        name: values.name.trim(),
        name_key: branchNameKey(values.name),
        data: values.data,
        createtime: now,
        updatetime: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes the branch; a new `name` also moves its uniqueness key. */
  async update(accountId: number, id: number, changes: { name?: string; data?: string }, now: string): Promise<void> {
    const set: BranchChanges = { updatetime: now };
    if (changes.name !== undefined) {
      set.name = changes.name.trim();
      set.name_key = branchNameKey(changes.name);
    }
    if (changes.data !== undefined) set.data = changes.data;
    await this.db.updateTable('branches').set(set).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** P4, DELETE /branches: the purchases that refer to the branch (a deletion keeps them, without a branch). */
  async countPurchases(accountId: number, branchId: number): Promise<number> {
    const row = await this.db
      .selectFrom('purchases')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', accountId)
      .where('branch_id', '=', branchId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * P4, one bounded step of a deletion: up to `limit` purchases of the branch lose their reference to
   * it (they keep their own data); returns how many (0 when none is left). What the foreign key's
   * ON DELETE SET NULL would do in one unbounded statement, done in steps the worker can size.
   */
  async unassignPurchases(accountId: number, branchId: number, limit: number): Promise<number> {
    const result = await this.db
      .updateTable('purchases')
      .set({ branch_id: null })
      .where('account_id', '=', accountId)
      .where('id', 'in', (eb) =>
        eb.selectFrom('purchases').select('id').where('account_id', '=', accountId).where('branch_id', '=', branchId).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Removes the branch; returns 1, or 0 when it was already gone. */
  async delete(accountId: number, id: number): Promise<number> {
    const result = await this.db.deleteFrom('branches').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** P4: one page in id order, optionally only names containing `search`. */
  list(accountId: number, page: Page, search?: string): Promise<BranchRow[]> {
    let query = this.db.selectFrom('branches').selectAll().where('account_id', '=', accountId);
    if (search !== undefined) query = query.where((eb) => containsText(eb, ['name'], search));
    return query.orderBy('id').limit(page.limit).offset(page.offset).execute();
  }
}
