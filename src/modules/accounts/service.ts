import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { type ApiKeyCache, apiKeyCacheFor, forgetApiKeys } from './key-cache.js';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.js';
import { type AccountRow, AccountsRepository, type KeyRow } from './repository.js';

export interface CreatedKey {
  key: string;
  row: KeyRow;
}

export interface AccountsOptions {
  /** API_KEY_CACHE_MS: how long authenticate() may answer a key from memory (0: never). */
  keyCacheMs?: number;
}

export class AccountsService {
  private readonly repo: AccountsRepository;
  private readonly keyCache: ApiKeyCache | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    options: AccountsOptions = {},
  ) {
    this.repo = new AccountsRepository(db);
    this.keyCache = options.keyCacheMs ? apiKeyCacheFor(db, options.keyCacheMs) : undefined;
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

  /** Revokes the key(s); this process refuses them at once, others within their API_KEY_CACHE_MS. */
  async revokeKey(prefix: string): Promise<number> {
    const revoked = await this.repo.revokeByPrefix(prefix, this.now());
    forgetApiKeys(this.db);
    return revoked;
  }

  /**
   * The account of a live key, or undefined. A number (not a promise) when the key cache answers,
   * so the request hook can go on without waiting for a turn of the event loop.
   */
  authenticate(key: string): number | Promise<number | undefined> {
    const hash = hashApiKey(key);
    if (!this.keyCache) return this.repo.accountForKeyHash(hash);
    return this.keyCache.resolve(hash, () => this.repo.accountForKeyHash(hash));
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
