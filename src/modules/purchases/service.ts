import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { WriteBatcher } from '../../db/write-batcher.js';
import { parseDateRange } from '../../http/date-range.js';
import { AppError, BadRequestError, invalidField, NotFoundError } from '../../http/errors.js';
import { toPage } from '../../http/pagination.js';
import { describeValidationIssue, MAX_ID, validatorCompiler } from '../../http/validation.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { BranchesRepository } from '../branches/repository.js';
import { resolveCategoryPath } from '../categories/path.js';
import { decodeAttributeValue } from '../custom-attributes/convert-value.js';
import { deleteCustomValues, type KindDefinitions, loadDefinitions, type ResolvedValue, storeCustomValues } from '../custom-attributes/values.js';
import { type NewProductRow, ProductsRepository } from '../products/repository.js';
import { type UserRow, UsersRepository } from '../users/repository.js';
import { dropNulls, invoiceText, kindsUsed, type PreparedPurchase, type PurchaseDefinitions, preparePurchase } from './prepare.js';
import { presentPurchase, presentPurchases, type PurchaseUser } from './present.js';
import { inSavepoint, type PurchaseFilter, type PurchaseItemRow, type PurchaseListRow, PurchasesRepository } from './repository.js';
import { type BulkFailure, type BulkResult, PurchaseInput, type PurchaseListQuery, type PurchaseObject } from './schemas.js';

/** The highest balance the points ledger keeps exact (O4). */
const MAX_BALANCE = Number.MAX_SAFE_INTEGER;
/** PostgreSQL: deadlock detected, serialization failure. A purchase's transaction is retried on them. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;
/** Bulk purchases committed together (each in its own savepoint). */
const PURCHASES_PER_TRANSACTION = 50;

function duplicated(invoiceNumber: string): AppError {
  return new AppError(400, 'duplicated_purchase_number', `invoice_number: a purchase with invoice_number "${invoiceNumber}" already exists`);
}

function userNotFound(): AppError {
  return new AppError(404, 'user_not_found', 'no user matches the first non-empty of service_uid, email, document, telephone');
}

async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

type BranchRef = { id: number; name: string };

const branchKey = (name: string) => name.trim().toLowerCase();

/**
 * The products and branches a request knows to exist: those read or committed, plus those written
 * by the purchases of the open transaction (staged), which count only once it commits.
 */
class KnownRecords {
  private readonly stagedSkus = new Set<string>();
  private readonly stagedBranches = new Map<string, BranchRef>();

  constructor(
    private readonly skus: Set<string>,
    private readonly branches = new Map<string, BranchRef>(),
  ) {}

  hasSku(sku: string): boolean {
    return this.skus.has(sku) || this.stagedSkus.has(sku);
  }

  branch(name: string): BranchRef | undefined {
    const key = branchKey(name);
    return this.branches.get(key) ?? this.stagedBranches.get(key);
  }

  stage(outcome: { newSkus: string[]; branches: BranchRef[] }): void {
    for (const sku of outcome.newSkus) this.stagedSkus.add(sku);
    for (const branch of outcome.branches) this.stagedBranches.set(branchKey(branch.name), branch);
  }

  commit(): void {
    for (const sku of this.stagedSkus) this.skus.add(sku);
    for (const [key, branch] of this.stagedBranches) this.branches.set(key, branch);
    this.discard();
  }

  discard(): void {
    this.stagedSkus.clear();
    this.stagedBranches.clear();
  }
}

/** A bulk element ready to write: its position in the request, the purchase and its user. */
interface Pending {
  index: number;
  purchase: PreparedPurchase;
  userId: number;
}

interface Written {
  row: PurchaseListRow;
  items: PurchaseItemRow[];
}

type PurchaseListRowWithoutId = Omit<PurchaseListRow, 'id' | 'account_id'>;

/** One POST /purchases waiting to be written. */
interface SingleWrite {
  accountId: number;
  entry: Pending;
  known: KnownRecords;
  now: string;
}

/** What a group write stored, and the products and branches it made sure of. */
interface WrittenGroup {
  written: Written[];
  newSkus: string[];
  branches: BranchRef[];
}

/** One purchase of a group could not be written (S2 duplicate, refused credit): which, and why. */
class PurchaseFailed extends Error {
  constructor(
    readonly entry: Pending,
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

// Each element of POST /purchases/bulk is checked with the app's own strict body validator (unknown
// keys removed, no type coercion), so it answers exactly what POST /purchases would. Compiled on
// first use, not at import: Ajv's first compilation was a tenth of the cold start.
type PurchaseValidator = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }> | null;
};
let purchaseValidator: PurchaseValidator | undefined;
const compiledPurchaseValidator = (): PurchaseValidator =>
  (purchaseValidator ??= validatorCompiler({ schema: PurchaseInput, httpPart: 'body', method: 'POST', url: '/purchases/bulk' }) as PurchaseValidator);

export class PurchasesService {
  private readonly repo: PurchasesRepository;
  private readonly users: UsersRepository;

  /**
   * Concurrent POST /purchases share one commit (group commit, db/write-batcher.ts); each purchase
   * is still all-or-nothing: when one of a group fails, the batcher writes them again one by one.
   */
  private readonly singles: WriteBatcher<SingleWrite, WrittenGroup>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.repo = new PurchasesRepository(db);
    this.users = new UsersRepository(db);
    this.singles = new WriteBatcher(db, (target, write) => this.writeSingle(target, write), PURCHASES_PER_TRANSACTION);
  }

  private now(): string {
    return formatDateTime(this.clock.now());
  }

  /** The definitions of the kinds these bodies carry values of: at most two queries per request. */
  private async definitions(accountId: number, bodies: PurchaseInput[]): Promise<PurchaseDefinitions> {
    const used = kindsUsed(bodies);
    const empty: KindDefinitions = new Map();
    const [purchases, items] = await Promise.all([
      used.purchases ? loadDefinitions(this.db, accountId, 'purchases') : empty,
      used.items ? loadDefinitions(this.db, accountId, 'purchase_items') : empty,
    ]);
    return { purchases, items };
  }

  private async knownSkus(accountId: number, purchases: PreparedPurchase[]): Promise<Set<string>> {
    return new ProductsRepository(this.db).existingSkus(
      accountId,
      purchases.flatMap((p) => p.items.map((item) => item.row.sku)),
    );
  }

  /** S1: POST /purchases. */
  async create(accountId: number, body: PurchaseInput): Promise<PurchaseObject> {
    const definitions = await this.definitions(accountId, [body]);
    const prepared = preparePurchase(body, definitions);
    if ((await this.repo.existingInvoices(accountId, [prepared.invoiceNumber])).size > 0) throw duplicated(prepared.invoiceNumber);
    const user = await this.users.findByIdentity(accountId, prepared.identity);
    if (!user) throw userNotFound();
    const known = new KnownRecords(await this.knownSkus(accountId, [prepared]));
    const now = this.now();
    const entry: Pending = { index: 0, purchase: prepared, userId: Number(user.id) };
    try {
      const group = await this.singles.submit({ accountId, entry, known, now });
      return this.presentWritten(group.written[0]!, prepared, user, definitions);
    } catch (error) {
      throw error instanceof PurchaseFailed ? error.error : error;
    }
  }

  /**
   * A single purchase in the caller's transaction (when the batcher groups concurrent ones), else in
   * its own (alone, or retried alone after its group failed).
   */
  private writeSingle(db: Kysely<DB>, { accountId, entry, known, now }: SingleWrite): Promise<WrittenGroup> {
    if (db.isTransaction) return this.writeGroup(db, accountId, [entry], known, now);
    return retryingDeadlocks(() => db.transaction().execute((trx) => this.writeGroup(trx, accountId, [entry], known, now)));
  }

  /** S3: POST /purchases/bulk. Each element is taken on its own; the request fails only as a whole body. */
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

    const definitions = await this.definitions(
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
      this.repo.existingInvoices(
        accountId,
        purchases.map((p) => p.invoiceNumber),
      ),
      this.users.findByIdentities(
        accountId,
        purchases.map((p) => p.identity),
      ),
      this.knownSkus(accountId, purchases),
    ]);
    // Duplicates and unknown users fail before any write; a repeated invoice number fails after its
    // first occurrence.
    const pending: Pending[] = [];
    for (const [position, { index, purchase }] of prepared.entries()) {
      const user = users[position];
      if (stored.has(purchase.invoiceNumber)) fail(index, purchase.invoiceNumber, duplicated(purchase.invoiceNumber));
      else if (!user) fail(index, purchase.invoiceNumber, userNotFound());
      else {
        stored.add(purchase.invoiceNumber);
        pending.push({ index, purchase, userId: Number(user.id) });
      }
    }
    // In user id order: every request then locks balances in one global order (no deadlock cycle).
    pending.sort((a, b) => a.userId - b.userId || a.index - b.index);
    const known = new KnownRecords(skus);
    const now = this.now();
    let created = 0;
    for (let start = 0; start < pending.length; start += PURCHASES_PER_TRANSACTION) {
      const chunk = pending.slice(start, start + PURCHASES_PER_TRANSACTION);
      const errors = await this.writeChunk(accountId, chunk, known, now);
      created += chunk.length - errors.size;
      for (const [entry, error] of errors) fail(entry.index, entry.purchase.invoiceNumber, error);
    }
    failed.sort((a, b) => a.index - b.index);
    return { created, failed };
  }

  /** S3: PUT /purchases replaces the purchase with that invoice number. */
  async replace(accountId: number, body: PurchaseInput): Promise<PurchaseObject> {
    const definitions = await this.definitions(accountId, [body]);
    const prepared = preparePurchase(body, definitions);
    const notFound = () => new NotFoundError(`no purchase has invoice_number "${prepared.invoiceNumber}"`);
    if ((await this.repo.existingInvoices(accountId, [prepared.invoiceNumber])).size === 0) throw notFound();
    const user = await this.users.findByIdentity(accountId, prepared.identity);
    if (!user) throw userNotFound();
    const userId = Number(user.id);
    const known = new KnownRecords(await this.knownSkus(accountId, [prepared]));
    const now = this.now();
    const written = await retryingDeadlocks(() =>
      this.db.transaction().execute(async (trx) => {
        const repo = new PurchasesRepository(trx);
        const locked = await repo.lockByInvoice(accountId, prepared.invoiceNumber);
        if (!locked) throw notFound(); // deleted meanwhile
        const branch = await this.branchOf(trx, accountId, prepared.branchName, known, now);
        await this.createProducts(trx, accountId, [prepared], known, now);
        const row = { ...prepared.row, user_id: userId, branch_id: branch?.id ?? null, createtime: prepared.createtime ?? locked.createtime };
        await repo.replace(accountId, locked.id, row);
        await deleteCustomValues(trx, accountId, 'purchase_items', await repo.deleteItems(accountId, locked.id));
        await deleteCustomValues(trx, accountId, 'purchases', [locked.id]);
        const [items] = await this.insertItems(trx, accountId, [{ purchaseId: locked.id, prepared }]);
        await this.movePoints(trx, accountId, prepared, locked, userId, now);
        const written: Written = { row: { ...row, id: locked.id, account_id: accountId, branch_name: branch?.name ?? null }, items: items! };
        return written;
      }),
    );
    return this.presentWritten(written, prepared, user, definitions);
  }

  /**
   * A replacement's points: the same user's balance moves by the difference; when the purchase
   * changes user, the old user gives back what was credited and the new one is credited (in user
   * id order, so two replacements can never lock two balances in opposite orders).
   */
  private async movePoints(
    trx: Kysely<DB>,
    accountId: number,
    prepared: PreparedPurchase,
    locked: { user_id: number; points: number },
    userId: number,
    now: string,
  ): Promise<void> {
    const moves =
      locked.user_id === userId
        ? [{ userId, delta: prepared.points - locked.points }]
        : [
            { userId: locked.user_id, delta: -locked.points },
            { userId, delta: prepared.points },
          ].sort((a, b) => a.userId - b.userId);
    const users = new UsersRepository(trx);
    for (const move of moves) {
      if (move.delta === 0) continue;
      const entry = { concept: 'purchase', description: prepared.invoiceNumber };
      if (await users.recordPoints(accountId, move.userId, move.delta, entry, now)) continue;
      throw invalidField(
        'points',
        move.delta < 0
          ? `taking back ${-move.delta} points would take user ${move.userId}'s balance below zero`
          : `crediting ${move.delta} points would take user ${move.userId}'s balance above ${MAX_BALANCE}`,
      );
    }
  }

  /**
   * Bulk: a chunk of purchases in one transaction, written together (one multi-row insert of the
   * purchases, one of their items, one of their custom values, then each one's points in user id
   * order). One commit and few statements for many purchases is what makes bulk fast on both
   * databases; the chunk bounds how long balances stay locked. When one purchase fails while being
   * written (a duplicate inserted meanwhile, a refused credit), the chunk is rolled back and written
   * again one purchase per savepoint, so only that one fails. A deadlock (PostgreSQL) runs the
   * chunk again. Answers the failed entries.
   */
  private async writeChunk(accountId: number, chunk: Pending[], known: KnownRecords, now: string): Promise<Map<Pending, AppError>> {
    const failures = await retryingDeadlocks(async () => {
      known.discard();
      try {
        const group = await this.db.transaction().execute((trx) => this.writeGroup(trx, accountId, chunk, known, now));
        known.stage(group);
        return new Map<Pending, AppError>();
      } catch (error) {
        if (!(error instanceof PurchaseFailed)) throw error;
      }
      known.discard();
      return this.db.transaction().execute(async (trx) => {
        const failed = new Map<Pending, AppError>();
        for (const entry of chunk) {
          try {
            known.stage(await inSavepoint(trx, () => this.writeGroup(trx, accountId, [entry], known, now)));
          } catch (error) {
            if (!(error instanceof PurchaseFailed)) throw error;
            failed.set(entry, error.error);
          }
        }
        return failed;
      });
    });
    known.commit();
    return failures;
  }

  /**
   * Purchases in the caller's transaction: branches, products, the purchases, their items, custom
   * values and points. A purchase that cannot be written throws PurchaseFailed naming it. Answers
   * what was written, and the products and branches it made known (to stage once committed).
   */
  private async writeGroup(trx: Kysely<DB>, accountId: number, group: Pending[], known: KnownRecords, now: string): Promise<WrittenGroup> {
    const branches = new Map<string, BranchRef>();
    const rows: PurchaseListRowWithoutId[] = [];
    for (const { purchase, userId } of group) {
      let branch: BranchRef | null = null;
      if (purchase.branchName !== undefined) {
        const key = branchKey(purchase.branchName);
        branch = branches.get(key) ?? (await this.branchOf(trx, accountId, purchase.branchName, known, now));
        branches.set(key, branch!);
      }
      rows.push({ ...purchase.row, user_id: userId, branch_id: branch?.id ?? null, createtime: purchase.createtime ?? now, branch_name: branch?.name ?? null });
    }
    const newSkus = await this.createProducts(
      trx,
      accountId,
      group.map((entry) => entry.purchase),
      known,
      now,
    );
    const ids = await new PurchasesRepository(trx).insertUnlessDuplicate(
      accountId,
      rows.map(({ branch_name: _, ...row }) => row),
    );
    const missing = group.find((entry) => !ids.has(entry.purchase.invoiceNumber));
    if (missing) throw new PurchaseFailed(missing, duplicated(missing.purchase.invoiceNumber));
    const purchaseIds = group.map((entry) => ids.get(entry.purchase.invoiceNumber)!);
    const items = await this.insertItems(
      trx,
      accountId,
      group.map((entry, i) => ({ purchaseId: purchaseIds[i]!, prepared: entry.purchase })),
    );
    await this.creditPoints(trx, accountId, group, now);
    return {
      written: group.map((_, i) => ({ row: { ...rows[i]!, id: purchaseIds[i]!, account_id: accountId }, items: items[i]! })),
      newSkus,
      branches: [...branches.values()],
    };
  }

  /**
   * S1: each purchase's points credited through the ledger (concept `purchase`, its invoice number
   * as description); a group's credits in three statements. A refused credit fails its purchase.
   */
  private async creditPoints(trx: Kysely<DB>, accountId: number, group: Pending[], now: string): Promise<void> {
    const refuse = (entry: Pending) =>
      new PurchaseFailed(entry, invalidField('points', `crediting ${entry.purchase.points} points would take the user's balance above ${MAX_BALANCE}`));
    const credited = group.filter((entry) => entry.purchase.points > 0);
    const users = new UsersRepository(trx);
    const entryOf = (entry: Pending) => ({ concept: 'purchase', description: entry.purchase.invoiceNumber });
    if (credited.length === 1) {
      const [only] = credited;
      if (!(await users.recordPoints(accountId, only!.userId, only!.purchase.points, entryOf(only!), now))) throw refuse(only!);
      return;
    }
    const refused = await users.recordCredits(
      accountId,
      credited.map((entry) => ({ userId: entry.userId, points: entry.purchase.points, entry: entryOf(entry) })),
      now,
    );
    const first = credited.find((entry) => refused.has(entry.userId));
    if (first) throw refuse(first);
  }

  /** The items and every custom value of the purchases (theirs and their items'): one insert each. */
  private async insertItems(
    trx: Kysely<DB>,
    accountId: number,
    purchases: Array<{ purchaseId: number; prepared: PreparedPurchase }>,
  ): Promise<PurchaseItemRow[][]> {
    const rows = purchases.flatMap(({ purchaseId, prepared }) => prepared.items.map((item) => ({ ...item.row, purchase_id: purchaseId })));
    const ids = await new PurchasesRepository(trx).insertItems(accountId, rows);
    const records: Array<{ recordId: number; values: ResolvedValue[] }> = [];
    const out: PurchaseItemRow[][] = [];
    let next = 0;
    for (const { purchaseId, prepared } of purchases) {
      records.push({ recordId: purchaseId, values: prepared.custom });
      const items: PurchaseItemRow[] = [];
      for (const item of prepared.items) {
        const id = ids[next]!;
        records.push({ recordId: id, values: item.custom });
        items.push({ ...rows[next]!, id, account_id: accountId, data: item.row.data ?? '{}' });
        next += 1;
      }
      out.push(items);
    }
    await storeCustomValues(trx, accountId, records, { fresh: true });
    return out;
  }

  private async branchOf(trx: Kysely<DB>, accountId: number, name: string | undefined, known: KnownRecords, now: string) {
    if (name === undefined) return null;
    const found = known.branch(name);
    if (found) return found;
    const row = await new BranchesRepository(trx).ensureByName(accountId, name, now);
    return { id: Number(row.id), name: row.name };
  }

  /**
   * S1: every SKU of the purchases that is not a product becomes one (name, price, url, images,
   * brand, category: of its first mention); existing products are not changed. In SKU order, so
   * that two transactions creating the same products wait for each other rather than deadlock.
   * Answers the SKUs it made sure of.
   */
  private async createProducts(trx: Kysely<DB>, accountId: number, purchases: PreparedPurchase[], known: KnownRecords, now: string) {
    const missing = new Map<string, PreparedPurchase['items'][number]>();
    for (const purchase of purchases) {
      for (const item of purchase.items) {
        if (!known.hasSku(item.row.sku) && !missing.has(item.row.sku)) missing.set(item.row.sku, item);
      }
    }
    if (missing.size === 0) return [];
    const rows: NewProductRow[] = [];
    for (const [sku, item] of [...missing].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      rows.push({
        sku,
        name: item.row.product_name,
        ...item.product,
        category_id: item.category.length > 0 ? await resolveCategoryPath(trx, accountId, item.category, now) : null,
        createtime: now,
        updatetime: now,
      });
    }
    await new ProductsRepository(trx).createMissing(accountId, rows);
    return [...missing.keys()];
  }

  /** The S4 object of a purchase just written, from what was written (no read back). */
  private presentWritten(written: Written, prepared: PreparedPurchase, user: UserRow, definitions: PurchaseDefinitions): PurchaseObject {
    const names = (definitions: KindDefinitions) => new Map([...definitions.values()].map((d) => [d.id, d]));
    const purchaseNames = names(definitions.purchases);
    const itemNames = names(definitions.items);
    // As loadCustomValues answers them: in definition order.
    const customObject = (values: ResolvedValue[], byId: typeof purchaseNames) => {
      const out: Record<string, unknown> = {};
      for (const value of [...values].sort((a, b) => a.definitionId - b.definitionId)) {
        const decoded = value.value === null ? undefined : decodeAttributeValue(value.value);
        if (decoded !== undefined) out[byId.get(value.definitionId)!.name] = decoded;
      }
      return out;
    };
    const purchaseUser: PurchaseUser = { id: Number(user.id), service_uid: user.service_uid, email: user.email, document: user.document };
    const id = Number(written.row.id);
    return presentPurchase(written.row, {
      users: new Map([[purchaseUser.id, purchaseUser]]),
      items: new Map([[id, written.items]]),
      purchaseCustom: new Map([[id, customObject(prepared.custom, purchaseNames)]]),
      itemCustom: new Map(written.items.map((item, i) => [Number(item.id), customObject(prepared.items[i]!.custom, itemNames)])),
    });
  }

  async get(accountId: number, id: number): Promise<PurchaseObject> {
    const row = await this.repo.findById(accountId, id);
    if (!row) throw new NotFoundError(`purchase ${id} not found`);
    return (await presentPurchases(this.db, accountId, [row]))[0]!;
  }

  /** Removes the purchase, its items and their custom values; points already credited stay (S4). */
  async remove(accountId: number, id: number): Promise<void> {
    const removed = await this.db.transaction().execute(async (trx) => {
      const repo = new PurchasesRepository(trx);
      await deleteCustomValues(trx, accountId, 'purchase_items', await repo.itemIdsOf(accountId, id));
      await deleteCustomValues(trx, accountId, 'purchases', [id]);
      return repo.delete(accountId, id);
    });
    if (!removed) throw new NotFoundError(`purchase ${id} not found`);
  }

  /** S4: GET /purchases. A filter naming an unknown user or branch matches nothing. */
  async list(accountId: number, query: PurchaseListQuery): Promise<PurchaseObject[]> {
    const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);
    const filter: PurchaseFilter = { ...parseDateRange({ from: given(query.from), to: given(query.to) }) };
    const identity = { service_uid: given(query.service_uid), email: given(query.email), document: given(query.document) };
    const userIds: number[] = [];
    let buyer: UserRow | undefined;
    if (Object.values(identity).some((value) => value !== undefined)) {
      buyer = await this.users.findByIdentity(accountId, identity);
      if (!buyer) return [];
      userIds.push(Number(buyer.id));
    }
    const userappId = given(query.userapp_id);
    if (userappId !== undefined) {
      const id = Number(userappId);
      if (id < 1 || id > MAX_ID) throw invalidField('userapp_id', `must be from 1 to ${MAX_ID}`);
      buyer = await this.users.findById(accountId, id);
      if (!buyer) return [];
      userIds.push(id);
    }
    if (userIds.length > 0) {
      if (userIds.some((id) => id !== userIds[0])) return [];
      filter.userId = userIds[0];
    }
    const branchName = given(query.branch_name);
    if (branchName !== undefined) {
      const branch = await new BranchesRepository(this.db).findByName(accountId, branchName);
      if (!branch) return [];
      filter.branchId = Number(branch.id);
    }
    filter.invoiceNumber = given(query.invoice_number);
    return presentPurchases(this.db, accountId, await this.repo.list(accountId, filter, toPage(query)), buyer);
  }

  /** GET /users/{id}/purchases: `{id}` as U3; an unknown user is 404. */
  async listForUser(accountId: number, rawId: string, query: { page?: number; limit?: number }): Promise<PurchaseObject[]> {
    const user = await this.users.findByRef(accountId, rawId);
    if (!user) throw new NotFoundError(`user ${rawId} not found`);
    return presentPurchases(this.db, accountId, await this.repo.list(accountId, { userId: Number(user.id) }, toPage(query)), user);
  }
}
