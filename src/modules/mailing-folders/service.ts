import { retryOnConflict } from '../../db/errors.js';
import { toPage } from '../../http/pagination.js';
import { NotFoundError, invalidField } from '../../lib/errors.js';
import { type Clock, stamp } from '../../lib/time.js';
import type { FolderRow, MailingFoldersRepository } from './repository.js';
import type { FolderListQuery, FolderObject } from './schemas.js';

export interface MailingFoldersDeps {
  folders: MailingFoldersRepository;
  clock: Clock;
}

function present(row: FolderRow): FolderObject {
  return { id: row.id, name: row.name, mailings: row.mailings, createtime: row.createtime, updatetime: row.updatetime };
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidField('name', 'must not be blank');
  return trimmed;
}

/** M1: folders of mailings; a name is unique per account. */
export class MailingFoldersService {
  constructor(private readonly deps: MailingFoldersDeps) {}


  async create(accountId: number, body: { name: string }): Promise<FolderObject> {
    const name = checkedName(body.name);
    const row = await this.deps.folders.insert(accountId, name, stamp(this.deps.clock));
    if (!row) throw taken(name);
    return present(row);
  }

  async list(accountId: number, query: FolderListQuery): Promise<FolderObject[]> {
    return (await this.deps.folders.list(accountId, toPage(query))).map(present);
  }

  async get(accountId: number, id: number): Promise<FolderObject> {
    return present(await this.require(accountId, id));
  }

  /** Whether the account has this folder (a mailing's folder_id must name one). */
  async exists(accountId: number, id: number): Promise<boolean> {
    return (await this.deps.folders.find(accountId, id)) !== undefined;
  }

  async rename(accountId: number, id: number, body: { name: string }): Promise<FolderObject> {
    const name = checkedName(body.name);
    await this.require(accountId, id);
    const other = await this.deps.folders.findByName(accountId, name);
    if (other && other.id !== id) throw taken(name);
    try {
      if (!(await this.deps.folders.rename(accountId, id, name, stamp(this.deps.clock)))) throw notFound(id);
    } catch (error) {
      // Another request took the name between the check and the update: the unique index says so.
      if (error instanceof NotFoundError) throw error;
      if (await this.deps.folders.findByName(accountId, name)) throw taken(name);
      throw error;
    }
    return present(await this.require(accountId, id));
  }

  async delete(accountId: number, id: number): Promise<{ id: number; deleted: true }> {
    if (!(await retryOnConflict(() => this.deps.folders.delete(accountId, id)))) throw notFound(id);
    return { id, deleted: true };
  }

  private async require(accountId: number, id: number): Promise<FolderRow> {
    const row = await this.deps.folders.find(accountId, id);
    if (!row) throw notFound(id);
    return row;
  }
}

function notFound(id: number): NotFoundError {
  return new NotFoundError(`no mailing folder has id ${id}`);
}

function taken(name: string) {
  return invalidField('name', `the account has a mailing folder named "${name}" already; names are unique`);
}
