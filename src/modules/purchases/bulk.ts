import type { Transactor } from '../../db/transactions.js';
import { describeValidationIssue, validatorCompiler } from '../../http/validation.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { missingByIdentity } from '../users/directory.js';
import type { UserRow, UsersRepository } from '../users/repository.js';
import type { PurchaseCatalogue } from './catalogue.js';
import { dropNulls, invoiceText, type PreparedPurchase, preparePurchase } from './prepare.js';
import { presentWritten } from './present.js';
import type { PurchasesRepository } from './repository.js';
import { type BulkFailure, type BulkResult, PurchaseInput } from './schemas.js';
import {
  type CreatedAnnouncement,
  duplicated,
  KnownRecords,
  type Pending,
  PurchaseFailed,
  type PurchaseWrites,
  writeGroup,
} from './write.js';

/** Bulk purchases committed together (each in its own savepoint when one of them fails). */
export const PURCHASES_PER_TRANSACTION = 50;

// Each element of POST /purchases/bulk is checked with the app's own strict body validator (unknown
// keys removed, no type coercion), so it answers exactly what POST /purchases would. Compiled on
// first use, not at import: Ajv's first compilation was a tenth of the cold start.
type PurchaseValidator = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }> | null;
};
let purchaseValidator: PurchaseValidator | undefined;
const compiledPurchaseValidator = (): PurchaseValidator =>
  (purchaseValidator ??= validatorCompiler({ schema: PurchaseInput, httpPart: 'body', method: 'POST', url: '/purchases/bulk' }) as PurchaseValidator);

export interface BulkPurchasesDeps {
  purchases: Pick<PurchasesRepository, 'existingInvoices'>;
  users: Pick<UsersRepository, 'findByIdentities'>;
  catalogue: PurchaseCatalogue;
  tx: Transactor<PurchaseWrites>;
  clock: Clock;
}

/** S3: POST /purchases/bulk. Each element is taken on its own; the request fails only as a whole body. */
export class BulkPurchases {

  constructor(private readonly deps: BulkPurchasesDeps) {}

  async bulk(accountId: number, elements: Array<Record<string, unknown>>): Promise<BulkResult> {
    const failed: BulkFailure[] = [];
    const fail = (index: number, invoiceNumber: string | null, error: AppError) =>
      failed.push({ index, invoice_number: invoiceNumber, code: error.code, message: error.message });

    const valid: Array<{ index: number; body: PurchaseInput }> = [];
    const validatePurchase = compiledPurchaseValidator();
    elements.forEach((element, index) => {
      dropNulls(element);
      if (validatePurchase(element)) {
        valid.push({ index, body: element as PurchaseInput });
      } else {
        const raw = element.invoice_number;
        const invoice = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
        fail(index, invoice, new BadRequestError(describeValidationIssue('body', validatePurchase.errors![0]!)));
      }
    });

    const definitions = await this.deps.catalogue.definitions(
      accountId,
      valid.map((v) => v.body),
    );
    const prepared: Array<{ index: number; purchase: PreparedPurchase }> = [];
    for (const { index, body } of valid) {
      try {
        prepared.push({ index, purchase: preparePurchase(body, definitions) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        fail(index, invoiceText(body.invoice_number), error);
      }
    }

    // Read once for the whole request: stored invoice numbers, the users, the known products.
    const purchases = prepared.map((p) => p.purchase);
    const [stored, users, skus] = await Promise.all([
      this.deps.purchases.existingInvoices(
        accountId,
        purchases.map((p) => p.invoiceNumber),
      ),
      this.deps.users.findByIdentities(
        accountId,
        purchases.map((p) => p.identity),
      ),
      this.deps.catalogue.knownSkus(accountId, purchases),
    ]);
    // Duplicates and unknown users fail before any write; a repeated invoice number fails after its
    // first occurrence.
    const pending: Pending[] = [];
    const buyers = new Map<number, UserRow>();
    for (const [position, { index, purchase }] of prepared.entries()) {
      const user = users[position];
      if (stored.has(purchase.invoiceNumber)) fail(index, purchase.invoiceNumber, duplicated(purchase.invoiceNumber));
      else if (!user) fail(index, purchase.invoiceNumber, missingByIdentity('user_not_found'));
      else {
        stored.add(purchase.invoiceNumber);
        pending.push({ index, purchase, userId: Number(user.id) });
        buyers.set(Number(user.id), user);
      }
    }
    // In user id order: every request then locks balances in one global order (no deadlock cycle).
    pending.sort((a, b) => a.userId - b.userId || a.index - b.index);
    const known = new KnownRecords(skus);
    const moment = this.deps.clock.now();
    const now = formatDateTime(moment);
    const announcement: CreatedAnnouncement = {
      at: moment,
      present: (written, entry) => presentWritten(written, entry.purchase, buyers.get(entry.userId)!, definitions),
    };
    let created = 0;
    for (let start = 0; start < pending.length; start += PURCHASES_PER_TRANSACTION) {
      const chunk = pending.slice(start, start + PURCHASES_PER_TRANSACTION);
      const errors = await this.writeChunk(accountId, chunk, known, now, announcement);
      created += chunk.length - errors.size;
      for (const [entry, error] of errors) fail(entry.index, entry.purchase.invoiceNumber, error);
    }
    failed.sort((a, b) => a.index - b.index);
    return { created, failed };
  }

  /**
   * A chunk of purchases in one transaction, written together (one multi-row insert of the
   * purchases, one of their items, one of their custom values, then each one's points in user id
   * order). One commit and few statements for many purchases is what makes bulk fast on both
   * databases; the chunk bounds how long balances stay locked. When one purchase fails while being
   * written (a duplicate inserted meanwhile, a refused credit), the chunk is rolled back and written
   * again one purchase per savepoint, so only that one fails. Answers the failed entries.
   */
  private async writeChunk(
    accountId: number,
    chunk: Pending[],
    known: KnownRecords,
    now: string,
    created: CreatedAnnouncement,
  ): Promise<Map<Pending, AppError>> {
    try {
      const group = await this.deps.tx.run((r) => writeGroup(r, accountId, chunk, known, now, created));
      known.stage(group);
      known.commit();
      return new Map<Pending, AppError>();
    } catch (error) {
      if (!(error instanceof PurchaseFailed)) throw error;
    }
    // A transaction PostgreSQL gave up runs again inside tx.run (retryOnConflict): each run starts
    // by dropping what a run before it staged, so no rolled-back branch or SKU is taken as known.
    const failed = await this.deps.tx.run(async (r) => {
      known.discard();
      const failures = new Map<Pending, AppError>();
      for (const entry of chunk) {
        try {
          known.stage(await r.purchases.inSavepoint(() => writeGroup(r, accountId, [entry], known, now, created)));
        } catch (error) {
          if (!(error instanceof PurchaseFailed)) throw error;
          failures.set(entry, error.error);
        }
      }
      return failures;
    });
    known.commit();
    return failed;
  }
}
