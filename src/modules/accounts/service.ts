import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.js';
import { type AccountRow, AccountsRepository, type KeyRow } from './repository.js';

export interface CreatedKey {
  key: string;
  row: KeyRow;
}

export class AccountsService {
  private readonly repo: AccountsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.repo = new AccountsRepository(db);
  }

  private now(): string {
    return formatDateTime(this.clock.now());
  }

  createAccount(name: string): Promise<AccountRow> {
    return this.repo.create(name, this.now());
  }

  listAccounts(): Promise<AccountRow[]> {
    return this.repo.list();
  }

  async createKey(accountId: number, key = generateApiKey()): Promise<CreatedKey> {
    if (!(await this.repo.find(accountId))) throw new Error(`no account with id ${accountId}`);
    const row = await this.repo.addKey(accountId, keyPrefix(key), hashApiKey(key), this.now());
    return { key, row };
  }

  async listKeys(accountId: number): Promise<KeyRow[]> {
    if (!(await this.repo.find(accountId))) throw new Error(`no account with id ${accountId}`);
    return this.repo.listKeys(accountId);
  }

  revokeKey(prefix: string): Promise<number> {
    return this.repo.revokeByPrefix(prefix, this.now());
  }

  authenticate(key: string): Promise<number | undefined> {
    return this.repo.accountForKeyHash(hashApiKey(key));
  }

  /**
   * First start (G3): with no account yet, create one. With a bootstrap key it gets exactly that key
   * (returned as null: the operator already knows it); otherwise a fresh key is returned to be shown once.
   */
  async bootstrap(bootstrapKey: string | undefined): Promise<{ created: boolean; key: string | null }> {
    if ((await this.repo.count()) > 0) return { created: false, key: null };
    // Several processes may start on the same empty database: the claim lets exactly one create it.
    const key = await this.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      const now = this.now();
      if (!(await repo.claimOnce('first-account', now))) return undefined;
      const account = await repo.create('default', now);
      const secret = bootstrapKey ?? generateApiKey();
      await repo.addKey(account.id, keyPrefix(secret), hashApiKey(secret), now);
      return secret;
    });
    if (key === undefined) return { created: false, key: null };
    return { created: true, key: bootstrapKey ? null : key };
  }
}
