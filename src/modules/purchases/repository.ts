import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { existingValues } from '../../db/account-rows.js';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB, PurchaseItemsTable, PurchasesTable } from '../../db/types.js';
import type { DateRange } from '../../lib/fields.js';
import type { Page } from '../../http/pagination.js';

/** An item's own copy of what was bought, beside its columns (purchase_items.data). */
export interface ItemData {
  variations?: Array<{ name: string; value: string | number }>;
  category?: Array<{ id: string; name: string }>;
  brand?: string;
  url?: string;
  image_url?: string;
  thumbnail_url?: string;
  manufacturer_warranty_date?: string;
  extension_warranty_date?: string;
  with_extension_warranty?: boolean;
}

export type PurchaseRow = Selectable<PurchasesTable>;
export type PurchaseItemRow = Selectable<PurchaseItemsTable>;
export type NewPurchaseRow = Omit<Insertable<PurchasesTable>, 'id' | 'account_id'>;
export type NewPurchaseItemRow = Omit<Insertable<PurchaseItemsTable>, 'id' | 'account_id' | 'purchase_id'>;
/** A page row: the purchase and its branch's name (null when it has no branch). */
export type PurchaseListRow = PurchaseRow & { branch_name: string | null };

export interface PurchaseFilter extends DateRange {
  userId?: number;
  branchId?: number;
  invoiceNumber?: string;
}

/** What a replacement must know of the purchase it replaces, read under the row's lock. */
export interface LockedPurchase {
  id: number;
  user_id: number;
  points: number;
  createtime: string;
}


// Bounded multi-row inserts (SQLite allows 32,766 bound parameters; 17 per purchase, 8 per item).
const PURCHASE_CHUNK = 100;
const ITEM_CHUNK = 500;

function selectWithBranch(db: Kysely<DB>, accountId: number) {
  return db
    .selectFrom('purchases as p')
    .leftJoin('branches as b', (join) => join.onRef('b.id', '=', 'p.branch_id').on('b.account_id', '=', accountId))
    .selectAll('p')
    .select('b.name as branch_name')
    .where('p.account_id', '=', accountId);
}

// GET /purchases and GET /users/{id}/purchases: one compiled query per combination of filters.
const purchasePage = new PreparedQuery<PurchaseFilter & { accountId: number; limit: number; offset: number }, PurchaseListRow>(
  'purchases.page',
  ['accountId', 'userId', 'branchId', 'invoiceNumber', 'from', 'to', 'limit', 'offset'],
  (db: Kysely<DB>, p) => {
    let query = selectWithBranch(db, p.accountId);
    if (p.userId !== undefined) query = query.where('p.user_id', '=', p.userId);
    if (p.branchId !== undefined) query = query.where('p.branch_id', '=', p.branchId);
    if (p.invoiceNumber !== undefined) query = query.where('p.invoice_number', '=', p.invoiceNumber);
    if (p.from !== undefined) query = query.where('p.createtime', '>=', p.from);
    if (p.to !== undefined) query = query.where('p.createtime', '<=', p.to);
    return query.orderBy('p.createtime', 'desc').orderBy('p.id', 'desc').limit(p.limit).offset(p.offset);
  },
);

const itemsOfPurchases = new PreparedQuery<{ accountId: number; purchaseIds: number[] }, PurchaseItemRow>(
  'purchases.items-of',
  ['accountId', 'purchaseIds'],
  (db: Kysely<DB>, p) =>
    db
      .selectFrom('purchase_items')
      .selectAll()
      .where('account_id', '=', p.accountId)
      .where('purchase_id', 'in', p.purchaseIds)
      .orderBy('purchase_id')
      .orderBy('position'),
);

export class PurchasesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs `work` inside a savepoint of the caller's transaction: when it throws, only its own writes
   * are undone and the transaction goes on (on PostgreSQL too, whose transaction an error would
   * otherwise abort). The error is rethrown.
   */
  async inSavepoint<T>(work: () => Promise<T>): Promise<T> {
    await sql`savepoint purchase_write`.execute(this.db);
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await sql`rollback to savepoint purchase_write`.execute(this.db);
      await sql`release savepoint purchase_write`.execute(this.db);
      throw error;
    }
    await sql`release savepoint purchase_write`.execute(this.db);
    return result;
  }

  /** The invoice numbers among `invoices` the account already has. */
  async existingInvoices(accountId: number, invoices: string[]): Promise<Set<string>> {
    return existingValues(this.db, 'purchases', 'invoice_number', accountId, invoices);
  }

  /**
   * Inserts the purchases whose invoice number the account does not have (also one a concurrent
   * transaction has just inserted: the unique index decides). Answers the new ids by invoice
   * number; a duplicate is absent. ON CONFLICT DO NOTHING keeps a PostgreSQL transaction usable.
   */
  async insertUnlessDuplicate(accountId: number, rows: NewPurchaseRow[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let start = 0; start < rows.length; start += PURCHASE_CHUNK) {
      const inserted = await this.db
        .insertInto('purchases')
        .values(rows.slice(start, start + PURCHASE_CHUNK).map((row) => ({ ...row, account_id: accountId })))
        .onConflict((oc) => oc.columns(['account_id', 'invoice_number']).doNothing())
        .returning(['id', 'invoice_number'])
        .execute();
      for (const row of inserted) ids.set(row.invoice_number, Number(row.id));
    }
    return ids;
  }

  /** Inserts items of one or more purchases; answers their ids in the order given. */
  async insertItems(accountId: number, items: Array<NewPurchaseItemRow & { purchase_id: number }>): Promise<number[]> {
    const idOf = new Map<string, number>();
    for (let start = 0; start < items.length; start += ITEM_CHUNK) {
      const rows = await this.db
        .insertInto('purchase_items')
        .values(items.slice(start, start + ITEM_CHUNK).map((item) => ({ ...item, account_id: accountId })))
        .returning(['id', 'purchase_id', 'position'])
        .execute();
      // RETURNING's row order is not promised: each id is placed by its purchase and position.
      for (const row of rows) idOf.set(`${row.purchase_id}:${row.position}`, Number(row.id));
    }
    return items.map((item) => idOf.get(`${item.purchase_id}:${item.position}`)!);
  }

  /**
   * Locks the purchase with this invoice number until the transaction ends and reads what a
   * replacement needs. A no-op UPDATE is the lock on both databases (PostgreSQL row lock; SQLite's
   * write transaction), so two replacements of one purchase run one after the other and each sees
   * the points the other stored.
   */
  async lockByInvoice(accountId: number, invoiceNumber: string): Promise<LockedPurchase | undefined> {
    const row = await this.db
      .updateTable('purchases')
      .set((eb) => ({ points: eb.ref('points') }))
      .where('account_id', '=', accountId)
      .where('invoice_number', '=', invoiceNumber)
      .returning(['id', 'user_id', 'points', 'createtime'])
      .executeTakeFirst();
    return row && { id: Number(row.id), user_id: Number(row.user_id), points: Number(row.points), createtime: row.createtime };
  }

  async replace(accountId: number, id: number, row: NewPurchaseRow): Promise<void> {
    await this.db.updateTable('purchases').set(row).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Deletes the purchase's items; answers their ids (for their custom values). */
  async deleteItems(accountId: number, purchaseId: number): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('purchase_items')
      .where('account_id', '=', accountId)
      .where('purchase_id', '=', purchaseId)
      .returning('id')
      .execute();
    return rows.map((row) => Number(row.id));
  }

  /** Deletes the purchase (its items go with it by the foreign key); answers its invoice number, undefined when there was none. */
  async delete(accountId: number, id: number): Promise<string | undefined> {
    const row = await this.db.deleteFrom('purchases').where('account_id', '=', accountId).where('id', '=', id).returning('invoice_number').executeTakeFirst();
    return row?.invoice_number;
  }

  async itemIdsOf(accountId: number, purchaseId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('purchase_items')
      .select('id')
      .where('account_id', '=', accountId)
      .where('purchase_id', '=', purchaseId)
      .execute();
    return rows.map((row) => Number(row.id));
  }

  findById(accountId: number, id: number): Promise<PurchaseListRow | undefined> {
    return selectWithBranch(this.db, accountId).where('p.id', '=', id).executeTakeFirst();
  }

  /** S4: one page, newest createtime first, then id descending. */
  list(accountId: number, filter: PurchaseFilter, page: Page): Promise<PurchaseListRow[]> {
    return purchasePage.execute(this.db, { accountId, ...filter, limit: page.limit, offset: page.offset });
  }

  /** The items of these purchases, in position order. */
  itemsOf(accountId: number, purchaseIds: number[]): Promise<PurchaseItemRow[]> {
    if (purchaseIds.length === 0) return Promise.resolve([]);
    return itemsOfPurchases.execute(this.db, { accountId, purchaseIds });
  }
}
