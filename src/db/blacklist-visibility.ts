import type { Kysely } from 'kysely';
import type { DB } from './types.js';

// Every change of a blacklist writes a generation of entries that readers do not see until one tiny
// transaction makes it live (migration 0008, docs/blacklist.md). Both readers of the lists, the
// blacklist module and the users module (U4's mailing_enabled/sms_enabled), read them through this.

type ListName = 'email' | 'telephone';

/** The list's generations that readers must not see: being written, or retired. */
function hiddenGenerations(db: Kysely<DB>, accountId: number, list: ListName) {
  return db
    .selectFrom('blacklist_generations')
    .select('generation')
    .where('account_id', '=', accountId)
    .where('list', '=', list)
    .where('state', '<>', 'live');
}

/**
 * The entries of a list as every reader must see them: those of its live generations. The users
 * module reads the lists through this too (U4: mailing_enabled/sms_enabled are false for a blacklisted user).
 */
export function visibleEntries(db: Kysely<DB>, accountId: number, list: ListName) {
  return db
    .selectFrom('blacklist_entries')
    .where('blacklist_entries.account_id', '=', accountId)
    .where('blacklist_entries.list', '=', list)
    .where('blacklist_entries.generation', 'not in', hiddenGenerations(db, accountId, list));
}

