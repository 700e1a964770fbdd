import type { AttributeValuesRepository } from '../../db/attribute-values.js';
import { EVERY_ROW, toPage } from '../../http/pagination.js';
import { invalidField, NotFoundError } from '../../lib/errors.js';
import { given, parseDateRange } from '../../lib/fields.js';
import { MAX_ID } from '../../http/validation.js';
import type { BranchesRepository } from '../branches/repository.js';
import { missingByRef } from '../users/directory.js';
import type { UserRow, UsersRepository } from '../users/repository.js';
import { presentPurchase, type PurchaseParts } from './present.js';
import type { PurchaseFilter, PurchaseItemRow, PurchaseListRow, PurchasesRepository } from './repository.js';
import type { PurchaseListQuery, PurchaseObject } from './schemas.js';

/**
 * Purchases presented at once by ofUser: their items' ids are bound in one statement, and 20
 * purchases of ITEMS_MAX (500) items each stay far below SQLite's 32,766 parameters.
 */
const PRESENTED_PER_SLICE = 20;

export interface PurchaseReadsDeps {
  purchases: Pick<PurchasesRepository, 'findById' | 'list' | 'itemsOf'>;
  users: Pick<UsersRepository, 'findMany' | 'findByIdentity' | 'findById' | 'findByRef'>;
  branches: Pick<BranchesRepository, 'findByName'>;
  attributeValues: Pick<AttributeValuesRepository, 'load'>;
}

/** S4's reads: one purchase, the filtered listing and one user's purchases. */
export class PurchaseReads {

  constructor(private readonly deps: PurchaseReadsDeps) {}

  async get(accountId: number, id: number): Promise<PurchaseObject> {
    const row = await this.deps.purchases.findById(accountId, id);
    if (!row) throw new NotFoundError(`purchase ${id} not found`);
    return (await this.present(accountId, [row]))[0]!;
  }

  /** S4: GET /purchases. A filter naming an unknown user or branch matches nothing. */
  async list(accountId: number, query: PurchaseListQuery): Promise<PurchaseObject[]> {
    const filter: PurchaseFilter = { ...parseDateRange({ from: given(query.from), to: given(query.to) }) };
    const identity = { service_uid: given(query.service_uid), email: given(query.email), document: given(query.document) };
    const userIds: number[] = [];
    let buyer: UserRow | undefined;
    if (Object.values(identity).some((value) => value !== undefined)) {
      buyer = await this.deps.users.findByIdentity(accountId, identity);
      if (!buyer) return [];
      userIds.push(Number(buyer.id));
    }
    const userappId = given(query.userapp_id);
    if (userappId !== undefined) {
      const id = Number(userappId);
      if (id < 1 || id > MAX_ID) throw invalidField('userapp_id', `must be from 1 to ${MAX_ID}`);
      buyer = await this.deps.users.findById(accountId, id);
      if (!buyer) return [];
      userIds.push(id);
    }
    if (userIds.length > 0) {
      if (userIds.some((id) => id !== userIds[0])) return [];
      filter.userId = userIds[0];
    }
    const branchName = given(query.branch_name);
    if (branchName !== undefined) {
      const branch = await this.deps.branches.findByName(accountId, branchName);
      if (!branch) return [];
      filter.branchId = Number(branch.id);
    }
    filter.invoiceNumber = given(query.invoice_number);
    return this.present(accountId, await this.deps.purchases.list(accountId, filter, toPage(query)), buyer);
  }

  /** GET /users/{id}/purchases: `{id}` as U3 (the numeric userapp_id, or the base64 of the service_uid); an unknown user is 404. */
  async listForUser(accountId: number, rawId: string, query: { page?: number; limit?: number }): Promise<PurchaseObject[]> {
    const user = await this.deps.users.findByRef(accountId, rawId);
    if (!user) throw missingByRef(rawId);
    return this.present(accountId, await this.deps.purchases.list(accountId, { userId: Number(user.id) }, toPage(query)), user);
  }

  /** D3: every purchase of one customer, as GET /users/{id}/purchases answers them, not paginated. */
  async ofUser(accountId: number, user: UserRow): Promise<PurchaseObject[]> {
    const rows = await this.deps.purchases.list(accountId, { userId: Number(user.id) }, EVERY_ROW);
    const out: PurchaseObject[] = [];
    // Presented in slices: their items and custom values are read with the ids in one statement.
    for (let start = 0; start < rows.length; start += PRESENTED_PER_SLICE) {
      out.push(...(await this.present(accountId, rows.slice(start, start + PRESENTED_PER_SLICE), user)));
    }
    return out;
  }

  /**
   * A page of purchases: its users, items and both kinds of custom values, one query each. `buyer`:
   * the user row already read when the page is one user's (GET /purchases?service_uid=), so it is
   * not read again.
   */
  private async present(accountId: number, rows: PurchaseListRow[], buyer?: UserRow): Promise<PurchaseObject[]> {
    if (rows.length === 0) return [];
    const purchaseIds = rows.map((row) => Number(row.id));
    const userIds = [...new Set(rows.map((row) => Number(row.user_id)))];
    const onlyBuyer = buyer !== undefined && userIds.length === 1 && userIds[0] === Number(buyer.id);
    const [users, itemRows, purchaseCustom] = await Promise.all([
      onlyBuyer ? [buyer] : this.deps.users.findMany(accountId, userIds),
      this.deps.purchases.itemsOf(accountId, purchaseIds),
      this.deps.attributeValues.load(accountId, 'purchases', purchaseIds),
    ]);
    const itemCustom = await this.deps.attributeValues.load(
      accountId,
      'purchase_items',
      itemRows.map((item) => Number(item.id)),
    );
    const items = new Map<number, PurchaseItemRow[]>();
    for (const item of itemRows) {
      const purchaseId = Number(item.purchase_id);
      let list = items.get(purchaseId);
      if (!list) items.set(purchaseId, (list = []));
      list.push(item);
    }
    const parts: PurchaseParts = {
      users: new Map(users.map((user) => [Number(user.id), { ...user, id: Number(user.id) }])),
      items,
      purchaseCustom,
      itemCustom,
    };
    return rows.map((row) => presentPurchase(row, parts));
  }
}
