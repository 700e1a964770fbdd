import type { Kysely, Selectable } from 'kysely';
import type { DB, MailingFoldersTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type FolderRow = Selectable<MailingFoldersTable> & { mailings: number };

export class MailingFoldersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private withCounts(db: Kysely<DB>, accountId: number) {
    return db
      .selectFrom('mailing_folders as f')
      .selectAll('f')
      .select((eb) =>
        eb
          .selectFrom('mailings as m')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('m.folder_id', '=', 'f.id')
          .where('m.account_id', '=', accountId)
          .as('mailings'),
      )
      .where('f.account_id', '=', accountId);
  }

  private static present(row: Selectable<MailingFoldersTable> & { mailings: number | string | null }): FolderRow {
    return { ...row, id: Number(row.id), mailings: Number(row.mailings ?? 0) };
  }

  /** Undefined when the account has a folder of that name already (the unique index decides). */
  async insert(accountId: number, name: string, now: string): Promise<FolderRow | undefined> {
    const row = await this.db
      .insertInto('mailing_folders')
      .values({ account_id: accountId, name, createtime: now, updatetime: now })
      .onConflict((oc) => oc.columns(['account_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? { ...row, id: Number(row.id), mailings: 0 } : undefined;
  }

  async find(accountId: number, id: number): Promise<FolderRow | undefined> {
    const row = await this.withCounts(this.db, accountId).where('f.id', '=', id).executeTakeFirst();
    return row ? MailingFoldersRepository.present(row) : undefined;
  }

  async findByName(accountId: number, name: string): Promise<{ id: number } | undefined> {
    const row = await this.db.selectFrom('mailing_folders').select('id').where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
    return row ? { id: Number(row.id) } : undefined;
  }

  /** M1: name order, ties by id. */
  async list(accountId: number, page: Page): Promise<FolderRow[]> {
    const rows = await this.withCounts(this.db, accountId).orderBy('f.name').orderBy('f.id').limit(page.limit).offset(page.offset).execute();
    return rows.map(MailingFoldersRepository.present);
  }

  async rename(accountId: number, id: number, name: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('mailing_folders').set({ name, updatetime: now }).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** M1: the folder's mailings stay, without a folder. */
  async delete(accountId: number, id: number): Promise<boolean> {
    const work = async (db: Kysely<DB>) => {
      await db.updateTable('mailings').set({ folder_id: null }).where('account_id', '=', accountId).where('folder_id', '=', id).execute();
      const result = await db.deleteFrom('mailing_folders').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    };
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}
