import { isUniqueViolation } from '../../db/errors.js';
import type { Transactor } from '../../db/transactions.js';
import type { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import { invalidField, NotFoundError } from '../../lib/errors.js';
import { toPage } from '../../http/pagination.js';
import { branchNameKey, emailField, parseNotifyTo } from '../../lib/fields.js';
import { type Clock, stamp } from '../../lib/time.js';
import { BRANCHES_DELETE } from './jobs.js';
import type { BranchRow, BranchesRepository } from './repository.js';
import {
  type BranchDetails,
  type BranchesDryRun,
  type BranchListQuery,
  type BranchObject,
  type CreateBranchBody,
  type DeleteBranchFields,
  DETAIL_FIELDS,
  type UpdateBranchBody,
} from './schemas.js';

function presentBranch(row: BranchRow): BranchObject {
  const data = JSON.parse(row.data) as BranchDetails;
  const text = (value: string | undefined) => value ?? null;
  return {
    id: Number(row.id),
    name: row.name,
    description: text(data.description),
    display_name: text(data.display_name),
    email: text(data.email),
    telephone: text(data.telephone),
    address: text(data.address),
    working_hours: text(data.working_hours),
    notes: text(data.notes),
    branch_zone: data.branch_zone ? { code: data.branch_zone.code, name: data.branch_zone.name ?? null } : null,
    holder: text(data.holder),
    status: data.status ?? 'active',
    country: data.country ? { code: data.country.code } : null,
    state: text(data.state),
    city: text(data.city),
    business_type: text(data.business_type),
    shopping_center: text(data.shopping_center),
    location_type: text(data.location_type),
    m2: data.m2 ?? null,
    m2_cost: data.m2_cost ?? null,
    employees_quantity: data.employees_quantity ?? null,
    group: text(data.group),
    format: text(data.format),
    is_web: data.is_web ?? false,
    createtime: row.createtime,
    updatetime: row.updatetime,
  };
}

/** The BranchModel fields given in a body (all but name), checked. */
function detailsOf(body: UpdateBranchBody): BranchDetails {
  const details: Record<string, unknown> = {};
  for (const field of DETAIL_FIELDS) if (body[field] !== undefined) details[field] = body[field];
  if (body.email !== undefined) details.email = emailField('email', body.email);
  return details as BranchDetails;
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidField('name', 'must not be blank');
  return trimmed;
}

const taken = (name: string) => invalidField('name', `a branch named "${name}" already exists`);

/** DELETE /branches' checks (`id` required, `notify_to` a valid e-mail when given), before anything is read. */
function deleteTarget(fields: DeleteBranchFields): { id: number; notifyTo: string | null } {
  if (fields.id === undefined) throw invalidField('id', 'is required');
  return { id: fields.id, notifyTo: parseNotifyTo(fields.notify_to) };
}

export interface BranchesDeps {
  branches: BranchesRepository;
  /** DELETE /branches: the branch is checked and its background request accepted in one transaction. */
  tx: Transactor<{ branches: Pick<BranchesRepository, 'findById'>; queue: Pick<RequestQueue, 'accept'> }>;
  clock: Clock;
  jobs: JobsNotifier;
}

export class BranchesService {
  private readonly repo: BranchesRepository;

  private readonly clock: Clock;

  constructor(private readonly deps: BranchesDeps) {
    this.repo = deps.branches;
    this.clock = deps.clock;
  }


  /** A concurrent writer taking the same name between our check and our write: still the 400. */
  private async guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(name);
      throw error;
    }
  }

  async create(accountId: number, body: CreateBranchBody): Promise<BranchObject> {
    const name = checkedName(body.name);
    const details = detailsOf(body);
    if (await this.repo.findByName(accountId, name)) throw taken(name);
    const row = await this.guardName(name, () => this.repo.insert(accountId, { name, data: JSON.stringify(details) }, stamp(this.clock)));
    return presentBranch(row);
  }

  async list(accountId: number, query: BranchListQuery): Promise<BranchObject[]> {
    const search = query.search?.trim();
    return (await this.repo.list(accountId, toPage(query), search || undefined)).map(presentBranch);
  }

  async get(accountId: number, id: number): Promise<BranchObject> {
    const row = await this.repo.findById(accountId, id);
    if (!row) throw new NotFoundError(`branch ${id} not found`);
    return presentBranch(row);
  }

  /**
   * P4: the branch the path names (the first of `candidates` that is a branch), changed by only the
   * fields given; a body `name` of another branch is a 400. Unknown branch: 404 (no upsert).
   */
  async update(accountId: number, candidates: string[], body: UpdateBranchBody): Promise<BranchObject> {
    const found = await this.repo.findByNames(accountId, candidates);
    const byKey = new Map(found.map((row) => [row.name_key, row]));
    const existing = candidates.map((name) => byKey.get(branchNameKey(name))).find((row) => row !== undefined);
    if (!existing) throw new NotFoundError('no branch has the name this path encodes (base64 of the name)');
    const name = body.name === undefined ? undefined : checkedName(body.name);
    const details = detailsOf(body);
    if (name !== undefined && branchNameKey(name) !== existing.name_key && (await this.repo.findByName(accountId, name))) throw taken(name);
    const data = JSON.stringify({ ...(JSON.parse(existing.data) as BranchDetails), ...details });
    const id = Number(existing.id);
    await this.guardName(name ?? existing.name, () => this.repo.update(accountId, id, { name, data }, stamp(this.clock)));
    const row = await this.repo.findById(accountId, id);
    if (!row) throw new NotFoundError('the branch was deleted meanwhile');
    return presentBranch(row);
  }

  /**
   * P4 [client]: validates now, then deletes the branch in the background (K3): its purchases lose
   * their reference to it in bounded steps (they keep their data), then the branch goes.
   */
  async delete(accountId: number, fields: DeleteBranchFields): Promise<{ request_id: string }> {
    const { id, notifyTo } = deleteTarget(fields);
    const requestId = await this.deps.tx.run(async ({ branches, queue }) => {
      const row = await branches.findById(accountId, id);
      if (!row) throw new NotFoundError(`branch ${id} not found`);
      return queue.accept(accountId, { type: BRANCHES_DELETE, params: { branch_id: id, name: row.name }, notifyTo }, stamp(this.clock));
    });
    this.deps.jobs.wake();
    return { request_id: requestId };
  }

  /** O8: delete's checks and answers, then what its request would change now; nothing changes. */
  async previewDelete(accountId: number, fields: DeleteBranchFields): Promise<BranchesDryRun> {
    const { id } = deleteTarget(fields);
    if (!(await this.repo.findById(accountId, id))) throw new NotFoundError(`branch ${id} not found`);
    return { dry_run: true, would_delete: { branches: 1, purchases_unassigned: await this.repo.countPurchases(accountId, id) } };
  }
}
