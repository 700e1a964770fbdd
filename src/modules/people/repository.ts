import type { Kysely } from 'kysely';
import { lockedForUpdate } from '../../db/locking.js';
import type { DB } from '../../db/types.js';
import type { Role } from '../../http/roles.js';

export interface PersonRow {
  id: number;
  account_id: number;
  email: string;
  role: Role;
  password_hash: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

/** A live-looking session with what the account hook needs of its person (the role read now: T1). */
export interface SessionRow {
  id: number;
  account_id: number;
  person_id: number;
  created_at: string;
  seen_at: string;
  email: string;
  role: Role;
}

export type LinkPurpose = 'welcome' | 'reset';

export interface LinkRow {
  id: number;
  account_id: number;
  person_id: number;
  purpose: LinkPurpose;
  expires_at: string;
  used_at: string | null;
}

const PERSON_COLUMNS = ['id', 'account_id', 'email', 'role', 'password_hash', 'created_at', 'last_sign_in_at'] as const;

function person(row: Record<(typeof PERSON_COLUMNS)[number], unknown>): PersonRow {
  return { ...(row as unknown as PersonRow), id: Number(row.id), account_id: Number(row.account_id) };
}

// T1–T4. Every method takes the account first, but three: a sign-in looks a person up by e-mail
// before any account is known (T4: the same e-mail may be a person of several accounts), and a
// link's or a session's token names its account itself (the token is the only thing presented).
export class PeopleRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(accountId: number): Promise<PersonRow[]> {
    const rows = await this.db.selectFrom('people').select(PERSON_COLUMNS).where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map(person);
  }

  async find(accountId: number, id: number): Promise<PersonRow | undefined> {
    const row = await this.db.selectFrom('people').select(PERSON_COLUMNS).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row && person(row);
  }

  async findByEmail(accountId: number, email: string): Promise<PersonRow | undefined> {
    const row = await this.db.selectFrom('people').select(PERSON_COLUMNS).where('account_id', '=', accountId).where('email', '=', email).executeTakeFirst();
    return row && person(row);
  }

  /** Every person with this (folded) e-mail, of any account, in account order: the candidates of a sign-in. */
  async everyWithEmail(email: string): Promise<PersonRow[]> {
    const rows = await this.db.selectFrom('people').select(PERSON_COLUMNS).where('email', '=', email).orderBy('account_id').execute();
    return rows.map(person);
  }

  /** Undefined when the e-mail is a person of the account already. */
  async insert(accountId: number, email: string, role: Role, now: string): Promise<PersonRow | undefined> {
    const row = await this.db
      .insertInto('people')
      .values({ account_id: accountId, email, role, created_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'email']).doNothing())
      .returning(PERSON_COLUMNS)
      .executeTakeFirst();
    return row && person(row);
  }

  async setRole(accountId: number, id: number, role: Role): Promise<void> {
    await this.db.updateTable('people').set({ role }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async remove(accountId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('people').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The account's owners, with the account's row locked until the transaction ends: a demotion or
   * removal checked against this count cannot race another one into leaving no owner.
   */
  async lockOwners(accountId: number): Promise<number[]> {
    await lockedForUpdate(this.db, this.db.selectFrom('accounts').select('id').where('id', '=', accountId)).execute();
    const rows = await this.db.selectFrom('people').select('id').where('account_id', '=', accountId).where('role', '=', 'owner').execute();
    return rows.map((row) => Number(row.id));
  }

  async setPassword(accountId: number, id: number, hash: string): Promise<void> {
    await this.db.updateTable('people').set({ password_hash: hash }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async signedIn(accountId: number, id: number, now: string): Promise<void> {
    await this.db.updateTable('people').set({ last_sign_in_at: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // Links (T1 welcome, T2 reset)

  async addLink(accountId: number, personId: number, purpose: LinkPurpose, tokenHash: string, now: string, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('person_links')
      .values({ account_id: accountId, person_id: personId, purpose, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
      .execute();
  }

  async linkByTokenHash(tokenHash: string): Promise<LinkRow | undefined> {
    const row = await lockedForUpdate(
      this.db,
      this.db.selectFrom('person_links').select(['id', 'account_id', 'person_id', 'purpose', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash),
    ).executeTakeFirst();
    return row && { ...row, id: Number(row.id), account_id: Number(row.account_id), person_id: Number(row.person_id), purpose: row.purpose as LinkPurpose };
  }

  /** Marks the link used; false when another request used it first. */
  async useLink(accountId: number, id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('person_links')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Links past their expiry or used, of every account: upkeep of the table. */
  async sweepLinks(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('person_links')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // Sessions (T2)

  async addSession(accountId: number, personId: number, tokenHash: string, now: string): Promise<number> {
    const row = await this.db
      .insertInto('console_sessions')
      .values({ account_id: accountId, person_id: personId, token_hash: tokenHash, created_at: now, seen_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async sessionByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('console_sessions')
      .innerJoin('people', 'people.id', 'console_sessions.person_id')
      .select([
        'console_sessions.id',
        'console_sessions.account_id',
        'console_sessions.person_id',
        'console_sessions.created_at',
        'console_sessions.seen_at',
        'people.email',
        'people.role',
      ])
      .where('console_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), account_id: Number(row.account_id), person_id: Number(row.person_id), role: row.role as Role };
  }

  async touchSession(accountId: number, id: number, now: string): Promise<void> {
    await this.db.updateTable('console_sessions').set({ seen_at: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async endSession(accountId: number, id: number): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** Ends every session of the person (but `keep`, the one just opened). */
  async endSessionsOf(accountId: number, personId: number, keep?: number): Promise<void> {
    let query = this.db.deleteFrom('console_sessions').where('account_id', '=', accountId).where('person_id', '=', personId);
    if (keep !== undefined) query = query.where('id', '<>', keep);
    await query.execute();
  }

  /** Sessions idle since `idleBefore` or opened before `openedBefore`, of every account: upkeep. */
  async sweepSessions(idleBefore: string, openedBefore: string): Promise<number> {
    const result = await this.db
      .deleteFrom('console_sessions')
      .where((eb) => eb.or([eb('seen_at', '<', idleBefore), eb('created_at', '<', openedBefore)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
