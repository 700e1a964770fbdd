import type { GroupCommit, Transactor } from '../../db/transactions.js';
import { invalidField, NotFoundError } from '../../lib/errors.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { missingByIdentity } from '../users/directory.js';
import type { UsersRepository } from '../users/repository.js';
import { PURCHASES_PER_TRANSACTION } from './bulk.js';
import type { PurchaseCatalogue } from './catalogue.js';
import { preparePurchase } from './prepare.js';
import { presentWritten } from './present.js';
import type { PurchasesRepository } from './repository.js';
import type { PurchaseByIdInput, PurchaseInput, PurchaseObject } from './schemas.js';
import {
  branchOf,
  type CreatedAnnouncement,
  createProducts,
  duplicated,
  insertItems,
  KnownRecords,
  movePoints,
  type Pending,
  PurchaseFailed,
  type PurchaseWrites,
  type Written,
  type WrittenGroup,
  writeGroup,
} from './write.js';

/** One POST /purchases waiting to be written. */
interface SingleWrite {
  accountId: number;
  entry: Pending;
  known: KnownRecords;
  now: string;
  created: CreatedAnnouncement;
}

export interface PurchasesDeps {
  purchases: Pick<PurchasesRepository, 'existingInvoices' | 'findById'>;
  users: Pick<UsersRepository, 'findByIdentity'>;
  catalogue: PurchaseCatalogue;
  tx: Transactor<PurchaseWrites>;
  groupCommit: GroupCommit<PurchaseWrites>;
  clock: Clock;
}

/** S1 and S3's single writes: POST /purchases (group commit), PUT /purchases, DELETE /purchases/{id}. */
export class PurchasesService {

  /**
   * Concurrent POST /purchases share one commit (group commit, db/write-batcher.ts); each purchase
   * is still all-or-nothing: when one of a group fails, the batcher writes them again one by one.
   */
  private readonly singles: { submit(item: SingleWrite): Promise<WrittenGroup> };

  constructor(private readonly deps: PurchasesDeps) {
    this.singles = deps.groupCommit(
      (r: PurchaseWrites, write: SingleWrite, inTransaction: boolean) => this.writeSingle(r, write, inTransaction),
      { maxBatch: PURCHASES_PER_TRANSACTION },
    );
  }

  /** S1: POST /purchases stores the purchase and its items in one transaction, credits its points, creates unknown SKUs. */
  async create(accountId: number, body: PurchaseInput): Promise<PurchaseObject> {
    const definitions = await this.deps.catalogue.definitions(accountId, [body]);
    const prepared = preparePurchase(body, definitions);
    if ((await this.deps.purchases.existingInvoices(accountId, [prepared.invoiceNumber])).size > 0) throw duplicated(prepared.invoiceNumber);
    const user = await this.deps.users.findByIdentity(accountId, prepared.identity);
    if (!user) throw missingByIdentity('user_not_found');
    const known = new KnownRecords(await this.deps.catalogue.knownSkus(accountId, [prepared]));
    const moment = this.deps.clock.now();
    const now = formatDateTime(moment);
    const entry: Pending = { index: 0, purchase: prepared, userId: Number(user.id) };
    const created: CreatedAnnouncement = { at: moment, present: (written) => presentWritten(written, prepared, user, definitions) };
    try {
      const group = await this.singles.submit({ accountId, entry, known, now, created });
      return presentWritten(group.written[0]!, prepared, user, definitions);
    } catch (error) {
      throw error instanceof PurchaseFailed ? error.error : error;
    }
  }

  /**
   * A single purchase in the caller's transaction (when the batcher groups concurrent ones), else in
   * its own (alone, or retried alone after its group failed).
   */
  private writeSingle(r: PurchaseWrites, { accountId, entry, known, now, created }: SingleWrite, inTransaction: boolean): Promise<WrittenGroup> {
    if (inTransaction) return writeGroup(r, accountId, [entry], known, now, created);
    return this.deps.tx.run((trx) => writeGroup(trx, accountId, [entry], known, now, created));
  }

  /**
   * PUT /purchases/{id} (the platform's documentation lists it): S3's replacement of the purchase
   * the id names. The invoice number stays the purchase's: a different one in the body is 400.
   */
  async replaceById(accountId: number, id: number, body: PurchaseByIdInput): Promise<PurchaseObject> {
    const existing = await this.deps.purchases.findById(accountId, id);
    if (!existing) throw new NotFoundError(`no purchase has id ${id}`);
    if (body.invoice_number !== undefined && String(body.invoice_number).trim() !== existing.invoice_number) {
      throw invalidField('invoice_number', `purchase ${id} has invoice_number "${existing.invoice_number}", which cannot be changed`);
    }
    return this.replace(accountId, { ...body, invoice_number: existing.invoice_number });
  }

  /** S3: PUT /purchases replaces the purchase with that invoice number. */
  async replace(accountId: number, body: PurchaseInput): Promise<PurchaseObject> {
    const definitions = await this.deps.catalogue.definitions(accountId, [body]);
    const prepared = preparePurchase(body, definitions);
    const notFound = () => new NotFoundError(`no purchase has invoice_number "${prepared.invoiceNumber}"`);
    if ((await this.deps.purchases.existingInvoices(accountId, [prepared.invoiceNumber])).size === 0) throw notFound();
    const user = await this.deps.users.findByIdentity(accountId, prepared.identity);
    if (!user) throw missingByIdentity('user_not_found');
    const userId = Number(user.id);
    const known = new KnownRecords(await this.deps.catalogue.knownSkus(accountId, [prepared]));
    const moment = this.deps.clock.now();
    const now = formatDateTime(moment);
    const written = await this.deps.tx.run(async (r) => {
        const locked = await r.purchases.lockByInvoice(accountId, prepared.invoiceNumber);
        if (!locked) throw notFound(); // deleted meanwhile
        const branch = await branchOf(r, accountId, prepared.branchName, known, now);
        await createProducts(r, accountId, [prepared], known, now);
        const row = { ...prepared.row, user_id: userId, branch_id: branch?.id ?? null, createtime: prepared.createtime ?? locked.createtime };
        await r.purchases.replace(accountId, locked.id, row);
        await r.attributeValues.delete(accountId, 'purchase_items', await r.purchases.deleteItems(accountId, locked.id));
        await r.attributeValues.delete(accountId, 'purchases', [locked.id]);
        const [items] = await insertItems(r, accountId, [{ purchaseId: locked.id, prepared }]);
        await movePoints(r, accountId, prepared, locked, userId, now);
        const written: Written = { row: { ...row, id: locked.id, account_id: accountId, branch_name: branch?.name ?? null }, items: items! };
        await r.webhookOutbox.emit(accountId, [{ type: 'purchase.updated', data: () => presentWritten(written, prepared, user, definitions), userId }], moment);
        return written;
      });
    return presentWritten(written, prepared, user, definitions);
  }

  /**
   * Removes the purchase, its items and their custom values; points already credited stay (S4).
   * W2 purchase.deleted carries its ids: `{id, invoice_number}`.
   */
  async remove(accountId: number, id: number): Promise<void> {
    const removed = await this.deps.tx.run(async (r) => {
      await r.attributeValues.delete(accountId, 'purchase_items', await r.purchases.itemIdsOf(accountId, id));
      await r.attributeValues.delete(accountId, 'purchases', [id]);
      const invoiceNumber = await r.purchases.delete(accountId, id);
      if (invoiceNumber === undefined) return false;
      await r.webhookOutbox.emit(accountId, [{ type: 'purchase.deleted', data: { id, invoice_number: invoiceNumber } }], this.deps.clock.now());
      return true;
    });
    if (!removed) throw new NotFoundError(`purchase ${id} not found`);
  }
}
