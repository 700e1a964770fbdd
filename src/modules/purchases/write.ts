import type { AttributeValuesRepository } from '../../db/attribute-values.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import type { ResolvedValue } from '../../lib/attribute-values.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { branchNameKey } from '../../lib/fields.js';
import type { BranchesRepository } from '../branches/repository.js';
import type { CategoryPathsRepository } from '../categories/path.js';
import type { PointsLedger } from '../users/points.js';
import type { PreparedPurchase } from './prepare.js';
import type { PurchaseItemRow, PurchaseListRow, PurchasesRepository } from './repository.js';
import type { PurchaseObject } from './schemas.js';

// The write path every purchase takes inside a transaction (single, grouped or bulk): branches,
// products, the purchases, their items, custom values and points.

/** The highest balance the points ledger keeps exact (O4). */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

export function duplicated(invoiceNumber: string): AppError {
  return new AppError(400, 'duplicated_purchase_number', `invoice_number: a purchase with invoice_number "${invoiceNumber}" already exists`);
}

/** A product S1 creates from an item. */
export interface ProductFromItem {
  sku: string;
  name: string;
  price: number | null;
  url: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  brand: string | null;
  category_id: number | null;
  createtime: string;
  updatetime: string;
}

/**
 * What S1 (unknown SKUs become products) needs of the catalogue inside the purchase's transaction (the products
 * repository provides it).
 */
export interface CatalogueWrites {
  createMissing(accountId: number, rows: ProductFromItem[]): Promise<void>;
}

/** The repositories a purchase write uses, bound to its transaction (points: the users module's ledger, with its points.changed messages). */
export interface PurchaseWrites {
  purchases: Pick<PurchasesRepository, 'insertUnlessDuplicate' | 'insertItems' | 'lockByInvoice' | 'replace' | 'deleteItems' | 'itemIdsOf' | 'delete' | 'inSavepoint'>;
  points: Pick<PointsLedger, 'recordPoints' | 'recordCredits'>;
  webhookOutbox: Pick<WebhookOutbox, 'emit'>;
  branches: Pick<BranchesRepository, 'ensureByName'>;
  products: CatalogueWrites;
  categoryPaths: Pick<CategoryPathsRepository, 'resolve'>;
  attributeValues: Pick<AttributeValuesRepository, 'store' | 'delete'>;
}

export type BranchRef = { id: number; name: string };

/**
 * The products and branches a request knows to exist: those read or committed, plus those written
 * by the purchases of the open transaction (staged), which count only once it commits.
 */
export class KnownRecords {
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
    const key = branchNameKey(name);
    return this.branches.get(key) ?? this.stagedBranches.get(key);
  }

  stage(outcome: { newSkus: string[]; branches: BranchRef[] }): void {
    for (const sku of outcome.newSkus) this.stagedSkus.add(sku);
    for (const branch of outcome.branches) this.stagedBranches.set(branchNameKey(branch.name), branch);
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

/** A purchase ready to write: its position in the request, the purchase and its user. */
export interface Pending {
  index: number;
  purchase: PreparedPurchase;
  userId: number;
}

export interface Written {
  row: PurchaseListRow;
  items: PurchaseItemRow[];
}

type PurchaseListRowWithoutId = Omit<PurchaseListRow, 'id' | 'account_id'>;

/** What a group write stored, and the products and branches it made sure of. */
export interface WrittenGroup {
  written: Written[];
  newSkus: string[];
  branches: BranchRef[];
}

/** How a group write announces the purchases it created (W2 purchase.created): when, and each one's S4 object. */
export interface CreatedAnnouncement {
  at: Date;
  present(written: Written, entry: Pending): PurchaseObject;
}

/** One purchase of a group could not be written (S2 duplicate, refused credit): which, and why. */
export class PurchaseFailed extends Error {
  constructor(
    readonly entry: Pending,
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

/**
 * Purchases in the caller's transaction: branches, products, the purchases, their items, custom
 * values, points, and their purchase.created messages (W4). A purchase that cannot be written
 * throws PurchaseFailed naming it. Answers what was written, and the products and branches it made
 * known (to stage once committed).
 */
export async function writeGroup(
  r: PurchaseWrites,
  accountId: number,
  group: Pending[],
  known: KnownRecords,
  now: string,
  created: CreatedAnnouncement,
): Promise<WrittenGroup> {
  const branches = new Map<string, BranchRef>();
  const rows: PurchaseListRowWithoutId[] = [];
  for (const { purchase, userId } of group) {
    let branch: BranchRef | null = null;
    if (purchase.branchName !== undefined) {
      const key = branchNameKey(purchase.branchName);
      branch = branches.get(key) ?? (await branchOf(r, accountId, purchase.branchName, known, now));
      branches.set(key, branch!);
    }
    rows.push({ ...purchase.row, user_id: userId, branch_id: branch?.id ?? null, createtime: purchase.createtime ?? now, branch_name: branch?.name ?? null });
  }
  const newSkus = await createProducts(
    r,
    accountId,
    group.map((entry) => entry.purchase),
    known,
    now,
  );
  const ids = await r.purchases.insertUnlessDuplicate(
    accountId,
    rows.map(({ branch_name: _, ...row }) => row),
  );
  const missing = group.find((entry) => !ids.has(entry.purchase.invoiceNumber));
  if (missing) throw new PurchaseFailed(missing, duplicated(missing.purchase.invoiceNumber));
  const purchaseIds = group.map((entry) => ids.get(entry.purchase.invoiceNumber)!);
  const items = await insertItems(
    r,
    accountId,
    group.map((entry, i) => ({ purchaseId: purchaseIds[i]!, prepared: entry.purchase })),
  );
  await creditPoints(r, accountId, group, now);
  const written = group.map((_, i) => ({ row: { ...rows[i]!, id: purchaseIds[i]!, account_id: accountId }, items: items[i]! }));
  await r.webhookOutbox.emit(
    accountId,
    written.map((one, i) => ({ type: 'purchase.created', data: () => created.present(one, group[i]!), userId: Number(one.row.user_id) })),
    created.at,
  );
  return { written, newSkus, branches: [...branches.values()] };
}

/**
 * S1: each purchase's points credited through the ledger (concept `purchase`, its invoice number
 * as description); a group's credits in three statements. A refused credit fails its purchase.
 */
async function creditPoints(r: PurchaseWrites, accountId: number, group: Pending[], now: string): Promise<void> {
  const refuse = (entry: Pending) =>
    new PurchaseFailed(entry, invalidField('points', `crediting ${entry.purchase.points} points would take the user's balance above ${MAX_BALANCE}`));
  const credited = group.filter((entry) => entry.purchase.points > 0);
  const entryOf = (entry: Pending) => ({ concept: 'purchase', description: entry.purchase.invoiceNumber });
  if (credited.length === 1) {
    const [only] = credited;
    if (!(await r.points.recordPoints(accountId, only!.userId, only!.purchase.points, entryOf(only!), now))) throw refuse(only!);
    return;
  }
  const { refused } = await r.points.recordCredits(
    accountId,
    credited.map((entry) => ({ userId: entry.userId, points: entry.purchase.points, entry: entryOf(entry) })),
    now,
  );
  const first = credited.find((entry) => refused.has(entry.userId));
  if (first) throw refuse(first);
}

/** The items and every custom value of the purchases (theirs and their items'): one insert each. */
export async function insertItems(
  r: PurchaseWrites,
  accountId: number,
  purchases: Array<{ purchaseId: number; prepared: PreparedPurchase }>,
): Promise<PurchaseItemRow[][]> {
  const rows = purchases.flatMap(({ purchaseId, prepared }) => prepared.items.map((item) => ({ ...item.row, purchase_id: purchaseId })));
  const ids = await r.purchases.insertItems(accountId, rows);
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
  await r.attributeValues.store(accountId, records, { fresh: true });
  return out;
}

export async function branchOf(r: PurchaseWrites, accountId: number, name: string | undefined, known: KnownRecords, now: string) {
  if (name === undefined) return null;
  const found = known.branch(name);
  if (found) return found;
  const row = await r.branches.ensureByName(accountId, name, now);
  return { id: Number(row.id), name: row.name };
}

/**
 * S1: every SKU of the purchases that is not a product becomes one (name, price, url, images,
 * brand, category: of its first mention); existing products are not changed. In SKU order, so
 * that two transactions creating the same products wait for each other rather than deadlock.
 * Answers the SKUs it made sure of.
 */
export async function createProducts(r: PurchaseWrites, accountId: number, purchases: PreparedPurchase[], known: KnownRecords, now: string) {
  const missing = new Map<string, PreparedPurchase['items'][number]>();
  for (const purchase of purchases) {
    for (const item of purchase.items) {
      if (!known.hasSku(item.row.sku) && !missing.has(item.row.sku)) missing.set(item.row.sku, item);
    }
  }
  if (missing.size === 0) return [];
  const rows: ProductFromItem[] = [];
  for (const [sku, item] of [...missing].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    rows.push({
      sku,
      name: item.row.product_name,
      ...item.product,
      category_id: item.category.length > 0 ? await r.categoryPaths.resolve(accountId, item.category, now) : null,
      createtime: now,
      updatetime: now,
    });
  }
  await r.products.createMissing(accountId, rows);
  return [...missing.keys()];
}

/**
 * A replacement's points (S3): the same user's balance moves by the difference; when the purchase
 * changes user, the old user gives back what was credited and the new one is credited (in user
 * id order, so two replacements can never lock two balances in opposite orders).
 */
export async function movePoints(
  r: PurchaseWrites,
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
  for (const move of moves) {
    if (move.delta === 0) continue;
    const entry = { concept: 'purchase', description: prepared.invoiceNumber };
    if (await r.points.recordPoints(accountId, move.userId, move.delta, entry, now)) continue;
    throw invalidField(
      'points',
      move.delta < 0
        ? `taking back ${-move.delta} points would take user ${move.userId}'s balance below zero`
        : `crediting ${move.delta} points would take user ${move.userId}'s balance above ${MAX_BALANCE}`,
    );
  }
}
