import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface SettingsRow {
  name: string;
  currency: string;
  timezone: string;
  locale: string;
}

export type SettingsChange = Partial<SettingsRow>;

// T5: the account's own row holds its settings (migration 0025).
export class AccountSettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(accountId: number): Promise<SettingsRow | undefined> {
    return this.db.selectFrom('accounts').select(['name', 'currency', 'timezone', 'locale']).where('id', '=', accountId).executeTakeFirst();
  }

  async update(accountId: number, change: SettingsChange): Promise<void> {
    if (Object.keys(change).length === 0) return;
    await this.db.updateTable('accounts').set(change).where('id', '=', accountId).execute();
  }
}
