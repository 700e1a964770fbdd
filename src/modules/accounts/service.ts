import type { Transactor } from '../../db/transactions.js';
import { type Clock, stamp } from '../../lib/time.js';
import type { ApiKeyCache } from './key-cache.js';
import { type KeyHolder, type KeyScope, generateApiKey, hashApiKey, keyPrefix } from './keys.js';
import type { AccountRow, AccountsRepository, KeyRow } from './repository.js';

export interface CreatedKey {
  key: string;
  row: KeyRow;
}

export interface AccountsDeps {
  accounts: AccountsRepository;
  tx: Transactor<{ accounts: AccountsRepository }>;
  clock: Clock;
  /** API_KEY_CACHE_MS > 0: authenticate() may answer a key from this cache. */
  keyCache?: ApiKeyCache<KeyHolder>;
  /** After a revocation: every key cache of this database handle in this process forgets its keys. */
  forgetKeys(): void;
}

export class AccountsService {

  constructor(private readonly deps: AccountsDeps) {}


  createAccount(name: string): Promise<AccountRow> {
    return this.deps.accounts.create(name, stamp(this.deps.clock));
  }

  listAccounts(): Promise<AccountRow[]> {
    return this.deps.accounts.list();
  }

  /** A new key of the account; `scope` `read` makes a read-only key (D8). */
  async createKey(accountId: number, key = generateApiKey(), scope: KeyScope = 'full'): Promise<CreatedKey> {
    if (!(await this.deps.accounts.find(accountId))) throw new Error(`no account with id ${accountId}`);
    const row = await this.deps.accounts.addKey(accountId, keyPrefix(key), hashApiKey(key), stamp(this.deps.clock), scope);
    return { key, row };
  }

  async listKeys(accountId: number): Promise<KeyRow[]> {
    if (!(await this.deps.accounts.find(accountId))) throw new Error(`no account with id ${accountId}`);
    return this.deps.accounts.listKeys(accountId);
  }

  /** Revokes the key(s); this process refuses them at once, others within their API_KEY_CACHE_MS. */
  async revokeKey(prefix: string): Promise<number> {
    const revoked = await this.deps.accounts.revokeByPrefix(prefix, stamp(this.deps.clock));
    this.deps.forgetKeys();
    return revoked;
  }

  /**
   * Who holds a live key (account, scope, prefix), or undefined. The holder itself (not a promise)
   * when the key cache answers, so the request hook can go on without waiting for a turn of the
   * event loop.
   */
  identify(key: string): KeyHolder | Promise<KeyHolder | undefined> {
    const hash = hashApiKey(key);
    if (!this.deps.keyCache) return this.deps.accounts.holderOfKeyHash(hash);
    return this.deps.keyCache.resolve(hash, () => this.deps.accounts.holderOfKeyHash(hash));
  }

  /** The account of a live key, or undefined (a number when the key cache answers). */
  authenticate(key: string): number | Promise<number | undefined> {
    const found = this.identify(key);
    return found instanceof Promise ? found.then((holder) => holder?.accountId) : found.accountId;
  }

  /**
   * First start (G3): with no account yet, create one. With a bootstrap key it gets exactly that key
   * (returned as null: the operator already knows it); otherwise a fresh key is returned to be shown once.
   */
  async bootstrap(bootstrapKey: string | undefined): Promise<{ created: boolean; key: string | null; accountId?: number }> {
    if ((await this.deps.accounts.count()) > 0) return { created: false, key: null };
    // Several processes may start on the same empty database: the claim lets exactly one create it.
    const key = await this.deps.tx.run(async ({ accounts: repo }) => {
      const now = stamp(this.deps.clock);
      if (!(await repo.claimOnce('first-account', now))) return undefined;
      const account = await repo.create('default', now);
      const secret = bootstrapKey ?? generateApiKey();
      await repo.addKey(account.id, keyPrefix(secret), hashApiKey(secret), now);
      return { secret, accountId: account.id };
    });
    if (key === undefined) return { created: false, key: null };
    return { created: true, key: bootstrapKey ? null : key.secret, accountId: key.accountId };
  }
}
