import type { Transactor } from '../../db/transactions.js';
import type { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import { NotFoundError, invalidField } from '../../lib/errors.js';
import { parseNotifyTo } from '../../lib/fields.js';
import { type Clock, stamp } from '../../lib/time.js';
import { CATEGORIES_BULK_DELETE, CATEGORIES_DELETE } from './jobs.js';
import type { CategoriesRepository, CategoryRow } from './repository.js';
import type { CategoriesDryRun, CategoryObject, CreateCategoryBody, DeleteCategoryFields } from './schemas.js';

function present(row: CategoryRow, parentCode: string | null, path: string): CategoryObject {
  return { id: Number(row.id), code: row.code, name: row.name, parent_code: parentCode, path };
}

export interface CategoriesDeps {
  categories: CategoriesRepository;
  queue: Pick<RequestQueue, 'accept'>;
  tx: Transactor<{ categories: Pick<CategoriesRepository, 'findByCode'>; queue: Pick<RequestQueue, 'accept'> }>;
  clock: Clock;
  jobs: JobsNotifier;
}

export class CategoriesService {

  constructor(private readonly deps: CategoriesDeps) {}


  async create(accountId: number, body: CreateCategoryBody): Promise<CategoryObject> {
    const code = body.code;
    if (code.includes('/')) throw invalidField('code', 'must not contain /');
    if (code.trim() !== code || code === '') throw invalidField('code', 'must not start or end with spaces');
    if (await this.deps.categories.findByCode(accountId, code)) throw invalidField('code', `category "${code}" already exists`);
    let parent: CategoryObject | null = null;
    if (body.parent_code !== undefined) {
      const parentRow = await this.deps.categories.findByCode(accountId, body.parent_code);
      if (!parentRow) throw invalidField('parent_code', `category "${body.parent_code}" does not exist`);
      parent = await this.describe(accountId, parentRow);
    }
    let row: CategoryRow;
    try {
      row = await this.deps.categories.create(accountId, { code, name: body.name, parentId: parent?.id ?? null }, stamp(this.deps.clock));
    } catch (error) {
      if (await this.deps.categories.findByCode(accountId, code)) throw invalidField('code', `category "${code}" already exists`);
      throw error;
    }
    return present(row, parent?.code ?? null, parent ? `${parent.path}/${code}` : code);
  }

  /** K1: the whole flat list, each with its path from the root. */
  async list(accountId: number): Promise<CategoryObject[]> {
    const rows = await this.deps.categories.listAll(accountId);
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const paths = new Map<number, string>();
    const pathOf = (row: CategoryRow): string => {
      const id = Number(row.id);
      const known = paths.get(id);
      if (known !== undefined) return known;
      const parent = row.parent_id === null ? undefined : byId.get(Number(row.parent_id));
      const path = parent ? `${pathOf(parent)}/${row.code}` : row.code;
      paths.set(id, path);
      return path;
    };
    return rows.map((row) => {
      const parent = row.parent_id === null ? undefined : byId.get(Number(row.parent_id));
      return present(row, parent?.code ?? null, pathOf(row));
    });
  }

  async get(accountId: number, code: string): Promise<CategoryObject> {
    const row = await this.deps.categories.findByCode(accountId, code);
    if (!row) throw new NotFoundError(`category ${code} not found`);
    return this.describe(accountId, row);
  }

  private async describe(accountId: number, row: CategoryRow): Promise<CategoryObject> {
    const lineage = await this.deps.categories.lineage(accountId, Number(row.id));
    const parent = lineage.length > 1 ? lineage[lineage.length - 2]! : null;
    return present(row, parent?.code ?? null, lineage.map((c) => c.code).join('/'));
  }

  /** K2: validates now, deletes the category and every descendant in the background. */
  async deleteTree(accountId: number, fields: DeleteCategoryFields): Promise<{ request_id: string }> {
    const { code, notifyTo } = deleteTreeTarget(fields);
    const requestId = await this.deps.tx.run(async ({ categories, queue }) => {
      const root = await categories.findByCode(accountId, code);
      if (!root) throw new NotFoundError(`category ${code} not found`);
      return queue.accept(
        accountId,
        { type: CATEGORIES_DELETE, params: { code, category_id: Number(root.id) }, notifyTo },
        stamp(this.deps.clock),
      );
    });
    this.deps.jobs.wake();
    return { request_id: requestId };
  }

  /** O8: deleteTree's validation and answers, then what its request would delete now; no change. */
  async previewDeleteTree(accountId: number, fields: DeleteCategoryFields): Promise<CategoriesDryRun> {
    const { code } = deleteTreeTarget(fields);
    const root = await this.deps.categories.findByCode(accountId, code);
    if (!root) throw new NotFoundError(`category ${code} not found`);
    return this.preview(accountId, Number(root.id));
  }

  /** K2: deletes every category of the account in the background. */
  async deleteAll(accountId: number, notifyToRaw: string | undefined): Promise<{ request_id: string }> {
    const notifyTo = parseNotifyTo(notifyToRaw);
    const requestId = await this.deps.queue.accept(accountId, { type: CATEGORIES_BULK_DELETE, params: {}, notifyTo }, stamp(this.deps.clock));
    this.deps.jobs.wake();
    return { request_id: requestId };
  }

  /** O8: deleteAll's validation, then what its request would delete now; no change. */
  async previewDeleteAll(accountId: number, notifyToRaw: string | undefined): Promise<CategoriesDryRun> {
    parseNotifyTo(notifyToRaw);
    return this.preview(accountId, null);
  }

  private async preview(accountId: number, rootId: number | null): Promise<CategoriesDryRun> {
    const counts = await this.deps.categories.countTree(accountId, rootId);
    return { dry_run: true, would_delete: { categories: counts.categories, products_uncategorised: counts.products } };
  }
}

/** K2's checks of DELETE /categories (`code` required, `notify_to` a valid e-mail when given), before anything is read. */
function deleteTreeTarget(fields: DeleteCategoryFields): { code: string; notifyTo: string | null } {
  const code = fields.code?.trim();
  if (!code) throw invalidField('code', 'is required');
  return { code, notifyTo: parseNotifyTo(fields.notify_to) };
}
