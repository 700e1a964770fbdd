import type { Kysely, Selectable } from 'kysely';
import type { BranchesTable, DB } from '../../db/types.js';

export type BranchRow = Selectable<BranchesTable>;

/** P4: branch names are unique compared case-insensitively after trimming. */
export function branchNameKey(name: string): string {
  return name.trim().toLowerCase();
}

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
}
